import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sign-in security. `user_two_factor`: a member's TOTP secret, sealed (the server must use it
 * again), on from `enabled_at`, and the last time step a code was accepted for, so a code is
 * good once. `user_recovery_codes`: the ten single-use codes, only their SHA-256 kept.
 * `account_security`: the account's `require_2fa` (1 or 0). `password_resets`: the e-mailed
 * one-time links (`<id>.<secret>`, the secret's SHA-256 stored), spent once. `user_sessions`
 * gains where and what a session signed in from and when it was last used.
 */
export const signInSecurity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_two_factor')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'text')
      .addColumn('last_step', 'integer')
      .execute();
    await db.schema
      .createTable('user_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('user_recovery_codes_user_idx')
      .on('user_recovery_codes')
      .columns(['user_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('account_security')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('require_2fa', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_resets_expiry_idx')
      .on('password_resets')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('user_sessions').addColumn('ip', 'text').execute();
    await db.schema.alterTable('user_sessions').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('user_sessions').addColumn('last_seen_at', 'text').execute();
    await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('user_sessions_user_idx').execute();
    await db.schema.alterTable('user_sessions').dropColumn('last_seen_at').execute();
    await db.schema.alterTable('user_sessions').dropColumn('user_agent').execute();
    await db.schema.alterTable('user_sessions').dropColumn('ip').execute();
    await db.schema.dropTable('password_resets').execute();
    await db.schema.dropTable('account_security').execute();
    await db.schema.dropTable('user_recovery_codes').execute();
    await db.schema.dropTable('user_two_factor').execute();
  },
};
