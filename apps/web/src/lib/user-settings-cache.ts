/** The browser copy of user settings (localStorage "userSettings"); its timezone wins over the server's. */
import type { UserSettings } from '../api/account.ts';

export const USER_SETTINGS_KEY = 'userSettings';

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The cached settings, or null. */
export function readCachedSettings(): Partial<UserSettings> | null {
  try {
    const raw = localStorage.getItem(USER_SETTINGS_KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' ? (v as Partial<UserSettings>) : null;
  } catch {
    return null;
  }
}

/** Stores settings in the browser. */
export function writeCachedSettings(s: UserSettings): void {
  try {
    localStorage.setItem(USER_SETTINGS_KEY, JSON.stringify(s));
  } catch {
    /* private mode: settings still live on the server */
  }
}

/** Merges server settings with the cache: the cached timezone takes precedence. */
export function mergeCachedTimezone(server: UserSettings, cached: Partial<UserSettings> | null): UserSettings {
  return cached?.timezone ? { ...server, timezone: cached.timezone } : server;
}

/** The zone timestamps are shown in: cached setting, else the browser's. */
export function displayTimeZone(): string {
  return readCachedSettings()?.timezone || browserTimeZone();
}

/** The 15 selectable zones (spec section 9). */
export const TIMEZONES: readonly { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern Time (US & Canada)' },
  { value: 'America/Chicago', label: 'Central Time (US & Canada)' },
  { value: 'America/Denver', label: 'Mountain Time (US & Canada)' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (US & Canada)' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
  { value: 'UTC', label: 'UTC' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Europe/Berlin', label: 'Berlin' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
  { value: 'Asia/Shanghai', label: 'Shanghai' },
  { value: 'Asia/Kolkata', label: 'Kolkata' },
  { value: 'Australia/Sydney', label: 'Sydney' },
];
