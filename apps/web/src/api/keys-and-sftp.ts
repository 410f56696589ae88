/** API key and SFTP credential calls. */
import { ApiError, call, request } from './http.ts';
import { arr, bool, isObject, num, pick, str } from './read.ts';

export interface ApiKey {
  id: string;
  name: string;
  description: string | null;
  keyPrefix: string;
  createdAt: string | null;
  isActive: boolean;
  lastUsedAt: string | null;
}

function readKey(r: unknown): ApiKey {
  return {
    id: str(r, 'id', ''), name: str(r, 'name', ''), description: str(r, 'description') ?? null,
    keyPrefix: str(r, 'keyPrefix') ?? str(r, 'prefix', ''), createdAt: str(r, 'createdAt') ?? null,
    isActive: bool(r, 'isActive', true), lastUsedAt: str(r, 'lastUsedAt') ?? null,
  };
}

/** The tenant's API keys (prefix only). */
export async function listApiKeys(): Promise<ApiKey[]> {
  const d = await call('GET', '/apikeys');
  const list = Array.isArray(d) ? d : arr(d, 'keys');
  return list.map(readKey);
}

/** The full key from a create/rotate answer: data.apiKey as a string, or data.apiKey.key. */
export function readFullKey(data: unknown): string {
  const k = pick(data, 'apiKey');
  if (typeof k === 'string') return k;
  return str(k, 'key') ?? str(k, 'apiKey') ?? '';
}

/** Creates a key and returns the full secret, shown once. */
export async function createApiKey(name: string, description: string): Promise<string> {
  return readFullKey(await call('POST', '/apikeys', { body: { name, description } }));
}

/** Revokes a key. */
export async function revokeApiKey(id: string): Promise<void> {
  await call('DELETE', `/apikeys/${encodeURIComponent(id)}`);
}

/** Replaces an active key; returns the new full secret. */
export async function rotateApiKey(id: string): Promise<string> {
  return readFullKey(await call('POST', `/apikeys/${encodeURIComponent(id)}/rotate`));
}

export interface SftpCredentials {
  username: string;
  server: string;
  port: number;
  password: string | null;
  isActive: boolean;
  createdAt: string | null;
  lastLogin: string | null;
}

/** The tenant's SFTP login, or null when no account exists yet. */
export async function getSftpCredentials(): Promise<SftpCredentials | null> {
  let env;
  try {
    env = await request('GET', '/sftp/credentials');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const d = env.data;
  if (!env.success || !isObject(d) || !str(d, 'username')) return null;
  return {
    username: str(d, 'username', ''), server: str(d, 'server', location.hostname), port: num(d, 'port', 22),
    password: str(d, 'password') ?? null, isActive: bool(d, 'isActive', true),
    createdAt: str(d, 'createdAt') ?? null, lastLogin: str(d, 'lastLogin') ?? null,
  };
}

/** Thrown by SFTP calls that answer success: false; carries data.errorMessage. */
export class SftpError extends Error {}

async function sftpCall(path: string, body: Record<string, string>): Promise<void> {
  const env = await request('POST', path, { body });
  if (!env.success) throw new SftpError(str(env.data, 'errorMessage') ?? env.message ?? '');
}

/** Creates the SFTP account. The e-mail is deliberately empty: the server uses the signed-in user's. */
export function createSftpUser(customPassword?: string): Promise<void> {
  return sftpCall('/sftp/create-user', customPassword ? { userEmail: '', customPassword } : { userEmail: '' });
}

/** Sets a new SFTP password (e-mail deliberately empty, as above). */
export function resetSftpPassword(newPassword: string): Promise<void> {
  return sftpCall('/sftp/reset-password', { userEmail: '', newPassword });
}
