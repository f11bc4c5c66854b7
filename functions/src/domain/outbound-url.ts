/**
 * Which URLs the platform may call on a company's behalf (outbound webhooks, n8n/webhook queue
 * integrations): the SSRF rule, pure. A company types the URL, so without this rule it could make
 * our functions read the instance metadata service, the local runtime's services or anything on a
 * private network. The rule is applied twice: to the URL as typed (on save and on every call) and
 * to every address its host name resolves to, at the moment of connecting (http-out/safe-fetch.ts).
 *
 * Only global unicast addresses pass. IPv4: everything in the special-purpose registry (RFC 6890
 * and successors) is refused. IPv6: only 2000::/3 passes, minus documentation, the IETF protocol
 * block (Teredo, ORCHID) and 6to4 addresses that embed a refused IPv4 address; so loopback,
 * unique-local (fc00::/7, which holds AWS's fd00:ec2::254), link-local, multicast, NAT64 and every
 * IPv4-mapped or IPv4-compatible form are refused.
 */

/** Why a URL or address is refused; stored on a failed delivery, never shown with the address. */
export type OutboundRefusal =
  'invalid-url' | 'scheme' | 'credentials' | 'port' | 'host-name' | 'address' | 'unresolved';

export interface OutboundPolicy {
  /**
   * Lets plain http and loopback addresses (127.0.0.0/8, ::1) through, for the local runtime and
   * tests whose fake receivers listen on 127.0.0.1. Off in AWS (OUTBOUND_ALLOW_LOOPBACK is never
   * set there; infra/test asserts it). Private, link-local and metadata addresses stay refused.
   */
  allowLoopback: boolean;
}

export const strictOutboundPolicy: OutboundPolicy = { allowLoopback: false };

export type OutboundUrlCheck =
  | { ok: true; url: URL; /** The host as an IP literal, when the URL names one. */ literal?: string }
  | { ok: false; reason: OutboundRefusal };

/** Names that are local by definition, whatever a resolver says. */
const localNames = [
  /^localhost$/,
  /\.localhost$/,
  /\.local$/,
  /\.internal$/,
  /\.home\.arpa$/,
  /\.localdomain$/,
];

/** Checks a URL as typed. A host name still has to pass `checkResolvedAddress` for each address at connect time. */
export function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy = strictOutboundPolicy,
): OutboundUrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
  const scheme = url.protocol;
  if (scheme !== 'https:' && !(policy.allowLoopback && scheme === 'http:'))
    return { ok: false, reason: 'scheme' };
  // user:password@ would put a secret into every log line and screen that shows the URL.
  if (url.username || url.password) return { ok: false, reason: 'credentials' };
  if (url.port === '0') return { ok: false, reason: 'port' };
  // The URL parser already folds 0x7f.1, 2130706433 and similar spellings into dotted IPv4.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const family = ipFamily(host);
  if (family) {
    if (!isAllowedAddress(host, policy)) return { ok: false, reason: 'address' };
    if (scheme === 'http:' && !isLoopbackAddress(host)) return { ok: false, reason: 'scheme' };
    return { ok: true, url, literal: host };
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.') && name !== 'localhost') return { ok: false, reason: 'host-name' };
  if (localNames.some((pattern) => pattern.test(name))) {
    if (policy.allowLoopback && name === 'localhost') return { ok: true, url };
    return { ok: false, reason: 'host-name' };
  }
  // Plain http only ever reaches loopback, and a public name is not loopback.
  if (scheme === 'http:') return { ok: false, reason: 'scheme' };
  return { ok: true, url };
}

/** Checks one address a host name resolved to, right before connecting to it. */
export function checkResolvedAddress(
  address: string,
  policy: OutboundPolicy = strictOutboundPolicy,
): boolean {
  return ipFamily(address) !== undefined && isAllowedAddress(address, policy);
}

export function isAllowedAddress(address: string, policy: OutboundPolicy = strictOutboundPolicy): boolean {
  const bare = address.replace(/%.*$/, '');
  if (policy.allowLoopback && isLoopbackAddress(bare)) return true;
  const family = ipFamily(bare);
  if (family === 4) return isPublicIpv4(parseIpv4(bare)!);
  if (family === 6) {
    const value = parseIpv6(bare);
    return value !== undefined && isPublicIpv6(value);
  }
  return false;
}

export function isLoopbackAddress(address: string): boolean {
  const family = ipFamily(address);
  if (family === 4) return parseIpv4(address)! >>> 24 === 127;
  if (family === 6) return parseIpv6(address) === 1n;
  return false;
}

export function ipFamily(address: string): 4 | 6 | undefined {
  if (parseIpv4(address) !== undefined) return 4;
  if (address.includes(':') && parseIpv6(address) !== undefined) return 6;
  return undefined;
}

// --- IPv4 ---------------------------------------------------------------------------------

/** Special-purpose IPv4 blocks (IANA registry): none is a public destination. */
const refusedIpv4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, holds 169.254.169.254 (instance metadata) and 169.254.170.2 (ECS)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (and 192.0.0.192, another cloud's metadata)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

const refusedIpv4Masks = refusedIpv4.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { network: (parseIpv4(base)! & mask) >>> 0, mask };
});

function isPublicIpv4(value: number): boolean {
  return !refusedIpv4Masks.some(({ network, mask }) => (value & mask) >>> 0 === network);
}

/** Strict dotted-quad only: resolvers and the URL parser hand us this form. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value >>> 0;
}

// --- IPv6 ---------------------------------------------------------------------------------

function prefix(text: string, bits: number): { network: bigint; mask: bigint } {
  const mask = bits === 0 ? 0n : ((1n << 128n) - 1n) ^ ((1n << BigInt(128 - bits)) - 1n);
  return { network: parseIpv6(text)! & mask, mask };
}

const globalUnicast = prefix('2000::', 3);
const refusedInsideGlobal = [
  prefix('2001::', 23), // IETF protocol assignments: Teredo (2001::/32), ORCHID, benchmarking
  prefix('2001:db8::', 32), // documentation
  prefix('3fff::', 20), // documentation (RFC 9637)
];
const sixToFour = prefix('2002::', 16);

function inPrefix(value: bigint, { network, mask }: { network: bigint; mask: bigint }): boolean {
  return (value & mask) === network;
}

function isPublicIpv6(value: bigint): boolean {
  if (!inPrefix(value, globalUnicast)) return false;
  if (refusedInsideGlobal.some((block) => inPrefix(value, block))) return false;
  // 6to4 carries an IPv4 address in bits 16..47; it must be public too.
  if (inPrefix(value, sixToFour)) return isPublicIpv4(Number((value >> 80n) & 0xffffffffn));
  return true;
}

/** Parses any RFC 4291 text form (including a trailing dotted IPv4) into a 128-bit number. */
export function parseIpv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return undefined;
  let head = text;
  const groups: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  let tailGroups: number[] = [];
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === undefined) return undefined;
    tailGroups = [v4 >>> 16, v4 & 0xffff];
    head = text.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (!left || !right) return undefined;
  const explicit = left.length + right.length + tailGroups.length;
  if (halves.length === 2) {
    if (explicit > 7) return undefined;
    groups.push(...left, ...new Array<number>(8 - explicit).fill(0), ...right, ...tailGroups);
  } else {
    if (explicit !== 8) return undefined;
    groups.push(...left, ...tailGroups);
  }
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}
