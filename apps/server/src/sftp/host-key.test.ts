/** The SFTP host key: always readable by the SSH server, kept across restarts, repaired when unreadable. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { generateHostKeyPair, isReadableKey, loadHostKey } from './host-key.ts';

const dirs: string[] = [];
function freshConfig(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-hostkey-'));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, ...env });
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('SFTP host key', () => {
  it('generates pairs the server can always read (ssh2 alone fails about 1 in 256)', () => {
    for (let i = 0; i < 2000; i++) {
      const pair = generateHostKeyPair();
      expect(isReadableKey(pair.private) && isReadableKey(pair.public)).toBe(true);
    }
  });

  it('keeps the same key across restarts and leaves no draft file behind', () => {
    const config = freshConfig();
    const first = loadHostKey(config);
    expect(loadHostKey(config)).toBe(first);
    expect(readdirSync(config.dataDir).sort()).toEqual(['sftp_host_ed25519_key', 'sftp_host_ed25519_key.pub']);
  });

  it('replaces a stored key the server cannot read, keeping the old file aside', () => {
    const config = freshConfig();
    const file = join(config.dataDir, 'sftp_host_ed25519_key');
    writeFileSync(file, '-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n');
    const key = loadHostKey(config);
    expect(isReadableKey(key)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(key);
    expect(readdirSync(config.dataDir).some((f) => f.startsWith('sftp_host_ed25519_key.unreadable-'))).toBe(true);
  });

  it('refuses an SFTP_HOST_KEY it cannot read, naming the setting', () => {
    expect(() => loadHostKey(freshConfig({ SFTP_HOST_KEY: 'not a key' }))).toThrow(/SFTP_HOST_KEY/);
  });
});
