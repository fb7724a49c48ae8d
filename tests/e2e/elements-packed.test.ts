import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { FormSchema } from '@formloom/contract';
import { Formloom } from '@formloom/sdk';
import { findChromium, launchChromium } from '@formloom/server/testing/browser';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, pack } from './support/packages.js';
import { useServer } from './support/server.js';

const run = promisify(execFile);
const executable = findChromium();
const server = useServer();
/**
 * The budget (docs/embedding.md "Sizes") for `<formloom-form>` with the runtime and the engine, as an app
 * ships it.
 */
// The question types' families, their checks and texts, and the variables' expression compiler are
// chunks of their own that a form loads when it uses them; the start carries none of them.
const BUDGET = 25 * 1024;

function schema(language: 'en' | 'de'): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: language === 'en' ? 'Workshop' : 'Werkstatt', language },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'name', sectionId: 's', type: 'text', label: 'Name', order: 0, required: true },
      {
        id: 'ticket',
        sectionId: 's',
        type: 'text',
        label: 'Ticket',
        order: 1,
        validation: { rules: [{ type: 'pattern', value: '^T-[0-9]{4}$' }] },
      },
    ],
  };
}

/** A form with a variable (twice the number) that shows a field: the variables' code loads for it. */
function variablesSchema(): FormSchema {
  return {
    version: '1.0',
    schemaVersion: '2025-01-01',
    meta: { title: 'Sums', language: 'en' },
    settings: { layout: 'single-column' },
    sections: [{ id: 's', title: '', order: 0 }],
    fields: [
      { id: 'n', sectionId: 's', type: 'number', label: 'A number', order: 0, helpText: 'Twice: {{double}}' },
      {
        id: 'big',
        sectionId: 's',
        type: 'text',
        label: 'Why so big?',
        order: 1,
        conditionalLogic: {
          action: 'show',
          conditionGroups: [{ conditions: [{ fieldId: 'double', operator: 'greaterThan', value: 10 }] }],
        },
      },
    ],
    variables: [{ id: 'double', type: 'number', expression: { '*': [{ var: 'n' }, 2] } }],
  };
}

/**
 * What an app gets that installs `@formloom/elements` from the registry: the packed tarballs of the
 * element, the runtime and the contract in a fresh project, bundled for a browser by esbuild (as an
 * app's bundler does: the `browser` condition, minified ESM), then run in Chromium on a page of
 * another origin whose CSP has neither 'unsafe-eval' nor 'unsafe-inline'. The workspace bundles
 * the sources (the `source` condition); this is the build that is published.
 */
