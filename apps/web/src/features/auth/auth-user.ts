/** The signed-in user as the app sees it, read from OIDC claims or the password-login answer. */
import { isObject, pick, str } from '../../api/read.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: string;
  roles: string[];
  tenantId: string;
  createdAt: string | null;
  lastLoginAt: string | null;
}

/** Builds an AuthUser from claims/fields in either key case; role lists may sit under namespaced claims. */
export function readAuthUser(raw: unknown): AuthUser {
  const o = isObject(raw) ? raw : {};
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(o)) {
    if (!/roles$/i.test(k)) continue;
    if (Array.isArray(v)) for (const r of v) if (typeof r === 'string') roles.add(r);
    if (typeof v === 'string') roles.add(v);
  }
  const role = str(o, 'role') ?? (roles.has('Admin') || roles.has('admin') ? 'Admin' : 'User');
  const email = str(o, 'email', '');
  return {
    id: str(o, 'id') ?? str(o, 'sub', ''),
    name: str(o, 'name') || str(o, 'nickname') || '',
    email,
    role,
    roles: [...roles],
    tenantId: str(o, 'tenantId') ?? str(o, 'tenant_id') ?? str(o, 'tid', ''),
    createdAt: str(o, 'createdAt') ?? null,
    lastLoginAt: str(o, 'lastLoginAt') ?? (typeof pick(o, 'auth_time') === 'number' ? new Date((pick(o, 'auth_time') as number) * 1000).toISOString() : null),
  };
}

/** Admin: a roles claim or list containing admin, or role equal to Admin. */
export function isAdminUser(user: AuthUser | null): boolean {
  if (!user) return false;
  return user.role === 'Admin' || user.roles.some((r) => r.toLowerCase() === 'admin');
}

/** What the user menu button shows: display name, else e-mail. */
export function displayName(user: AuthUser | null): string {
  return user?.name?.trim() || user?.email || 'Account';
}
