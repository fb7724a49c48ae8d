import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FormSchema } from '@formloom/contract';
import { validateResponse } from '@formloom/contract/engine';
import { Formloom } from '@formloom/sdk';
import { pagedQuizSchema } from '@formloom/server/testing';
import { findChromium, launchChromium } from '@formloom/server/testing/browser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBuiltServer } from './support/built-server.js';
import { ensureBuilt, pack } from './support/packages.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/react-embed/', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};
const executable = findChromium();
const server = useBuiltServer();

const run = promisify(execFile);
const workspace = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8'));
/** The packed @formloom/react the app installed. */
let reactTarball = '';

/** A form of question types: a rating (the scales chunk) and a matrix (the matrix chunk). */
const QUESTION_TYPES: FormSchema = {
  version: '1.0',
  schemaVersion: '2025-01-01',
  meta: { title: 'Feedback', language: 'en' },
  settings: { layout: 'single-column', submitAction: 'default' },
  sections: [{ id: 's', title: '', order: 0 }],
  fields: [
    { id: 'rate', sectionId: 's', type: 'rating', label: 'How was it?', order: 0, required: true },
    {
      id: 'grid',
      sectionId: 's',
      type: 'matrix',
      label: 'Rate our service',
      order: 1,
      matrix: {
        rows: [{ id: 'speed', label: 'Speed' }],
        columns: [
          { value: 'bad', label: 'Bad' },
          { value: 'good', label: 'Good' },
        ],
      },
    },
  ],
};
const QUESTION_ANSWERS = { rate: 4, grid: { speed: 'good' } };

/**
 * Makes examples/react-embed a project of its own in `work`, as a user has it: @formloom/react and
 * what it needs (the runtime, the contract) from their packed tarballs as published, React and
 * Vite from the registry at the example's versions, no `source` condition. Answers its folder.
 */
async function freshProject(work: string): Promise<string> {
  for (const name of ['contract', 'runtime', 'react'] as const) await ensureBuilt(name);
  const [contract, runtime, react] = [
    await pack('contract', work),
    await pack('runtime', work),
    await pack('react', work),
  ];
  reactTarball = react;
  const app = join(work, 'app');
  cpSync(join(EXAMPLE, 'src'), join(app, 'src'), { recursive: true });
  cpSync(join(EXAMPLE, 'index.html'), join(app, 'index.html'));
  const { '@formloom/react': _, ...registry } = workspace.dependencies;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'fresh-react-app',
      private: true,
      type: 'module',
      // zod is a peer of the contract; a user installs it beside.
      dependencies: { ...registry, '@formloom/react': `file:${react}`, zod: '3.25.76' },
      devDependencies: {
        vite: workspace.devDependencies.vite,
        '@vitejs/plugin-react': workspace.devDependencies['@vitejs/plugin-react'],
      },
    }),
  );
  // Not published on their own yet: the tarballs stand in for the registry.
  writeFileSync(
    join(app, 'pnpm-workspace.yaml'),
    `overrides:\n  '@formloom/contract': 'file:${contract}'\n  '@formloom/runtime': 'file:${runtime}'\n`,
  );
  writeFileSync(
    join(app, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  );
  await run('pnpm', ['install', '--prefer-offline'], { cwd: app, timeout: 300_000 });
  return app;
}

/**
 * examples/react-embed as a user runs it: installed from the packed packages in a fresh project,
 * built by Vite, served from its own origin, calling the built Formloom server on another origin
 * (CORS), with its own component for radio fields.
 */
