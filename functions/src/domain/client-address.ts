import { isIP, isIPv6 } from 'node:net';

/**
 * The address a public request came from, the key of the per-client limits (sign-in, sign-up,
 * password reset). Behind CloudFront, API Gateway's sourceIp is the edge server, so the
 * deployment names the header that carries the viewer's address (CLIENT_ADDRESS_HEADER:
 * x-atende-viewer-address in AWS, which the CloudFront Function sets from the viewer and the API answers only through CloudFront). Without it,
 * the connection's own address is used.
 */
export function clientAddress(
  headers: Record<string, string | undefined>,
  sourceIp: string,
  headerName: string | undefined,
): string {
  const fromHeader = headerName ? headerValue(headers, headerName) : undefined;
  const address = fromHeader ? withoutPort(fromHeader.split(',')[0]!.trim()) : sourceIp.trim();
  return addressKey(address.toLowerCase()) || 'unknown';
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted && value) return value;
  return undefined;
}

/**
 * A bare address stays as it is (the viewer-address header carries `event.viewer.ip`); an
 * `address:port` form (`[2001:db8::1]:443`, `203.0.113.7:443`, or CloudFront-Viewer-Address's
 * `2001:db8::1:443`) loses its port.
 */
function withoutPort(value: string): string {
  if (isIP(value)) return value;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1]!;
  const lastColon = value.lastIndexOf(':');
  return lastColon > 0 && /^\d+$/.test(value.slice(lastColon + 1)) ? value.slice(0, lastColon) : value;
}

/**
 * One client holds a whole IPv6 /64, so IPv6 addresses count by that prefix; anything else
 * (IPv4, or a value that is not an address) as written, bounded in length.
 */
function addressKey(address: string): string {
  const mappedIPv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mappedIPv4) return mappedIPv4[1]!;
  if (!isIPv6(address)) return address.slice(0, 64);
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
