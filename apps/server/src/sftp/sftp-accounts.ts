/**
 * SFTP logins: one per tenant, a username derived from the tenant, a scrypt password hash and
 * optional OpenSSH public keys. All SQL for sftp_accounts and sftp_public_keys lives here.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';

/** Spec section 9: SFTP password minimum. */
export const SFTP_PASSWORD_MIN = 10;
export const SFTP_PASSWORD_MAX = 128;

export interface SftpAccountRow {
  id: string;
  tenant_id: string;
  username: string;
  email: string;
  password_hash: string | null;
  created_at: Date | string;
  password_set_at: Date | string | null;
  last_login_at: Date | string | null;
}

const COLUMNS = 'id, tenant_id, username, email, password_hash, created_at, password_set_at, last_login_at';

/** A username from the e-mail's local part plus part of the tenant id: readable and unique. */
function usernameFor(tenantId: string, email: string, hexChars: number): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 16);
  const suffix = tenantId.replace(/-/g, '').slice(0, hexChars);
  return local ? `${local}-${suffix}` : `lw-${suffix}`;
}

/** Creates the tenant's SFTP login if it has none (idempotent); returns the username. */
export async function ensureSftpAccount(tx: Queryable, tenant: { tenantId: string; email: string }): Promise<string | null> {
  const existing = await getSftpAccount(tx, tenant.tenantId);
  if (existing) return existing.username;
  // A longer tenant-id suffix on the (unlikely) clash with another tenant's username.
  for (const hexChars of [8, 16, 32]) {
    const username = usernameFor(tenant.tenantId, tenant.email, hexChars);
    const { rows } = await tx.query<{ username: string }>(
      `INSERT INTO sftp_accounts (id, tenant_id, username, email)
       SELECT $1::uuid, $2::uuid, $3::text, $4::text WHERE NOT EXISTS (SELECT 1 FROM sftp_accounts WHERE username = $3::text OR tenant_id = $2::uuid)
       RETURNING username`,
      [randomUUID(), tenant.tenantId, username, tenant.email],
    );
    if (rows[0]) return rows[0].username;
    const again = await getSftpAccount(tx, tenant.tenantId);
    if (again) return again.username;
  }
  return null;
}

/** The tenant's SFTP account, or null. */
export async function getSftpAccount(db: Queryable, tenantId: string): Promise<SftpAccountRow | null> {
  const { rows } = await db.query<SftpAccountRow>(`SELECT ${COLUMNS} FROM sftp_accounts WHERE tenant_id = $1`, [tenantId]);
  return rows[0] ?? null;
}

/** Why a new SFTP password is refused, or null when it is acceptable. */
export function sftpPasswordProblem(password: string): string | null {
  if (!password) return 'Please enter a new password';
  if (password.length < SFTP_PASSWORD_MIN) return `Password must be at least ${SFTP_PASSWORD_MIN} characters long`;
  if (password.length > SFTP_PASSWORD_MAX) return `Password must be at most ${SFTP_PASSWORD_MAX} characters long`;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return 'Password must contain uppercase and lowercase letters and numbers';
  }
  return null;
}

/** Stores a new password hash for the tenant's account; false when it has none. */
export async function setSftpPassword(db: Queryable, tenantId: string, password: string, now: Date): Promise<boolean> {
  const hash = await hashPassword(password);
  const { rowCount } = await db.query('UPDATE sftp_accounts SET password_hash = $2, password_set_at = $3 WHERE tenant_id = $1', [tenantId, hash, now]);
  return rowCount === 1;
}

/** Removes the tenant's SFTP account (and its keys). */
export async function deleteSftpAccount(db: Queryable, tenantId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sftp_accounts WHERE tenant_id = $1', [tenantId]);
  return rowCount === 1;
}

/** A login account of a live tenant (deleted tenants cannot sign in), by username. */
export async function findLoginAccount(db: Queryable, username: string): Promise<SftpAccountRow | null> {
  const { rows } = await db.query<SftpAccountRow>(
    `SELECT ${COLUMNS.split(', ').map((c) => `a.${c}`).join(', ')} FROM sftp_accounts a JOIN tenants t ON t.id = a.tenant_id
     WHERE a.username = $1 AND t.deleted_at IS NULL`,
    [username],
  );
  return rows[0] ?? null;
}

/** True when the password matches the account's hash (false when it has no password). */
export async function checkSftpPassword(account: SftpAccountRow, password: string): Promise<boolean> {
  if (!account.password_hash) return false;
  return verifyPassword(password, account.password_hash);
}

