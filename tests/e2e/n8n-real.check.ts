import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Formloom } from '@formloom/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from './support/server.js';

/**
 * The packed n8n package inside a real n8n (the one scripts/check-n8n.sh installed, named by
 * N8N_BIN), installed as a self-hoster installs it, running a workflow through `n8n execute`
 * against the reference server on 127.0.0.1. Run with `pnpm check:n8n`.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgDir = join(root, 'packages/n8n-nodes-formloom');
const n8nBin = process.env.N8N_BIN;
const n8nNode = process.env.N8N_NODE ?? process.execPath;
const server = useServer();
let work = '';

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const CREDENTIAL_ID = 'formloomCheckCred';
const WORKFLOW_ID = 'formloomCheckFlow';

function workflow() {
  const credentials = { formloomApi: { id: CREDENTIAL_ID, name: 'Formloom check' } };
  return {
    id: WORKFLOW_ID,
    name: 'Formloom check',
    active: false,
    settings: {},
    nodes: [
      {
        id: '0f2c8a4e-0000-4000-8000-000000000001',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: '0f2c8a4e-0000-4000-8000-000000000002',
        name: 'Create form',
        type: 'n8n-nodes-formloom.formloom',
        typeVersion: 1,
        position: [220, 0],
        parameters: {
          resource: 'form',
          operation: 'create',
          createFrom: 'blank',
          title: 'Made in a real n8n',
          additionalFields: {},
        },
        credentials,
      },
      {
        id: '0f2c8a4e-0000-4000-8000-000000000003',
        name: 'Publish form',
        type: 'n8n-nodes-formloom.formloom',
        typeVersion: 1,
        position: [440, 0],
        parameters: { resource: 'form', operation: 'publish', formId: '={{ $json.id }}' },
        credentials,
      },
    ],
    connections: {
      Start: { main: [[{ node: 'Create form', type: 'main', index: 0 }]] },
      'Create form': { main: [[{ node: 'Publish form', type: 'main', index: 0 }]] },
    },
  };
}

describe.runIf(n8nBin !== undefined)('the packed node package in a real n8n', () => {
  it('installs in ~/.n8n/nodes alone, loads, and a workflow creates and publishes a form', {
    timeout: 900_000,
  }, async () => {
    await run('pnpm', ['build'], { cwd: pkgDir, timeout: 300_000 });
    work = mkdtempSync(join(tmpdir(), 'formloom-real-n8n-'));
    const { stdout: packed } = await run('npm', ['pack', '--pack-destination', work], { cwd: pkgDir });
    const tarball = join(work, packed.trim().split('\n').at(-1)!);

    // As the package's README says: npm install in ~/.n8n/nodes.
    const userFolder = join(work, 'home');
    const nodes = join(userFolder, '.n8n/nodes');
    mkdirSync(nodes, { recursive: true });
    writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
    await run('npm', ['install', tarball, '--no-audit', '--no-fund'], { cwd: nodes, timeout: 300_000 });
    // The package alone: its optional n8n-workflow peer is n8n's, not a second copy.
    expect(readdirSync(join(nodes, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
      'n8n-nodes-formloom',
    ]);
    expect(existsSync(join(nodes, 'node_modules/n8n-workflow'))).toBe(false);

    const key = await server.key();
    const base = server.baseUrl.replace(/\/v1$/, '');
    writeFileSync(
      join(work, 'credentials.json'),
      JSON.stringify([
        {
          id: CREDENTIAL_ID,
          name: 'Formloom check',
          type: 'formloomApi',
          data: { apiKey: key, baseUrl: base },
        },
      ]),
    );
    writeFileSync(join(work, 'workflow.json'), JSON.stringify([workflow()]));

    // Not vitest's NODE_ENV=test, under which n8n logs nothing (and the run is printed as a log).
    const host = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$)/.test(name)),
    );
    const env = {
      ...host,
      NODE_ENV: 'production',
      N8N_USER_FOLDER: userFolder,
      N8N_ENCRYPTION_KEY: 'formloom-check-n8n-encryption-key',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      // `n8n execute` prints the run at level info.
      N8N_LOG_LEVEL: 'info',
    };
    const n8n = (...args: string[]) =>
      run(n8nNode, [n8nBin!, ...args], { cwd: work, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
    await n8n('import:credentials', `--input=${join(work, 'credentials.json')}`);
    await n8n('import:workflow', `--input=${join(work, 'workflow.json')}`);
    const { stdout, stderr } = await n8n('execute', `--id=${WORKFLOW_ID}`, '--rawOutput');

    // The run as n8n reports it: each Formloom node's output item.
    // Its log lines, then the run as pretty-printed JSON: the only lines that are a lone brace.
    const start = stdout.indexOf('\n{\n');
    const end = stdout.lastIndexOf('\n}');
    expect(start, `n8n execute printed no run:\n${stdout}\n${stderr}`).toBeGreaterThanOrEqual(0);
    const json = stdout.slice(start + 1, end + 2);
    const result = JSON.parse(json);
    const output = (name: string) => result.data.resultData.runData[name][0].data.main[0][0].json;
    const created = output('Create form');
    expect(created).toMatchObject({ title: 'Made in a real n8n', publishStatus: 'DRAFT' });
    expect(output('Publish form')).toMatchObject({ id: created.id, publishStatus: 'PUBLISHED' });

    // And on the server, through the SDK.
    const client = new Formloom({ apiKey: key, baseUrl: server.baseUrl });
    const form = await client.forms.retrieve(created.id);
    expect(form).toMatchObject({ title: 'Made in a real n8n', publishStatus: 'PUBLISHED' });
  });
});