describe('<formloom-form> from the packed packages, bundled by an app', () => {
  let work = '';
  let bundle = '';
  let bundleGzip = 0;
  /** The chunks an app's bundler splits off (the question types' families), by file name. */
  const chunks = new Map<string, string>();
  /** The chunks the start imports (code shared with the families). */
  const startChunks = new Map<string, string>();
  let inputs: string[] = [];

  beforeAll(async () => {
    await ensureBuilt('elements');
    work = mkdtempSync(join(tmpdir(), 'formloom-elements-packed-'));
    const tarballs = {
      contract: await pack('contract', work),
      runtime: await pack('runtime', work),
      elements: await pack('elements', work),
    };
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'fresh-app',
        private: true,
        type: 'module',
        // zod: the contract's peer (the element's bundle takes none of it).
        dependencies: { '@formloom/elements': `file:${tarballs.elements}`, zod: '3.25.76' },
      }),
    );
    // Not published on their own yet: the tarballs stand in for the registry.
    writeFileSync(
      join(app, 'pnpm-workspace.yaml'),
      `overrides:\n  '@formloom/contract': 'file:${tarballs.contract}'\n  '@formloom/runtime': 'file:${tarballs.runtime}'\n`,
    );
    writeFileSync(join(app, 'main.js'), "import '@formloom/elements';\n");
    await run('pnpm', ['install', '--prefer-offline'], { cwd: app, timeout: 300_000 });
    const out = await build({
      entryPoints: [join(app, 'main.js')],
      absWorkingDir: app,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      minify: true,
      metafile: true,
      // As an app's bundler does: the element's dynamic imports (a family of question types each,
      // loaded when a form has such a field) become chunks of their own, outside the start.
      splitting: true,
      outdir: join(app, 'out'),
      logLevel: 'silent',
    });
    const start = out.outputFiles.find((f) => f.path.endsWith('main.js'))!;
    // The start is the entry and every chunk it imports statically (code it shares with a family).
    const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const outputs = Object.entries(out.metafile.outputs);
    const starting = new Set<string>(['main.js']);
    for (const [path, output] of outputs)
      if (starting.has(name(path)))
        for (const used of output.imports)
          if (used.kind === 'import-statement') starting.add(name(used.path));
    const startFiles = out.outputFiles.filter((f) => starting.has(name(f.path)));
    for (const file of startFiles) if (file !== start) startChunks.set(name(file.path), file.text);
    bundle = start.text;
    bundleGzip = gzipSync(Buffer.concat(startFiles.map((f) => f.contents)), { level: 9 }).length;
    for (const file of out.outputFiles) {
      if (starting.has(name(file.path)) || !file.path.endsWith('.js')) continue;
      chunks.set(name(file.path), file.text);
      console.log(`chunk ${name(file.path)}: ${gzipSync(file.contents, { level: 9 }).length} bytes gzipped`);
    }
    inputs = Object.keys(out.metafile.inputs);
  }, 600_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('starts at most 25 KB gzipped, generates no code, carries English only and no other package', () => {
    console.log(`packed @formloom/elements bundled for a browser: ${bundleGzip} bytes gzipped`);
    expect(bundleGzip).toBeLessThanOrEqual(BUDGET);
    // A page whose CSP has no 'unsafe-eval' refuses both.
    expect(bundle).not.toContain('new Function');
    expect(bundle).not.toMatch(/\beval\(/);
    // English inline; the other languages come from the server when a form is in one of them.
    expect(bundle).toContain('Submit');
    expect(bundle).not.toContain('Absenden');
    // The question types' renderers and texts are chunks of their own, loaded when a form has such a field.
    expect(bundle).not.toContain('Extremely likely');
    expect([...chunks.values()].some((chunk) => chunk.includes('Extremely likely'))).toBe(true);
    // Only our three packages, and the phone numbering plans (libphonenumber-js) in a chunk of
    // their own that a form with a phone field loads: no zod, and no pattern engine (the server's
    // ReDoS checker or a linear-time engine stays on the server; a browser tests patterns with its
    // own RegExp).
    const packages = new Set(
      inputs.map((path) => /node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)\/(?!.*node_modules)/.exec(path)?.[1]),
    );
    packages.delete(undefined);
    expect([...packages].sort()).toEqual([
      '@formloom/contract',
      '@formloom/elements',
      '@formloom/runtime',
      'libphonenumber-js',
    ]);
    expect(bundle).not.toContain('libphonenumber');
    const phone = [...chunks.entries()].filter(([, text]) => text.includes('Unknown country: '));
    expect(phone.map(([name]) => name)).toEqual([expect.stringMatching(/^phone-/)]);
    for (const text of startChunks.values()) expect(text).not.toContain('Unknown country: ');
    // The upload code (file and signature fields) is a chunk of its own, loaded with such a form.
    expect([...chunks.keys()].filter((name) => name.startsWith('upload-'))).toHaveLength(1);
    // So are the entries of repeating sections and the save-and-resume link: the start has their
    // hooks, not their code or texts.
    expect([...chunks.keys()].filter((name) => name.startsWith('entries-'))).toHaveLength(1);
    expect([...chunks.keys()].filter((name) => name.startsWith('resume-'))).toHaveLength(1);
    for (const text of [bundle, ...startChunks.values()]) {
      expect(text).not.toContain('At most {max} entries');
      expect(text).not.toContain('clipboard');
    }
    expect([...chunks].filter(([, text]) => text.includes('clipboard')).map(([name]) => name)).toEqual([
      expect.stringMatching(/^resume-/),
    ]);
  });

  describe.skipIf(executable === undefined)('on a page with a strict CSP, on another origin', () => {
    let host: Server;
    let hostOrigin = '';
    let browser: Browser;
    let client: Formloom;
    const codes = { en: '', de: '', sums: '' };
    const ids = { en: '', de: '', sums: '' };

    beforeAll(async () => {
      client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
      for (const language of ['en', 'de'] as const) {
        const form = await client.forms.create({ title: language, schema: schema(language) });
        ids[language] = form.id;
        codes[language] = (await client.forms.publish(form.id)).shareUrl;
      }
      const sums = await client.forms.create({ title: 'sums', schema: variablesSchema() });
      ids.sums = sums.id;
      codes.sums = (await client.forms.publish(sums.id)).shareUrl;
      const api = new URL(server.baseUrl).origin;
      // No 'unsafe-eval', no 'unsafe-inline', no style-src: the element's styles are a constructed
      // stylesheet, which style-src does not govern.
      const csp = `default-src 'none'; script-src 'self'; connect-src ${api}; base-uri 'none'; form-action 'none'`;
      const page = (form: 'en' | 'de' | 'sums') =>
        `<!doctype html><html lang="${form === 'de' ? 'de' : 'en'}"><head><meta charset="utf-8"><title>Host</title>` +
        '<script type="module" src="/app.js"></script></head><body><main>' +
        `<formloom-form code="${codes[form]}" api="${api}"></formloom-form></main></body></html>`;
      host = createServer((req, res) => {
        if (req.url === '/app.js') {
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
          return;
        }
        const chunk = chunks.get(req.url?.slice(1) ?? '') ?? startChunks.get(req.url?.slice(1) ?? '');
        if (chunk !== undefined) {
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(chunk);
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
        res.end(page(req.url === '/de' ? 'de' : req.url === '/sums' ? 'sums' : 'en'));
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      browser = await launchChromium(executable!);
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => host?.close(resolve));
    });

    async function open(path: string) {
      const page = await browser.newPage();
      const problems: string[] = [];
      // A CSP violation is reported on the console as an error.
      page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
      page.on('pageerror', (e) => problems.push(e.message));
      const languages: string[] = [];
      const loaded: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/embed/languages/')) languages.push(r.url());
        if (chunks.has(new URL(r.url()).pathname.slice(1))) loaded.push(new URL(r.url()).pathname.slice(1));
      });
      await page.goto(`${hostOrigin}${path}`);
      return { page, problems, languages, loaded };
    }

    it('renders, checks a pattern, submits, and the response is stored', async () => {
      const { page, problems, languages, loaded } = await open('/');
      await page.getByLabel('Name').fill('Ada');
      await page.getByLabel('Ticket').fill('T-12');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect(await page.getByLabel('Ticket').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Ticket').fill('T-1234');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(async () => (await client.responses.list(ids.en)).items.length, { timeout: 10_000 })
        .toBe(1);
      expect((await client.responses.list(ids.en)).items[0]!.answers).toEqual({
        name: 'Ada',
        ticket: 'T-1234',
      });
      // English was there: nothing fetched, and no chunk of code loaded on demand.
      expect(languages).toEqual([]);
      expect(loaded).toEqual([]);
      expect(problems, problems.join('\n')).toEqual([]);
      await page.close();
    });

    it('a German form fetches German once, and its messages are German', async () => {
      const { page, problems, languages } = await open('/de');
      await page.getByRole('button', { name: 'Absenden' }).click();
      await page.getByText('Dies ist ein Pflichtfeld.').waitFor();
      expect(languages.map((url) => new URL(url).pathname)).toEqual(['/embed/languages/de.json']);
      await page.getByLabel('Name').fill('Grete');
      await page.getByRole('button', { name: 'Absenden' }).click();
      await expect
        .poll(async () => (await client.responses.list(ids.de)).items.length, { timeout: 10_000 })
        .toBe(1);
      expect(problems, problems.join('\n')).toEqual([]);
      await page.close();
    });

    it('a form with variables loads their code, once, and shows what they compute', async () => {
      const { page, problems, loaded } = await open('/sums');
      await page.getByLabel('A number').fill('4');
      await page.getByText('Twice: 8').waitFor();
      expect(await page.getByLabel('Why so big?').isVisible()).toBe(false);
      await page.getByLabel('A number').fill('6');
      await page.getByLabel('Why so big?').waitFor();
      await page.getByLabel('Why so big?').fill('Because');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect
        .poll(async () => (await client.responses.list(ids.sums)).items.length, { timeout: 10_000 })
        .toBe(1);
      expect((await client.responses.list(ids.sums)).items[0]!.answers).toEqual({ n: 6, big: 'Because' });
      // The expression compiler came in a chunk of its own; no family of question types.
      expect(loaded.some((name) => chunks.get(name)!.includes('"var"'))).toBe(true);
      expect(loaded.some((name) => chunks.get(name)!.includes('Extremely likely'))).toBe(false);
      expect(problems, problems.join('\n')).toEqual([]);
      await page.close();
    });
  });
});
