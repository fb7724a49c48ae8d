import ipaddr from 'ipaddr.js';

/**
 * Which proxies in front of the server are believed about the client's address: `false` (none:
 * `X-Forwarded-For` is ignored and the socket's peer is the client), a number of hops (the
 * client is that many addresses from the right of `X-Forwarded-For`, counting the peer), or a
 * list of proxy addresses and CIDR ranges (express's `trust proxy`).
 */
export type TrustProxy = false | number | readonly string[];

/** express's names for ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/**
 * Reads FORMLOOM_TRUST_PROXY: absent, empty, `false` or `0`: trust nothing; a whole number: that
 * many hops; else a comma-separated list of addresses, CIDR ranges and `loopback`, `linklocal`,
 * `uniquelocal`. `true` is refused: trusting every hop lets any client pick its own address.
 *
 * ```ts
 * parseTrustProxy('1'); // 1
 * parseTrustProxy('10.0.0.0/8, 127.0.0.1'); // ['10.0.0.0/8', '127.0.0.1']
 * ```
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32)
      throw new Error(`FORMLOOM_TRUST_PROXY: ${hops} hops is more than any real chain (at most 32)`);
    return hops;
  }
  if (value === 'true') {
    throw new Error(
      'FORMLOOM_TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs',
    );
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) {
    throw new Error(
      `FORMLOOM_TRUST_PROXY must be a number of hops or a comma-separated list of addresses and CIDR ranges (not understood: ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  }
  return entries;
}

/** The value express's `trust proxy` setting takes for it. */
export function expressTrustProxy(trust: TrustProxy): boolean | number | string[] {
  return typeof trust === 'object' ? [...trust] : trust;
}
