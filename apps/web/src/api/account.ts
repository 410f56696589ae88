/** User settings, saved interchange IDs, first-time setup and profile calls. */
import { call, request } from './http.ts';
import { replaceStoredToken } from '../features/auth/password-session.ts';
import { shareInFlight } from './share-in-flight.ts';
import { arr, bool, isObject, pick, str } from './read.ts';

export interface SavedId {
  id: string;
  label: string;
  interchangeId: string;
}

export interface SavedIds {
  savedSenderIds: SavedId[];
  savedReceiverIds: SavedId[];
}

/** Sorts saved IDs case-insensitively by label, then by ID (spec section 5). */
export function sortSavedIds(list: readonly SavedId[]): SavedId[] {
  return [...list].sort((a, b) => {
    const byLabel = a.label.toLowerCase().localeCompare(b.label.toLowerCase());
    if (byLabel !== 0) return byLabel;
    return a.interchangeId.toLowerCase().localeCompare(b.interchangeId.toLowerCase());
  });
}

function readIds(data: unknown, key: string): SavedId[] {
  return sortSavedIds(arr(data, key).filter(isObject).map((r) => ({
    id: str(r, 'id', ''),
    label: str(r, 'label', '').trim(),
    interchangeId: str(r, 'interchangeId', ''),
  })));
}

/** Reads the {savedSenderIds, savedReceiverIds} answer, sorted. */
export function readSavedIds(data: unknown): SavedIds {
  return { savedSenderIds: readIds(data, 'savedSenderIds'), savedReceiverIds: readIds(data, 'savedReceiverIds') };
}

/** The tenant's saved sender and receiver IDs. */
export async function getSavedIds(): Promise<SavedIds> {
  return readSavedIds(await call('GET', '/admin/user/interchange-ids'));
}

/** Adds a saved ID and returns both updated lists. */
export async function addSavedId(kind: 'sender' | 'receiver', label: string, interchangeId: string): Promise<SavedIds> {
  return readSavedIds(await call('POST', `/admin/user/${kind}-ids`, { body: { Label: label.trim(), InterchangeId: interchangeId } }));
}

/** Deletes a saved ID and returns both updated lists. */
export async function deleteSavedId(kind: 'sender' | 'receiver', id: string): Promise<SavedIds> {
  return readSavedIds(await call('DELETE', `/admin/user/${kind}-ids/${encodeURIComponent(id)}`));
}

export type X12Version = '4010' | '5010' | '7010';

export interface UserSettings {
  edi204: boolean;
  edi211: boolean;
  x12Version: X12Version;
  timezone: string;
}

/** Reads the settings answer (ediDocumentTypes.edi204/edi211, x12Version, timezone). */
export function readSettings(data: unknown, fallbackTz: string): UserSettings {
  const types = pick(data, 'ediDocumentTypes');
  const v = str(data, 'x12Version') ?? str(data, 'X12Version');
  return {
    edi204: isObject(types) ? bool(types, 'edi204', bool(types, 'EDI204', true)) : true,
    edi211: isObject(types) ? bool(types, 'edi211', bool(types, 'EDI211', true)) : true,
    x12Version: v === '4010' || v === '7010' || v === '5010' ? v : '5010',
    timezone: str(data, 'timezone') || fallbackTz,
  };
}

/** The tenant's EDI settings from the server. */
export async function getSettings(fallbackTz: string): Promise<UserSettings> {
  return readSettings(await call('GET', '/admin/user/settings'), fallbackTz);
}

/** Saves EDI settings with the payload spelling the server documents. */
export async function putSettings(s: UserSettings): Promise<void> {
  await call('PUT', '/admin/user/settings', {
    body: { EdiDocumentTypes: { EDI204: s.edi204, EDI211: s.edi211 }, X12Version: s.x12Version, Timezone: s.timezone },
  });
}

/** Whether first-time setup already ran. Concurrent calls share one request. */
export function isInitialized(): Promise<boolean> {
  return shareInFlight('is-initialized', async () => {
    const data = await call('GET', '/user/is-initialized');
    return typeof data === 'boolean' ? data : bool(data, 'isInitialized', false);
  });
}

/** Runs first-time setup; resolves to the envelope's success and message. Concurrent calls share one request. */
export function initializeUser(): Promise<{ success: boolean; message: string | null }> {
  return shareInFlight('initialize', async () => {
    const env = await request('POST', '/user/initialize');
    return { success: env.success, message: env.message };
  });
}

export interface Profile {
  id: string;
  name: string;
  email: string;
  role: string;
  tenantId: string;
  createdAt: string | null;
  lastLoginAt: string | null;
}

/** The signed-in user's profile. */
export async function getProfile(): Promise<Profile> {
  const d = await call('GET', '/user/profile');
  return {
    id: str(d, 'id', ''), name: str(d, 'name', ''), email: str(d, 'email', ''), role: str(d, 'role', 'User'),
    tenantId: str(d, 'tenantId', ''), createdAt: str(d, 'createdAt') ?? null, lastLoginAt: str(d, 'lastLoginAt') ?? null,
  };
}

/** Saves the signed-in user's display name. */
export async function updateProfile(name: string): Promise<void> {
  await call('PUT', '/user/profile', { body: { name } });
}

/** Changes the password of a password-login account. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  // The change ends every session signed with the old password; the answer carries this session's new token.
  const answer = await call<{ token?: string } | null>('POST', '/user/change-password', { body: { currentPassword, newPassword } });
  if (answer?.token) replaceStoredToken(answer.token);
}
