/**
 * The token-signing secret: JWT_SECRET when set (required when several machines share a
 * database), else one generated on first start and kept in DATA_DIR so restarts keep sessions.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadSecret(dataDir: string, configured: string | undefined): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const path = join(dataDir, 'secret.key');
  try {
    return new Uint8Array(readFileSync(path));
  } catch (err) {
    // First start: no key yet, so one is made. Any other read error (permissions) must stop the server.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48);
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return new Uint8Array(readFileSync(path));
  }
}
