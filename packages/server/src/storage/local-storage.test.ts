import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';

describe('local storage', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'formloom-storage-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads, deletes one object and a prefix', async () => {
    const storage = createLocalStorage(root);
    expect(await storage.put('forms/a/one', Readable.from(['hello ', 'world']))).toEqual({ size: 11 });
    await storage.put('forms/a/two', Readable.from(['2']));
    await storage.put('forms/b/three', Readable.from(['3']));
    expect(await text((await storage.get('forms/a/one'))!)).toBe('hello world');
    expect(await storage.get('forms/a/missing')).toBeUndefined();
    await storage.delete('forms/a/one');
    await storage.delete('forms/a/one');
    expect(await storage.get('forms/a/one')).toBeUndefined();
    await storage.deletePrefix('forms/a/');
    expect(await storage.get('forms/a/two')).toBeUndefined();
    expect(await text((await storage.get('forms/b/three'))!)).toBe('3');
  });

  it('leaves nothing behind when the stream fails', async () => {
    const storage = createLocalStorage(root);
    let sent = 0;
    const failing = new Transform({
      transform(chunk, _enc, done) {
        sent += chunk.length;
        done(sent > 5 ? new Error('too large') : null, chunk);
      },
    });
    Readable.from(['abc', 'def', 'ghi']).pipe(failing);
    await expect(storage.put('forms/a/x', failing)).rejects.toThrow('too large');
    expect(readdirSync(join(root, 'forms', 'a'))).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = createLocalStorage(root);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/b/', 'a\\b', '']) {
      await expect(storage.put(key, Readable.from(['x']))).rejects.toThrow('invalid storage key');
    }
    await expect(storage.deletePrefix('forms')).rejects.toThrow('must end in "/"');
  });
});