describe.skipIf(executable === undefined)('the Vite + React example, on another origin', () => {
  let work = '';
  let outDir = '';
  let host: Server;
  let hostOrigin = '';
  let browser: Browser;
  let client: Formloom;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'formloom-react-embed-'));
    const app = await freshProject(work);
    outDir = join(work, 'out');
    await run(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir], {
      cwd: app,
      timeout: 300_000,
    });
    // What the app bundled is the published build, not the workspace sources.
    expect(readFileSync(join(app, 'node_modules/@formloom/react/package.json'), 'utf8')).not.toContain(
      '"source"',
    );
    host = createServer(async (req, res) => {
      const path = new URL(req.url ?? '/', 'http://host').pathname;
      const file = path === '/' ? 'index.html' : path.slice(1);
      try {
        const body = await readFile(join(outDir, file));
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    client = new Formloom({ apiKey: await server.key(), baseUrl: server.baseUrl });
    browser = await launchChromium(executable!);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  it('fills a paged quiz through the replaced radio component and stores the response', async () => {
    const form = await client.forms.create({ title: 'Quiz', schema: pagedQuizSchema() });
    const published = await client.forms.publish(form.id);
    const api = new URL(server.baseUrl).origin;
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    const allowedFor: (string | undefined)[] = [];
    page.on('response', async (r) => {
      if (
        r.url().startsWith(`${new URL(server.baseUrl).origin}/v1/public/`) &&
        r.request().method() === 'POST'
      ) {
        allowedFor.push((await r.allHeaders())['access-control-allow-origin']);
      }
    });
    await page.goto(`${hostOrigin}/?api=${encodeURIComponent(api)}&code=${published.shareUrl}`);

    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Next' }).click();
    // The app's toggle buttons, not radio inputs.
    await page.getByRole('button', { name: 'Lyon' }).click();
    expect(await page.getByRole('button', { name: 'Lyon' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('input[type=radio]').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    // The wrong answer brings the conditional page; its required field is checked before Next.
    await page.getByLabel('Why Lyon?').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByLabel('Why Lyon?').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Why Lyon?').fill('It is lovely');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: '4', exact: true }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Well done Ada! You scored 1.').waitFor();
    const booked = (await page.locator('#booked').textContent()) ?? '';

    const stored = [];
    for await (const r of client.responses.list(form.id)) stored.push(r);
    const response = stored.find((r) => booked === `Booked: ${r.id}`);
    expect(response?.answers).toEqual({ name: 'Ada', q1: 'lyon', reason: 'It is lovely', q2: 'four' });
    // Another origin: the server's CORS answer named the app's origin, or the browser would have refused.
    expect(allowedFor.length).toBeGreaterThan(0);
    expect(new Set(allowedFor)).toEqual(new Set([hostOrigin]));
    expect(problems, problems.join('\n')).toEqual([]);
    await page.close();
  });

  it('draws question types from the lazily loaded chunks the tarball carries', async () => {
    const { stdout } = await run('tar', ['-tzf', reactTarball]);
    for (const family of [
      'scales',
      'matrix',
      'ranking',
      'choices',
      'inputs',
      'address',
      'signature',
      'notices',
    ])
      expect(stdout, `the ${family} chunk is packed`).toMatch(
        new RegExp(`package/dist/${family}-\\w+\\.js\\n`),
      );
    const form = await client.forms.create({ title: 'Feedback', schema: QUESTION_TYPES });
    const published = await client.forms.publish(form.id);
    const api = new URL(server.baseUrl).origin;
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const problems: string[] = [];
    const scripts: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => (m.type() === 'error' ? problems.push(m.text()) : undefined));
    page.on('request', (r) =>
      r.resourceType() === 'script' ? scripts.push(new URL(r.url()).pathname) : undefined,
    );
    await page.goto(`${hostOrigin}/?api=${encodeURIComponent(api)}&code=${published.shareUrl}`);

    const rating = page.getByRole('radiogroup', { name: 'How was it?' });
    await rating.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('radio', { name: 'Speed Good' }).check();
    expect(await rating.getByRole('radio', { name: '4', exact: true }).isChecked()).toBe(true);
    // Vite kept the families apart: the page loaded the two it needs, not the others.
    expect(scripts.some((s) => /scales/.test(s))).toBe(true);
    expect(scripts.some((s) => /matrix/.test(s))).toBe(true);
    expect(scripts.some((s) => /ranking|choices|inputs|address|signature|notices/.test(s))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Stored once the engine checks the question types' answers (until then it refuses them).
    if (validateResponse(QUESTION_TYPES, QUESTION_ANSWERS).ok) {
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.locator('#booked').waitFor();
      const booked = (await page.locator('#booked').textContent()) ?? '';
      const stored = [];
      for await (const r of client.responses.list(form.id)) stored.push(r);
      expect(stored.find((r) => booked === `Booked: ${r.id}`)?.answers).toEqual(QUESTION_ANSWERS);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    await page.close();
  });
});
