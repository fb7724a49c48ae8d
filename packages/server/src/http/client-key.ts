import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as counted: IPv4 as is (also when mapped into IPv6), IPv6 by its /64,
 * the block one subscriber usually gets, so hopping between its addresses does not help.
 * Behind a proxy, set express's `trust proxy` so `req.ip` is the client rather than the proxy.
 */
export function clientKey(req: Request): string {
  const raw = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  if (!ipaddr.isValid(raw)) return raw;
  const address = ipaddr.process(raw);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
