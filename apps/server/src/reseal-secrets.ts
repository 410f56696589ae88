/**
 * Completes a server-secret rotation: webhook secrets sealed under JWT_SECRET_PREVIOUS (or stored in
 * the clear by an older version) are sealed again under the current secret. Runs at startup when
 * JWT_SECRET_PREVIOUS is set; the OpenID signing key re-seals itself when it is loaded (signing-key.ts).
 */
import type { Queryable } from './db/database.ts';
import { seal, unseal, type SealingKeys } from './sealing.ts';
import { WEBHOOK_SECRET_PURPOSE } from './delivery/secret-box.ts';

/** Re-seals stale webhook secrets; returns how many were re-sealed and how many no secret opens. */
export async function resealWebhookSecrets(db: Queryable, keys: SealingKeys): Promise<{ resealed: number; unreadable: number }> {
  const { rows } = await db.query<{ id: string; secret: string }>('SELECT id, secret FROM webhooks');
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    const opened = unseal(keys, WEBHOOK_SECRET_PURPOSE, row.secret);
    if (!opened) unreadable++;
    else if (opened.stale) {
      await db.query('UPDATE webhooks SET secret = $2 WHERE id = $1 AND secret = $3', [row.id, seal(keys, WEBHOOK_SECRET_PURPOSE, opened.plain), row.secret]);
      resealed++;
    }
  }
  return { resealed, unreadable };
}
