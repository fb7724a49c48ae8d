import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, assertStoragePrefix, type Storage } from './storage.js';

/**
 * Files in a folder on the local disk (`<data dir>/uploads`). An object is written to a temporary
 * name beside its final one and renamed when complete, so a reader never sees half a file and a
 * failed write leaves nothing behind.
 */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };

  return {
    async put(key, body) {
      // Watch for errors before the first await (see Storage.put); the pipeline reports them.
      body.on('error', () => {});
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial-${randomBytes(6).toString('hex')}`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size };
    },

    async get(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return createReadStream(path) as Readable;
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
  };
}
