import { Resolver } from 'node:dns/promises';
import type { DomainCheckResult } from '@formloom/contract';

/** What a domain's check asks of DNS: the TXT values at a name. */
export type TxtLookup = (name: string) => Promise<TxtAnswer>;
export type TxtAnswer = { values: string[] } | { failure: 'no_record' | 'dns_error' };

/** No record at the name (or no name at all): the owner has not created it yet. */
const NO_RECORD_CODES = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * TXT look-ups through node's resolver; `servers` (FORMLOOM_DNS_SERVERS, `host:port` entries)
 * replace the system's, so tests point it at a DNS server of their own on 127.0.0.1. A record
 * split into several strings (long values) is read joined, as DNS means it.
 */
export function createTxtLookup(
  servers?: readonly string[],
  options: { timeoutMs?: number; tries?: number } = {},
): TxtLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3_000, tries: options.tries ?? 2 });
  if (servers !== undefined && servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return { values: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { failure: typeof code === 'string' && NO_RECORD_CODES.has(code) ? 'no_record' : 'dns_error' };
    }
  };
}

/** What a look-up says about a domain that must hold `expected`. */
export function checkResultOf(answer: TxtAnswer, expected: string): DomainCheckResult {
  if ('failure' in answer) return answer.failure;
  if (answer.values.includes(expected)) return 'verified';
  return answer.values.length === 0 ? 'no_record' : 'wrong_value';
}
