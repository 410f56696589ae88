/**
 * The time zone every timestamp is shown in, for any browser: the browser's cached setting when one
 * exists (spec: "the cached timezone takes precedence"), else the zone saved on the server, else the
 * browser's own. Loading the settings refreshes the cache, so a fresh browser picks up the saved zone.
 */
import { useQuery } from '@tanstack/react-query';
import { getSettings, type UserSettings } from '../api/account.ts';
import { browserTimeZone, mergeCachedTimezone, readCachedSettings, writeCachedSettings } from './user-settings-cache.ts';

export const USER_SETTINGS_QUERY = ['user-settings'] as const;

/** Reads the server's settings, keeps a cached zone, and writes the result back to the cache. */
export async function loadUserSettings(): Promise<UserSettings> {
  const merged = mergeCachedTimezone(await getSettings(browserTimeZone()), readCachedSettings());
  writeCachedSettings(merged);
  return merged;
}

/** The display zone; re-renders when the settings load or are saved. */
export function useDisplayTimeZone(): string {
  const q = useQuery({ queryKey: USER_SETTINGS_QUERY, queryFn: loadUserSettings, retry: false, staleTime: 5 * 60_000 });
  return readCachedSettings()?.timezone || q.data?.timezone || browserTimeZone();
}
