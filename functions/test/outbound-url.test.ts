import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, checkResolvedAddress, isAllowedAddress, parseIpv6 } from '#domain/outbound-url';

const local = { allowLoopback: true };

describe('the outbound address rule', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, top'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback, top'],
    ['169.254.169.254', 'instance metadata'],
    ['169.254.170.2', 'ECS task metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT, top'],
    ['192.0.0.192', 'IETF protocol block'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS IPv6 instance metadata'],
    ['fd12:3456:789a::1', 'unique local fd'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public (still refused: mapped forms are never a destination)'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['2002:a9fe:a9fe::1', '6to4 of the metadata address'],
    ['2002:0a00:0001::1', '6to4 of a private address'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['ff02::1', 'IPv6 multicast'],
  ])('refuses %s (%s)', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
    expect(checkOutboundUrl(`https://${address.includes(':') ? `[${address}]` : address}/hook`).ok).toBe(
      false,
    );
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2002:0808:0808::1',
  ])('allows the public address %s', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
    expect(checkResolvedAddress(address)).toBe(true);
    expect(
      checkOutboundUrl(`https://${address.includes(':') ? `[${address}]` : address}/hook`),
    ).toMatchObject({ ok: true });
  });

  it('folds other IPv4 spellings through the URL parser before checking', () => {
    for (const url of [
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://0xa9fea9fe/',
    ]) {
      expect(checkOutboundUrl(url)).toEqual({ ok: false, reason: 'address' });
    }
  });

  it('parses IPv6 text forms to the same number', () => {
    expect(parseIpv6('::ffff:127.0.0.1')).toBe(parseIpv6('::ffff:7f00:1'));
    expect(parseIpv6('0:0:0:0:0:0:0:1')).toBe(1n);
    expect(parseIpv6('1::2::3')).toBeUndefined();
    expect(parseIpv6('12345::')).toBeUndefined();
  });
});

describe('the outbound URL rule', () => {
  it('takes public https URLs with any path, query and port', () => {
    expect(checkOutboundUrl('https://hooks.example.com/a/b?c=1')).toMatchObject({ ok: true });
    expect(checkOutboundUrl('https://hooks.example.com:8443/x')).toMatchObject({ ok: true });
  });

  it('refuses other schemes, credentials, local names and junk', () => {
    expect(checkOutboundUrl('http://hooks.example.com/')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkOutboundUrl('ftp://hooks.example.com/')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkOutboundUrl('file:///etc/passwd')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkOutboundUrl('https://user:pw@hooks.example.com/')).toEqual({
      ok: false,
      reason: 'credentials',
    });
    expect(checkOutboundUrl('https://localhost/')).toEqual({ ok: false, reason: 'host-name' });
    expect(checkOutboundUrl('https://api.localhost/')).toEqual({ ok: false, reason: 'host-name' });
    expect(checkOutboundUrl('https://metadata.google.internal/')).toEqual({ ok: false, reason: 'host-name' });
    expect(checkOutboundUrl('https://printer.local/')).toEqual({ ok: false, reason: 'host-name' });
    expect(checkOutboundUrl('https://intranet/')).toEqual({ ok: false, reason: 'host-name' });
    expect(checkOutboundUrl('not a url')).toEqual({ ok: false, reason: 'invalid-url' });
  });

  it('lets plain http to loopback through only under the local policy', () => {
    expect(checkOutboundUrl('http://127.0.0.1:4000/hook').ok).toBe(false);
    expect(checkOutboundUrl('http://127.0.0.1:4000/hook', local)).toMatchObject({ ok: true });
    expect(checkOutboundUrl('http://[::1]:4000/hook', local)).toMatchObject({ ok: true });
    expect(checkOutboundUrl('http://localhost:4000/hook', local)).toMatchObject({ ok: true });
    expect(checkResolvedAddress('127.0.0.1', local)).toBe(true);
  });

  it('keeps private, metadata and public-over-http refused under the local policy', () => {
    expect(checkOutboundUrl('http://169.254.169.254/latest/meta-data/', local)).toEqual({
      ok: false,
      reason: 'address',
    });
    expect(checkOutboundUrl('https://10.0.0.1/', local)).toEqual({ ok: false, reason: 'address' });
    expect(checkOutboundUrl('http://8.8.8.8/', local)).toEqual({ ok: false, reason: 'scheme' });
    expect(checkOutboundUrl('http://hooks.example.com/', local)).toEqual({ ok: false, reason: 'scheme' });
    expect(checkResolvedAddress('::ffff:127.0.0.1', local)).toBe(false);
    expect(checkResolvedAddress('fd00:ec2::254', local)).toBe(false);
  });
});
