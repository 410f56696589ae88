/** Users and tenants: creation (password, bundled OIDC, external OIDC), lookup of live principals, deletion. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { Role } from '../auth/principal.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { errors } from '../errors/catalogue.ts';
import { insertTenant, markTenantDeleted } from './tenant-store.ts';

export interface UserRow { id: string; tenant_id: string; email: string; name: string | null; role: Role; password_hash: string | null; token_version?: number }
const COLS = 'u.id, u.tenant_id, u.email, u.name, u.role, u.password_hash, u.token_version';

/** Whether an e-mail is in the ADMIN_EMAILS list (case-insensitive). */
export function isBootstrapAdmin(adminEmails: string, email: string): boolean {
  const e = email.trim().toLowerCase();
  return adminEmails.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean).includes(e);
}

/** Creates a tenant and its first user; 409 when the e-mail is taken by a live account. Run inside a transaction. */
export async function createAccount(tx: Queryable, a: {
  email: string; name: string | null; passwordHash: string | null; externalSubject?: string | null; adminEmails: string; via: string;
}): Promise<UserRow> {
  const email = a.email.trim().toLowerCase();
  const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND deleted_at IS NULL', [email]);
  if (taken.rows.length > 0) throw errors.conflict('An account with this e-mail already exists.');
  const tenantId = randomUUID(), userId = randomUUID();
  const role: Role = isBootstrapAdmin(a.adminEmails, email) ? 'Admin' : 'User';
  await insertTenant(tx, { id: tenantId, name: a.name ?? email });
  const { rows } = await tx.query<UserRow>(
    // Creating an account is its first sign-in, so Last login is never empty for someone who got in.
    `INSERT INTO users AS u (id, tenant_id, email, name, role, password_hash, external_subject, last_login_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     RETURNING ${COLS}`, [userId, tenantId, email, a.name, role, a.passwordHash, a.externalSubject ?? null]);
  await writeAudit(tx, { tenantId, userId, actor: `user:${userId}`, action: 'user.signup', targetType: 'user', targetId: userId, details: { via: a.via, role } });
  return rows[0]!;
}

/** The live (not deleted, tenant not deleted) user with this e-mail. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLS} FROM users u JOIN tenants t ON t.id = u.tenant_id
     WHERE lower(u.email) = $1 AND u.deleted_at IS NULL AND t.deleted_at IS NULL`, [email.trim().toLowerCase()]);
  return rows[0] ?? null;
}

/** The live user with this id (and tenant, when given); null once the user or tenant is deleted. */
export async function findLiveUser(db: Queryable, userId: string, tenantId?: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLS} FROM users u JOIN tenants t ON t.id = u.tenant_id
     WHERE u.id = $1 AND ($2::uuid IS NULL OR u.tenant_id = $2::uuid) AND u.deleted_at IS NULL AND t.deleted_at IS NULL`,
    [userId, tenantId ?? null]);
  return rows[0] ?? null;
}

/** The user mapped to an external identity (issuer + subject), live or deleted. */
export async function findByExternalSubject(db: Queryable, subject: string): Promise<(UserRow & { deleted_at: Date | null }) | null> {
  const { rows } = await db.query<UserRow & { deleted_at: Date | null }>(
    `SELECT ${COLS}, coalesce(u.deleted_at, t.deleted_at) AS deleted_at FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.external_subject = $1`, [subject]);
  return rows[0] ?? null;
}

/** Frees an external identity held by a deleted account so a new sign-in can start a fresh one. */
export async function releaseExternalSubject(db: Queryable, userId: string): Promise<void> {
  await db.query(`UPDATE users SET external_subject = 'released:' || id::text WHERE id = $1 AND deleted_at IS NOT NULL`, [userId]);
}

/** Records a successful sign-in (password, bundled OIDC). */
export async function recordLogin(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [userId]);
}

export async function setUserPassword(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]);
}

export async function setUserName(db: Queryable, u: { userId: string; tenantId: string; name: string }): Promise<void> {
  await db.query('UPDATE users SET name = $1 WHERE id = $2 AND tenant_id = $3', [u.name, u.userId, u.tenantId]);
}

export interface ProfileRow { id: string; email: string; name: string | null; role: string; created_at: Date; last_login_at: Date | null }

/** A live user's profile within the tenant (the user row alone: the token already proved the tenant live). */
export async function getProfile(db: Queryable, userId: string, tenantId: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>('SELECT id, email, name, role, created_at, last_login_at FROM users WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [userId, tenantId]);
  return rows[0] ?? null;
}

/** A live user (with password hash) within the tenant, without the tenant-liveness join. */
export async function getUserInTenant(db: Queryable, userId: string, tenantId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT id, tenant_id, email, name, role, password_hash FROM users WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [userId, tenantId]);
  return rows[0] ?? null;
}

/** Ends the bundled provider's sessions, grants and refresh tokens of these users at once. */
export async function endOidcSessions(db: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length) await db.query(`DELETE FROM oidc_payloads WHERE payload->>'accountId' = ANY($1::text[])`, [userIds]);
}

/**
 * Marks a tenant, its users and its jobs deleted at `at`, revokes its API keys and ends its OIDC
 * sessions: from then on every channel refuses it. The purge worker removes it all 90 days later.
 */
export async function softDeleteTenant(tx: Queryable, tenantId: string, at: Date): Promise<boolean> {
  if (!(await markTenantDeleted(tx, tenantId, at))) return false;
  // The token version moves too, so the users' sessions stay ended even if the account were ever restored.
  const users = await tx.query<{ id: string }>(
    'UPDATE users SET deleted_at = $2, token_version = token_version + 1, tokens_revoked_at = $2 WHERE tenant_id = $1 AND deleted_at IS NULL RETURNING id', [tenantId, at]);
  await tx.query('UPDATE api_keys SET revoked_at = $2 WHERE tenant_id = $1 AND revoked_at IS NULL', [tenantId, at]);
  // Queued jobs stop too: the pipeline only moves jobs whose deleted_at is null.
  await tx.query('UPDATE jobs SET deleted_at = $2 WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId, at]);
  await endOidcSessions(tx, users.rows.map((u) => u.id));
  return true;
}
