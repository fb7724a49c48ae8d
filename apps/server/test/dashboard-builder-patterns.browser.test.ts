import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FormSchema } from '@formloom/sdk';
import { chromiumOrSkip, type OpenedPage, usePages } from '@formloom/server/testing/browser';
import { describe, expect, it } from 'vitest';
import { openBuilder, useDashboardServer } from './dashboard-support.js';

const executable = chromiumOrSkip();
const DESKTOP = { width: 1280, height: 1000 };
const DIST = fileURLToPath(new URL('../../dashboard/dist/assets/', import.meta.url));
/**
 * The builder's integrity check without its pattern analysis, gzipped: 6.3 KB when the split was
 * made (the whole check, recheck included, was one 684 KB chunk). Room to grow, not to take recheck back.
 */
const INTEGRITY_CHUNK_BUDGET = 12 * 1024;

const schema: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Codes', language: 'en' },
  sections: [{ id: 'main', title: 'Main', order: 0 }],
  fields: [{ id: 'code', sectionId: 'main', type: 'text', label: 'Code', order: 0 }],
};

/** recheck's Scala.js namespace: in the chunk that carries it, in no other. */
const RECHECK = 'codes.quine.labs.recheck';

/**
 * The dashboard's JavaScript a page requested: file names (`integrity-1a2b3c.js`) as requested, and
 * the names of those whose content, once received, is recheck's.
 */
function recordScripts(page: OpenedPage['page']) {
  const requested: string[] = [];
  const bodies: Promise<string | undefined>[] = [];
  const nameOf = (url: string) => /\/app\/assets\/([^/]+\.js)$/.exec(new URL(url).pathname)?.[1];
  page.on('request', (request) => {
    const name = nameOf(request.url());
    if (name !== undefined) requested.push(name);
  });
  page.on('response', (response) => {
    const name = nameOf(response.url());
    if (name !== undefined)
      bodies.push(response.text().then((body) => (body.includes(RECHECK) ? name : undefined)));
  });
  return {
    requested,
    withRecheck: async () => (await Promise.all(bodies)).filter((name) => name !== undefined),
  };
}

describe.skipIf(executable === undefined)(
  "the builder's integrity check in Chromium: recheck only for patterns",
  () => {
    const pages = usePages(executable);
    const server = useDashboardServer('formloom-builder-patterns-');

    /** Signed in, on the builder of a new form with one text field "Code", its properties open. */
    async function openCodeForm(title: string) {
      const opened = await pages.open('about:blank', DESKTOP);
      const scripts = recordScripts(opened.page);
      const form = await openBuilder(opened, server(), { ...schema, meta: { ...schema.meta, title } });
      const { page } = opened;
      await page.getByRole('button', { name: 'Edit Code' }).click();
      const properties = page.getByRole('region', { name: /^Properties/ });
      return { ...opened, scripts, form, properties };
    }

    it('a schema without a pattern never loads the pattern analysis, and its problems still show at the rule', async () => {
      const { page, problems, scripts, properties } = await openCodeForm('No patterns');
      // Two maximum lengths with the same (no) condition: a duplicate, found without recheck.
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties
        .getByRole('group', { name: 'Rule 2' })
        .getByRole('alert')
        .getByText('two "maxLength" rules')
        .waitFor();
      await page.getByRole('status').getByText('Not saved: fix the problems marked below').waitFor();
      expect(await properties.getByRole('group', { name: 'Rule 1' }).getByRole('alert').count()).toBe(0);
      await properties.getByRole('button', { name: 'Remove rule 2' }).click();
      await page.getByRole('status').getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });

      await page.waitForLoadState('networkidle');
      expect(scripts.requested.some((name) => name.startsWith('integrity-'))).toBe(true);
      expect(scripts.requested.filter((name) => name.startsWith('pattern-safety-'))).toEqual([]);
      expect(await scripts.withRecheck()).toEqual([]);
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]); // 401: the session check before sign-in
    }, 120_000);

    it('a ReDoS pattern typed in the builder shows its problem at the rule once the pattern analysis has come, other problems at once', async () => {
      const { page, problems, scripts, properties, form } = await openCodeForm('Unsafe pattern');
      // Hold the pattern analysis back, to see what the builder shows until it answers.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/pattern-safety-*.js', async (route) => {
        await held;
        await route.continue();
      });

      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties.getByLabel('Rule 1 type').selectOption('pattern');
      await properties.getByRole('textbox', { name: 'Rule 1 value' }).fill('(a+)+$');
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      await properties.getByRole('button', { name: 'Add a rule' }).click();
      const rule1 = properties.getByRole('group', { name: 'Rule 1' });
      // The duplicate shows while the pattern's verdict is still on its way; nothing is saved meanwhile.
      await properties
        .getByRole('group', { name: 'Rule 3' })
        .getByRole('alert')
        .getByText('two "maxLength" rules')
        .waitFor();
      expect(await rule1.getByRole('alert').count()).toBe(0);
      await expect
        .poll(() => scripts.requested.filter((name) => name.startsWith('pattern-safety-')).length)
        .toBe(1);

      release();
      const verdict = rule1.getByRole('alert');
      await verdict.getByText('/(a+)+$/').waitFor({ timeout: 15_000 });
      expect(await verdict.textContent()).toMatch(/catastrophic/);
      await properties.getByRole('button', { name: 'Remove rule 3' }).click();
      await page.getByRole('status').getByText('Not saved: fix the problems marked below').waitFor();
      expect(await rule1.getByRole('alert').count()).toBe(1);
      const withRecheck = await scripts.withRecheck();
      expect(withRecheck).toHaveLength(1);
      expect(withRecheck[0]).toMatch(/^pattern-safety-/);

      // The server never got the unsafe pattern.
      const stored = await server().api.forms.retrieve(form.id);
      const rules = stored.schema.fields[0]!.validation?.rules ?? [];
      expect(rules.some((rule) => rule.type === 'pattern' && rule.value === '(a+)+$')).toBe(false);
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]); // 401: the session check before sign-in
    }, 120_000);

    it('measures: the integrity chunk stays small and only names the pattern analysis in a dynamic import', () => {
      const files = readdirSync(DIST).filter((f) => f.endsWith('.js'));
      const integrity = files.filter((f) => f.startsWith('integrity-'));
      const patterns = files.filter((f) => f.startsWith('pattern-safety-'));
      expect(integrity).toHaveLength(1);
      expect(patterns).toHaveLength(1);
      const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
      const text = readFileSync(join(DIST, integrity[0]!), 'utf8');
      expect(text).not.toContain(RECHECK);
      expect(text).not.toMatch(/^import[^;]*pattern-safety-/m);
      expect(text).toContain(patterns[0]);
      console.log(
        `builder integrity chunk: ${(gzipped(integrity[0]!) / 1024).toFixed(1)} KB gzipped; ` +
          `its pattern analysis (recheck), loaded for patterns only: ${(gzipped(patterns[0]!) / 1024).toFixed(1)} KB gzipped`,
      );
      expect(gzipped(integrity[0]!)).toBeLessThan(INTEGRITY_CHUNK_BUDGET);
    });
  },
);