export async function recordSftpLogin(db: Queryable, accountId: string, now: Date): Promise<void> {
  await db.query('UPDATE sftp_accounts SET last_login_at = $2 WHERE id = $1', [accountId, now]);
}

export interface SftpPublicKey { id: string; algo: string; keyData: string; comment: string; createdAt: string }

/** Parses one OpenSSH public key line ("ssh-ed25519 AAAA... comment"); null when malformed. */
export function parsePublicKeyLine(line: string): { algo: string; keyData: string; comment: string } | null {
  const m = /^\s*(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(?:256|384|521))\s+([A-Za-z0-9+/]+={0,2})(?:\s+(.{0,200}))?\s*$/.exec(line);
  if (!m) return null;
  const blob = Buffer.from(m[2]!, 'base64');
  // The blob starts with its own algorithm name; a mismatch means a pasted fragment or a forgery.
  const len = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (len <= 0 || blob.length < 4 + len || blob.subarray(4, 4 + len).toString('latin1') !== m[1]) return null;
  return { algo: m[1]!, keyData: blob.toString('base64'), comment: (m[3] ?? '').trim() };
}

export async function addSftpPublicKey(db: Queryable, account: { id: string; tenantId: string }, key: { algo: string; keyData: string; comment: string }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO sftp_public_keys (id, tenant_id, account_id, algo, key_data, comment) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, key_data) DO NOTHING`,
    [id, account.tenantId, account.id, key.algo, key.keyData, key.comment],
  );
  return id;
}

export async function listSftpPublicKeys(db: Queryable, tenantId: string): Promise<SftpPublicKey[]> {
  const { rows } = await db.query<{ id: string; algo: string; key_data: string; comment: string; created_at: Date | string }>(
    'SELECT id, algo, key_data, comment, created_at FROM sftp_public_keys WHERE tenant_id = $1 ORDER BY created_at, id',
    [tenantId],
  );
  return rows.map((r) => ({ id: r.id, algo: r.algo, keyData: r.key_data, comment: r.comment, createdAt: new Date(r.created_at).toISOString() }));
}

export async function deleteSftpPublicKey(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const { rowCount } = await db.query('DELETE FROM sftp_public_keys WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return rowCount === 1;
}

/** Public keys (wire blobs) allowed for an account. */
export async function accountKeyBlobs(db: Queryable, accountId: string): Promise<Buffer[]> {
  const { rows } = await db.query<{ key_data: string }>('SELECT key_data FROM sftp_public_keys WHERE account_id = $1', [accountId]);
  return rows.map((r) => Buffer.from(r.key_data, 'base64'));
}

/** True when the account can log in at all (a password or at least one key). */
export async function sftpAccountActive(db: Queryable, account: SftpAccountRow): Promise<boolean> {
  if (account.password_hash) return true;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sftp_public_keys WHERE account_id = $1', [account.id]);
  return (rows[0]?.n ?? 0) > 0;
}

export interface SftpAccountListRow { id: string; tenant_id: string; username: string; email: string; has_password: boolean; created_at: Date; last_login_at: Date | null }

/** Every live tenant's SFTP account, oldest first (admin list). */
export async function listLiveSftpAccounts(db: Queryable): Promise<SftpAccountListRow[]> {
  const { rows } = await db.query<SftpAccountListRow>(
    `SELECT a.id, a.tenant_id, a.username, a.email, a.password_hash IS NOT NULL AS has_password, a.created_at, a.last_login_at
     FROM sftp_accounts a JOIN tenants t ON t.id = a.tenant_id WHERE t.deleted_at IS NULL ORDER BY a.created_at`,
  );
  return rows;
}

/** An account by its own id (admin calls), whatever its tenant. */
export async function getSftpAccountById(db: Queryable, id: string): Promise<{ tenant_id: string; username: string } | null> {
  const { rows } = await db.query<{ tenant_id: string; username: string }>('SELECT tenant_id, username FROM sftp_accounts WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** When each account was created, newest first; one tenant's when given. */
export async function listSftpAccountCreations(db: Queryable, tenantId?: string): Promise<{ tenant_id: string; username: string; email: string; created_at: Date }[]> {
  const { rows } = await db.query<{ tenant_id: string; username: string; email: string; created_at: Date }>(
    `SELECT tenant_id, username, email, created_at FROM sftp_accounts ${tenantId ? 'WHERE tenant_id = $1' : ''} ORDER BY created_at DESC`,
    tenantId ? [tenantId] : [],
  );
  return rows;
}
