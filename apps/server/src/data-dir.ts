/**
 * DATA_DIR holds the embedded database, images, EDI files, the server secret and the SFTP host key:
 * only the server's own user may read it. It is created 0700, and the process creates files 0600
 * and folders 0700 (umask 077), whatever umask it was started with. An existing folder that others
 * can read or enter is left as the operator set it, with a warning at every start.
 *
 * The embedded database (PGlite) sets its files' modes itself (0666, umask notwithstanding), so its
 * folder is tightened after every start; files it makes later sit inside the 0700 folder.
 */
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Creates the data folder when missing, tightens the process umask; returns the warning it logged, if any. */
export function prepareDataDir(dataDir: string, logger: { warn(details: object, message: string): void }): string | null {
  if (isMainThread) process.umask(0o077); // worker threads may not set it; the main thread's applies to them
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  const warning = `DATA_DIR ${dataDir} is open to other users (mode ${mode.toString(8)}): it holds the database, documents and secrets. Run: chmod -R go-rwx ${dataDir}`;
  logger.warn({ dataDir, mode: mode.toString(8) }, warning);
  return warning;
}

/** Takes group and other permissions off every file and folder under dir (the embedded database's files). */
export function tightenTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) chmodSync(path, mode & 0o700);
    if (entry.isDirectory()) tightenTree(path);
  }
}
