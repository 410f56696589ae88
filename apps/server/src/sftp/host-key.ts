/** The SFTP server's host key: SFTP_HOST_KEY when set, else one ed25519 key generated once under DATA_DIR. */
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import type { Config } from '../config.ts';

/** Whether ssh2 can read this key (private or public, OpenSSH format). */
export function isReadableKey(key: string): boolean {
  return !(ssh2.utils.parseKey(key) instanceof Error);
}

/**
 * A new ed25519 pair that ssh2 can read back. ssh2's generator drops leading zero bytes of the public
 * key, so about 1 pair in 256 is unreadable (mscdex/ssh2#1390, #1513): such pairs are drawn again.
 */
export function generateHostKeyPair(): { private: string; public: string } {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519', { comment: 'ladingwise-sftp' });
    if (isReadableKey(pair.private) && isReadableKey(pair.public)) return pair;
  }
  throw new Error('Could not generate a readable SFTP host key.');
}

/** Returns the private host key (OpenSSH PEM); generates and keeps it on first start. */
export function loadHostKey(config: Config): string {
  if (config.SFTP_HOST_KEY) {
    const key = config.SFTP_HOST_KEY.replace(/\\n/g, '\n');
    if (!isReadableKey(key)) throw new Error('SFTP_HOST_KEY is not a private key the SFTP server can read (use an OpenSSH, RSA or ECDSA PEM key).');
    return key;
  }
  const file = join(config.dataDir, 'sftp_host_ed25519_key');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8');
    if (isReadableKey(stored)) return stored;
    // Written by an earlier release with the ssh2 bug above: the server never started with it, so no client knows it.
    renameSync(file, `${file}.unreadable-${Date.now()}`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  // The key must survive restarts, or every client would warn of a changed host key.
  const pair = generateHostKeyPair();
  // Written whole under a private name, then linked into place: a process sharing DATA_DIR never reads half a key.
  const draft = `${file}.${process.pid}.draft`;
  writeFileSync(draft, pair.private, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    // Another process sharing DATA_DIR placed its key first: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw err;
  } finally {
    unlinkSync(draft);
  }
  writeFileSync(`${file}.pub`, pair.public, { mode: 0o644 });
  return pair.private;
}
