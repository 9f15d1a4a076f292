import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

// The send-time half of the push services rule (issue 48): the endpoint's host is one of the
// browsers' push services (checked at registration, packages/shared/src/schemas/push.ts), and every
// address its name resolves to now is a public one: DNS can change after the registration, and a
// name that leads into the server's own network is never connected to.

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (the clouds' metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');

/** IPv6: only global unicast (2000::/3), which leaves out ::, ::1, IPv4-mapped and NAT64 (::ffff:0:0/96, 64:ff9b::/96), unique-local fc00::/7, link-local fe80::/10 and multicast ff00::/8… */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
/** …and, inside it, the special ranges that carry or lead to other addresses. */
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** A public unicast address: none of the private, loopback, link-local, CGNAT, unique-local, mapped, multicast or reserved ranges. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blockedV4.check(ip, 'ipv4');
  if (family === 6) return globalV6.check(ip, 'ipv6') && !blockedV6.check(ip, 'ipv6');
  return false;
}

/** Every address a host name resolves to (the system's resolver, as a connection would use it). */
export async function resolveHost(hostname: string): Promise<string[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
}
