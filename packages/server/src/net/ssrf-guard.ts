import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound safety for webhooks: a target must resolve to public unicast addresses only. Range
 * classification is ipaddr.js's (RFC 6890 special-purpose registries), not hand-written masks.
 * Only `unicast` passes: private (RFC 1918), loopback, link-local (which holds the cloud metadata
 * address 169.254.169.254), CGNAT, multicast, broadcast, unspecified, reserved and documentation
 * ranges, unique-local IPv6 (fd00:ec2::254 among them), IPv4-mapped/translated IPv6, 6to4, Teredo
 * and the rest are refused. IPv6 must further be in 2000::/3, the global unicast block, so
 * deprecated forms such as IPv4-compatible `::a.b.c.d` are refused too.
 */

export interface TargetPolicy {
  /** FORMLOOM_ALLOW_PRIVATE_TARGETS=1: any address and plain http (development and tests only). */
  allowPrivateTargets: boolean;
}

export class BlockedTargetError extends Error {
  override name = 'BlockedTargetError';
  readonly code = 'EBLOCKEDTARGET';
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Why an address may not be a webhook target, or undefined when it is a public unicast address. */
export function blockedReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const inner = v6.toIPv4Address().range();
      return `an IPv4-mapped IPv6 address (${inner === 'unicast' ? 'refused in any case' : inner})`;
    }
    const range = v6.range();
    if (range !== 'unicast') return `a ${range} address`;
    if (!v6.match(GLOBAL_UNICAST_V6)) return 'outside the global unicast range 2000::/3';
    return undefined;
  }
  const range = parsed.range();
  return range === 'unicast' ? undefined : `a ${range} address`;
}

function refuse(host: string, address: string, reason: string): BlockedTargetError {
  const shown = host === address ? address : `${host} (${address})`;
  return new BlockedTargetError(
    `${shown} is ${reason}; webhook targets must be public addresses (an operator can allow private targets with FORMLOOM_ALLOW_PRIVATE_TARGETS=1, for development only)`,
  );
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The host of a URL as DNS and `isIP` know it (IPv6 literals lose their brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Checks a webhook URL as the API accepts it: HTTPS (plain http only with private targets
 * allowed), no credentials, and a host whose every address is public. Throws
 * {@link BlockedTargetError} with a sentence saying what is wrong.
 */
export async function checkTargetUrl(
  raw: string,
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedTargetError('url must be an absolute URL');
  }
  const httpAllowed = policy.allowPrivateTargets && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) {
    throw new BlockedTargetError(
      policy.allowPrivateTargets ? 'url must use https or http' : 'url must use https',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new BlockedTargetError('url must not carry a user name or password');
  }
  if (policy.allowPrivateTargets) return url;
  checkPort(url, policy);
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    const reason = blockedReason(host);
    if (reason) throw refuse(host, host, reason);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new BlockedTargetError(`the host ${host} cannot be resolved`);
  }
  if (addresses.length === 0) throw new BlockedTargetError(`the host ${host} has no address`);
  for (const { address } of addresses) {
    const reason = blockedReason(address);
    if (reason) throw refuse(host, address, reason);
  }
  return url;
}

/**
 * A `lookup` for `http.request`: resolves the host and fails the connection when any address is
 * not public, so the socket connects to exactly the addresses that were checked (no window for
 * DNS rebinding between a check and the connect). Handles both callback shapes Node uses
 * (`all: true` with happy eyeballs, a single address otherwise).
 */
export function guardedLookup(policy: TargetPolicy, resolve: Resolver = systemResolver): LookupFunction {
  type Callback = (error: Error | null, address?: string | LookupAddress[], family?: number) => void;
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: Callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
          return;
        }
        if (!policy.allowPrivateTargets) {
          for (const { address } of addresses) {
            const reason = blockedReason(address);
            if (reason) {
              callback(refuse(hostname, address, reason));
              return;
            }
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }) as LookupFunction;
}

/**
 * Outbound targets use 443 or an unprivileged port (1024 to 65535): the well-known ports below
 * 1024 are where internal services (SSH, SMTP, databases' admin ports) listen. Private targets
 * allowed (development) means any port.
 */
export function checkPort(url: URL, policy: TargetPolicy): void {
  if (policy.allowPrivateTargets || url.port === '') return;
  const port = Number(url.port);
  if (port !== 443 && port < 1024)
    throw new BlockedTargetError(`url port must be 443 or from 1024 to 65535 (got ${port})`);
}

/** For an IP-literal URL, Node never calls `lookup`: the address itself is checked here. */
export function checkLiteralHost(url: URL, policy: TargetPolicy): void {
  if (policy.allowPrivateTargets) return;
  const host = hostOf(url);
  if (isIP(host) === 0) return;
  const reason = blockedReason(host);
  if (reason) throw refuse(host, host, reason);
}
