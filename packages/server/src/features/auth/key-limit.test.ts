import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/test-server.js';
import { createServices } from '../../services.js';

describeEachDialect('the key limit under concurrency', (t) => {
  it('10 keys created at once on a Starter account (3 allowed): exactly 3 made', async () => {
    const account = await createServices({ db: t.db }).accounts.create({
      name: 'racing-keys',
      plan: 'STARTER',
    });
    const keys = createServices({ db: t.db }).keys;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => keys.create({ account: account.id, scopes: ['FORMS_READ'] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(String(r.reason)).toContain('3 active keys');
    expect(await keys.list(account.id)).toHaveLength(3);
  });
});
