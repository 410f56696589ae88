/** Placeholder with the final signature: the billing/SFTP engineer implements SFTP accounts here. */
import type { Queryable } from '../db/database.ts';

/** Creates the tenant's SFTP login if it has none (idempotent); returns the username. */
export async function ensureSftpAccount(_tx: Queryable, _tenant: { tenantId: string; email: string }): Promise<string | null> {
  return null;
}
