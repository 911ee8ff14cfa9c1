// The key a per-address limit counts a client by. One IPv6 subscriber is usually handed a whole
// /64 (2^64 addresses), so counting IPv6 addresses one by one would give a single household an
// endless supply of fresh limits; an IPv4 address, or an IPv6 address that merely carries one
// (::ffff:1.2.3.4, what a dual-stack socket reports), counts as that IPv4 address.
import ipaddr from 'ipaddr.js';

/** Hextets of an IPv6 address that name its /64 network. */
const IPV6_NETWORK_HEXTETS = 4;

/** "1.2.3.4" for IPv4 (mapped or not), "2001:db8:1:2::/64" for IPv6; anything unparsable as given. */
export function addressKey(address: string): string {
  const text = address.trim();
  if (!ipaddr.isValid(text)) return text;
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.map((part, i) => (i < IPV6_NETWORK_HEXTETS ? part : 0));
  return `${new ipaddr.IPv6(network).toRFC5952String()}/64`;
}

/**
 * The network a client is on, for fraud signals rather than limits: an IPv4 address's /24, an
 * IPv6 address's /48 (a site's allocation). Two requests from one prefix may be one household,
 * one office or one mobile carrier's pool: a signal for a person to weigh, never a verdict.
 */
export function clientPrefix(address: string): string {
  const text = address.trim();
  if (!ipaddr.isValid(text)) return text.slice(0, 100);
  const parsed = ipaddr.process(text);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const network = (parsed as ipaddr.IPv6).parts.map((part, i) => (i < 3 ? part : 0));
  return `${new ipaddr.IPv6(network).toRFC5952String()}/48`;
}
