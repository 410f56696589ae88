/** Secrets at rest, part one: DATA_DIR and everything written under it are the server user's alone. */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createContext } from './runtime.ts';
import { createLogger } from './logger.ts';
import { prepareDataDir } from './data-dir.ts';

const root = mkdtempSync(join(tmpdir(), 'lw-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function everything(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? [p, ...everything(p)] : [p];
  });
}

describe('DATA_DIR permissions', () => {
  it('creates the folder 0700 and everything the server writes under it (database, files, secret) for its user only', async () => {
    process.umask(0o022); // the usual default: without the server's own umask, files come out world-readable
    const dataDir = join(root, 'fresh', 'data');
    // On PGlite (no DATABASE_URL): the embedded database lives under DATA_DIR/db.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SFTP_ENABLED: 'false' });
    const ctx = await createContext(config, { logger: createLogger('silent') });
    try {
      await ctx.storage.put('tenant/job/page-1.jpg', Buffer.from('image bytes'), 'image/jpeg');
    } finally {
      await ctx.queue.stop();
      await ctx.db.close();
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const paths = everything(dataDir);
    expect(paths.some((p) => p.includes(`${join(dataDir, 'db')}/`))).toBe(true);
    expect(paths.some((p) => p.endsWith('secret.key'))).toBe(true);
    const open = paths.filter((p) => (statSync(p).mode & 0o077) !== 0).map((p) => `${p} ${(statSync(p).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  }, 60_000);

  it('warns at startup when the folder is open to other users', () => {
    const dir = join(root, 'shared');
    const warnings: string[] = [];
    const logger = { warn: (_o: object, msg: string) => { warnings.push(msg); } };
    expect(prepareDataDir(dir, logger)).toBeNull();
    chmodSync(dir, 0o755);
    expect(prepareDataDir(dir, logger)).toMatch(/open to other users \(mode 755\).*chmod -R go-rwx/);
    expect(warnings).toHaveLength(1);
  });
});
