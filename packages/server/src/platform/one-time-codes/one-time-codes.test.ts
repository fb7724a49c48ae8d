import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createOneTimeCodes, takeCodeTry } from './index.js';

describe('one-time codes', () => {
  const key = new Uint8Array(32).fill(7);

  it('makes codes of the asked length, leading zeros kept, stored only as a keyed HMAC of the row and digits', () => {
    const codes = createOneTimeCodes({ key, length: 8 });
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const issued = codes.issue();
      expect(issued.code).toMatch(/^[0-9]{8}$/);
      expect(issued.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(issued.codeHash).not.toContain(issued.code);
      seen.add(issued.code);
    }
    expect(seen.size).toBeGreaterThan(190);
    // The same digits under two rows hash apart, so one stored hash says nothing of another.
    const a = codes.issue();
    const b = codes.issue();
    expect(codes.matches({ id: b.id, code_hash: a.codeHash }, a.code)).toBe(false);
  });

  it('matches the right code only, under its own key', () => {
    const codes = createOneTimeCodes({ key, length: 6 });
    const issued = codes.issue();
    const row = { id: issued.id, code_hash: issued.codeHash };
    expect(codes.matches(row, issued.code)).toBe(true);
    const wrong = issued.code === '000000' ? '000001' : '000000';
    expect(codes.matches(row, wrong)).toBe(false);
    expect(codes.matches(row, '')).toBe(false);
    expect(codes.matches({ ...row, code_hash: 'abc' }, issued.code)).toBe(false);
    const otherKey = createOneTimeCodes({ key: new Uint8Array(32).fill(8), length: 6 });
    expect(otherKey.matches(row, issued.code)).toBe(false);
  });
});

describeEachDialect('taking tries of a one-time code', (t) => {
  it('gives exactly the allowed tries to parallel takers, then none', async () => {
    const codes = createOneTimeCodes({ key: new Uint8Array(32), length: 6 });
    const issued = codes.issue();
    const now = t.clock.now();
    const { accountId } = await t.account('PRO');
    const userId = randomUUID();
    await t.db
      .insertInto('users')
      .values({
        id: userId,
        account_id: accountId,
        email: `${userId}@example.com`,
        password_hash: 'none',
        sso_subject: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await t.db
      .insertInto('sso_recovery_codes')
      .values({
        id: issued.id,
        user_id: userId,
        code_hash: issued.codeHash,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 60_000).toISOString(),
      })
      .execute();
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => takeCodeTry(t.db, 'sso_recovery_codes', issued.id, 5)),
    );
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await takeCodeTry(t.db, 'sso_recovery_codes', issued.id, 5)).toBe(false);
    expect(await takeCodeTry(t.db, 'sso_recovery_codes', randomUUID(), 5)).toBe(false);
    const row = await t.db
      .selectFrom('sso_recovery_codes')
      .select('attempts')
      .where('id', '=', issued.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });
});
