import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { surveySchema, TINY_PNG } from '@formloom/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { allResponses, apiClient, cliIn, printedKey, publishedForm, startServe } from './support.js';

const answers = (i: number) => ({ name: `Respondent ${i}`, email: `r${i}@example.org`, hasPets: 'no' });

describe('formloom backup and restore (SQLite)', () => {
  const work = mkdtempSync(join(tmpdir(), 'formloom-backup-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('backs up while responses are written; the restore has every response acknowledged before it', async () => {
    const live = join(work, 'live');
    // Four writers without pause make more requests than one address may (120 a minute) when the
    // backup takes its time on a loaded machine: the limit is raised, as an operator can.
    const serve = await startServe(live, { FORMLOOM_PUBLIC_RATE_LIMIT: '100000' });
    const key = printedKey(serve)!;
    const api = apiClient(serve.port, key);
    const archive = join(work, 'backup.tar.gz');
    let photoUpload = '';
    let form = { id: '', code: '' };
    const acknowledged: string[] = [];
    let ackedBeforeBackup: string[] = [];
    try {
      form = await publishedForm(api, surveySchema(), 'Backed up');
      // One response with an uploaded file, so the archive must carry the file too.
      const body = new FormData();
      body.append('fieldId', 'photo');
      body.append('file', new Blob([TINY_PNG]), 'cat.png');
      const uploaded = await fetch(`${api.base}/v1/public/forms/${form.code}/uploads`, {
        method: 'POST',
        body,
      });
      expect(uploaded.status).toBe(201);
      const upload = (await uploaded.json()).data;
      photoUpload = upload.uploadId;
      const withPhoto = await api.call(`/v1/public/forms/${form.code}/responses`, {
        method: 'POST',
        key: null,
        json: { answers: { ...answers(0), photo: upload } },
      });
      expect(withPhoto.status).toBe(201);
      acknowledged.push(withPhoto.body.data.responseId);

      // Four writers submit without pause until told to stop.
      let writing = true;
      let sent = 0;
      const writer = async () => {
        while (writing) {
          const res = await api.call(`/v1/public/forms/${form.code}/responses`, {
            method: 'POST',
            key: null,
            json: { answers: answers(++sent) },
          });
          if (res.status !== 201) throw new Error(`submission failed: ${res.text}`);
          acknowledged.push(res.body.data.responseId);
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));

      ackedBeforeBackup = [...acknowledged];
      const backedUp = await cliIn(live).cli('backup', '--out', archive);
      const ackedDuringBackup = acknowledged.length - ackedBeforeBackup.length;
      // Writers went on meanwhile, then a little longer.
      while (acknowledged.length < ackedBeforeBackup.length + ackedDuringBackup + 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      writing = false;
      await Promise.all(writers);
      expect(backedUp.err).toBe('');
      expect(backedUp.code).toBe(0);
      expect(backedUp.out).toMatch(/^Backed up to .*backup\.tar\.gz: .*responses \d+.*; 1 uploaded files/);

      // A running instance's data is never replaced, not even with --force.
      const refused = await cliIn(live).cli('restore', archive, '--force');
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/a formloom server is running on .*live: stop it first/);
    } finally {
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    }

    const restoredDir = join(work, 'restored');
    const restored = await cliIn(restoredDir).json('restore', archive);
    const inBackup = restored.manifest.tables.responses as number;
    expect(inBackup).toBeGreaterThanOrEqual(ackedBeforeBackup.length);
    expect(restored.manifest.uploads).toBe(1);
    expect(restored.manifest.secretKey).toBe(false);
    expect(existsSync(join(restoredDir, 'formloom.db'))).toBe(true);

    // Restoring again over the restored data needs --force, and keeps the old data aside.
    const again = await cliIn(restoredDir).cli('restore', archive);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already has data .*pass --force/);

    const second = await startServe(restoredDir);
    try {
      expect(printedKey(second)).toBeUndefined();
      const restoredApi = apiClient(second.port, key);
      const ids = new Set((await allResponses(restoredApi, form.id)).map((r) => r.id));
      expect(ids.size).toBe(inBackup);
      // Every response acknowledged before the backup began is there, and nothing that never was.
      for (const id of ackedBeforeBackup) expect(ids.has(id)).toBe(true);
      const everAcknowledged = new Set(acknowledged);
      for (const id of ids) expect(everAcknowledged.has(id)).toBe(true);
      // The uploaded file came along and downloads as before.
      const file = await fetch(
        `${restoredApi.base}/v1/forms/${form.id}/responses/${ackedBeforeBackup[0]}/files/${photoUpload}`,
        { headers: { authorization: `Bearer ${key}` } },
      );
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(TINY_PNG);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('refuses a file that is not a formloom backup, and says backups of PostgreSQL use pg_dump', async () => {
    const dir = join(work, 'other');
    const bogus = join(work, 'bogus.tar.gz');
    mkdirSync(join(work, 'bogus'));
    writeFileSync(join(work, 'bogus', 'notes.txt'), 'hello');
    await promisify(execFile)('tar', ['-czf', bogus, '-C', join(work, 'bogus'), 'notes.txt']);
    const res = await cliIn(dir).cli('restore', bogus);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/not a formloom backup/);
    expect(existsSync(join(dir, 'formloom.db'))).toBe(false);

    const pg = await cliIn(dir, { FORMLOOM_DATABASE_URL: 'postgres://u@127.0.0.1:1/db' }).cli(
      'backup',
      '--out',
      join(work, 'x.tar.gz'),
    );
    expect(pg.code).toBe(1);
    expect(pg.err).toMatch(/pg_dump/);
    expect(readFileSync(bogus).length).toBeGreaterThan(0);
  });
});
