import type { Db } from '../db/database.js';
import { queueForTarget } from '../outbox/record.js';

/** The account's outbox target of sign-in mails (beside each form's `mail-<form id>`). */
const signInMailTarget = (accountId: string) => `mail-sign-in-${accountId}`;

/**
 * Queues a sign-in mail (a password reset link, an owner's single sign-on recovery code) in `trx`
 * on the account's sign-in mail target of the outbox's mail channel: it survives a restart and
 * obeys the mail limits like every other mail. The caller wakes the outbox after the transaction.
 */
export async function queueSignInMail(
  trx: Db,
  input: {
    accountId: string;
    /** The outbox's mail channel (the notifications feature's), whose sender sends it. */
    mailChannel: string;
    type: string;
    mail: { to: string; subject: string; text: string; html: string };
    now: string;
  },
): Promise<void> {
  await queueForTarget(
    trx,
    {
      id: signInMailTarget(input.accountId),
      accountId: input.accountId,
      channel: input.mailChannel,
      label: 'Sign-in e-mails',
      configSealed: '',
      events: '[]',
      now: input.now,
    },
    [
      {
        accountId: input.accountId,
        type: input.type,
        payload: JSON.stringify(input.mail),
        createdAt: input.now,
      },
    ],
  );
}
