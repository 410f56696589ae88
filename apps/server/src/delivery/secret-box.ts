/**
 * Webhook signing secrets at rest: the server must read them back to sign, so they are sealed
 * (sealing.ts) rather than hashed. Values written before sealing existed (no "v1:" prefix) still read.
 */
import { seal, unseal, type SealingKeys } from '../sealing.ts';

export const WEBHOOK_SECRET_PURPOSE = 'ladingwise webhook secrets';

/** Encrypts a secret for storage. */
export function sealSecret(keys: SealingKeys, plain: string): string {
  return seal(keys, WEBHOOK_SECRET_PURPOSE, plain);
}

/** Reads a stored secret back; throws when neither the current nor the previous server secret opens it. */
export function openSecret(keys: SealingKeys, stored: string): string {
  const opened = unseal(keys, WEBHOOK_SECRET_PURPOSE, stored);
  if (!opened) throw new Error('The webhook signing secret cannot be read: the server secret (JWT_SECRET) changed. Set JWT_SECRET_PREVIOUS to the old value, or delete and re-add the webhook.');
  return opened.plain;
}
