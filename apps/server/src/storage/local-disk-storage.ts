/** Storage on the local disk under one root folder (the embedded default). */
import { copyFile, mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, type Storage } from './storage.ts';

export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  // Write then rename, so a reader never sees half a file. Customers' documents: owner-only.
  const place = async (key: string, write: (tmp: string) => Promise<void>) => {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  };
  return {
    async put(key, bytes) {
      await place(key, (tmp) => writeFile(tmp, bytes, { mode: 0o600 }));
    },
    async putFile(key, source) {
      // A copy, not a move: the staging folder may sit on another file system, and its owner removes it.
      await place(key, (tmp) => copyFile(source, tmp));
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
  };
}
