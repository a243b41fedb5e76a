import ipaddr from "ipaddr.js";

/**
 * The identity a client without a key is counted under. IPv4: the address.
 * IPv6: its /64, because one subscriber is routinely given a whole /64 and
 * could otherwise take a fresh quota per address, for ever.
 */
export function clientBucket(clientIp: string): string {
  if (!ipaddr.IPv6.isValid(clientIp) || ipaddr.IPv4.isValid(clientIp)) return clientIp;
  const v6 = ipaddr.IPv6.parse(clientIp);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((p) => p.toString(16)).join(":");
  return `${prefix}::/64`;
}
