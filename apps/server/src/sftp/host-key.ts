/** The SFTP server's host key: SFTP_HOST_KEY when set, else one ed25519 key generated once under DATA_DIR. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { Config } from '../config.ts';

/** Returns the private host key (OpenSSH PEM); generates and keeps it on first start. */
export function loadHostKey(config: Config): string {
  if (config.SFTP_HOST_KEY) return config.SFTP_HOST_KEY.replace(/\\n/g, '\n');
  const file = join(config.dataDir, 'sftp_host_ed25519_key');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(config.dataDir, { recursive: true });
  // The key must survive restarts, or every client would warn of a changed host key.
  const pair = ssh2.utils.generateKeyPairSync('ed25519', { comment: 'ladingwise-sftp' });
  try {
    writeFileSync(file, pair.private, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process sharing DATA_DIR wrote it first: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw err;
  }
  writeFileSync(`${file}.pub`, pair.public, { mode: 0o644 });
  return pair.private;
}
