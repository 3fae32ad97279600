import ipaddr from 'ipaddr.js';

/**
 * The key a client address is limited under: an IPv4 address as it is (also when it comes
 * IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address by its /64, the block one subscriber or
 * one machine gets, so hopping across it buys no fresh allowance.
 */
export function addressKey(ip: string): string {
  // Fastify hands over what the socket or a trusted proxy said; anything unparsable keys as is.
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const groups = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}
