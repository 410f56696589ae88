/**
 * oidc-provider storage adapter on our database (table oidc_payloads), so sessions, grants and
 * refresh tokens survive restarts and are shared by every process on one PostgreSQL.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../db/database.ts';

interface Row { payload: AdapterPayload; consumed_at: Date | null }

/** Returns the adapter class oidc-provider instantiates once per model name. */
export function databaseAdapter(db: Queryable, now: () => Date): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
           uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt]);
    }

    private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<Row>(
        `SELECT payload, consumed_at FROM oidc_payloads WHERE model = $1 AND ${where} = $2 AND (expires_at IS NULL OR expires_at > $3)`,
        [this.model, value, now()]);
      const r = rows[0];
      if (!r) return undefined;
      const payload = typeof r.payload === 'string' ? (JSON.parse(r.payload) as AdapterPayload) : r.payload;
      return r.consumed_at ? { ...payload, consumed: Math.floor(new Date(r.consumed_at).getTime() / 1000) } : payload;
    }

    find(id: string) { return this.one('id', id); }
    findByUserCode(userCode: string) { return this.one('user_code', userCode); }
    findByUid(uid: string) { return this.one('uid', uid); }

    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_payloads SET consumed_at = $3 WHERE model = $1 AND id = $2', [this.model, id, now()]);
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}
