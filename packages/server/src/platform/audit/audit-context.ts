import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditActor } from '@formloom/contract';
import type { NextFunction, Request, Response } from 'express';

/** Who is making the changes of the current request, and from where. */
export interface AuditCaller {
  accountId: string;
  actor: AuditActor;
  ip: string | null;
}

const callers = new AsyncLocalStorage<AuditCaller>();

/**
 * Runs the rest of an API request with its caller known to `recordAudit`, so a service records
 * who changed what in its own transaction without every signature carrying the caller. Placed
 * after authentication and body parsing (a stream's callbacks would lose the context); a request
 * without a caller (public routes) runs as it is. Chores and the CLI run outside any request:
 * their changes are not a member's or a key's, and are not recorded.
 */
export function auditCallers() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const caller = callerOf(req);
    if (caller === undefined) next();
    else callers.run(caller, next);
  };
}

function callerOf(req: Request): AuditCaller | undefined {
  const ip = req.ip ?? null;
  const auth = req.auth;
  if (auth === undefined) return undefined;
  if (auth.member !== undefined) {
    const { userId, email } = auth.member;
    return { accountId: auth.accountId, actor: { type: 'user', id: userId, email }, ip };
  }
  if (auth.key !== undefined) {
    return { accountId: auth.accountId, actor: { type: 'key', id: `formloom_${auth.key.keyId}` }, ip };
  }
  return undefined;
}

/** The current request's caller; undefined outside an API request. */
export function currentAuditCaller(): AuditCaller | undefined {
  return callers.getStore();
}

/** Runs `work` as `caller` (tests, and work done on a caller's behalf outside its request). */
export function runAsAuditCaller<T>(caller: AuditCaller, work: () => T): T {
  return callers.run(caller, work);
}

/** A caller without its account: stored with work queued for later (an AI job's starter). */
export type AuditStarter = Omit<AuditCaller, 'accountId'>;

/**
 * The current request's caller, to store with work queued for `accountId` and done later (an AI
 * job): null outside a request (a respondent, a chore). A caller of another account throws.
 */
export function currentAuditStarter(accountId: string): AuditStarter | null {
  const caller = callers.getStore();
  if (caller === undefined) return null;
  if (caller.accountId !== accountId) throw new AuditAccountMismatchError(accountId, caller.accountId);
  return { actor: caller.actor, ip: caller.ip };
}

/**
 * Runs queued work of `accountId` (an AI job) as the starter stored with it, so its changes are
 * recorded in that account and as theirs; as no one when no member or key started it, whatever
 * context the work was called in.
 */
export function runAsAuditStarter<T>(accountId: string, starter: AuditStarter | null, work: () => T): T {
  return starter === null ? callers.exit(work) : callers.run({ accountId, ...starter }, work);
}

/** A change of one account recorded (or queued) while a caller of another is current: a bug, a 500. */
export class AuditAccountMismatchError extends Error {
  override name = 'AuditAccountMismatchError';
  constructor(accountId: string, callerAccountId: string, action?: AuditAction) {
    super(
      `${action ?? 'work'} of account ${accountId} while a caller of account ${callerAccountId} is current`,
    );
  }
}
