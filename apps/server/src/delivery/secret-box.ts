/**
 * Webhook signing secrets at rest: the server must read them back to sign, so they are encrypted
 * (AES-256-GCM) rather than hashed, with a key derived from the server's token secret. A database
 * dump alone then cannot forge deliveries. Values written before this (no "v1:" prefix) still read.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

function keyFrom(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'ladingwise webhook secrets', 32));
}

/** Encrypts a secret for storage: "v1:" + base64url(iv | tag | ciphertext). */
export function sealSecret(serverSecret: Uint8Array, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** Reads a stored secret back; throws when it was sealed under another server secret. */
export function openSecret(serverSecret: Uint8Array, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('The webhook signing secret cannot be read: the server secret (JWT_SECRET) changed. Delete and re-add the webhook.');
  }
}
