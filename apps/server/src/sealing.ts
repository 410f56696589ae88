/**
 * Secrets the server must read back (webhook signing secrets, the OpenID provider's private key) are
 * stored sealed: AES-256-GCM under a key derived (HKDF) from the server secret (JWT_SECRET, or the
 * secret generated under DATA_DIR) and the secret's purpose. A database copy or dump alone then
 * neither signs tokens nor forges webhooks.
 *
 * Rotation: set JWT_SECRET to the new value and JWT_SECRET_PREVIOUS to the old one for one start;
 * values sealed under the previous secret still open, and startup re-seals them under the new one
 * (reseal-secrets.ts). Then JWT_SECRET_PREVIOUS can be removed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

export interface SealingKeys { secret: Uint8Array; previous?: Uint8Array | undefined }

function keyFrom(serverSecret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32));
}

/** Encrypts a value for storage: "v1:" + base64url(iv | tag | ciphertext). */
export function seal(keys: SealingKeys, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(keys.secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/**
 * Opens a sealed value with the current secret, else the previous one; `stale` says it was sealed under
 * the previous secret (or not sealed at all) and should be sealed again. Null when neither secret opens it.
 */
export function unseal(keys: SealingKeys, purpose: string, stored: string): { plain: string; stale: boolean } | null {
  if (!isSealed(stored)) return { plain: stored, stale: true };
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const candidates = keys.previous ? [keys.secret, keys.previous] : [keys.secret];
  for (const [i, secret] of candidates.entries()) {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return { plain: Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'), stale: i > 0 };
    } catch {
      // not this secret
    }
  }
  return null;
}
