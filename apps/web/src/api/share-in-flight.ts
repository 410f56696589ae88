/** Runs fn once per key while a call is pending; concurrent callers share the same promise. */
const pending = new Map<string, Promise<unknown>>();

export function shareInFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const existing = pending.get(key);
  if (existing) return existing as Promise<T>;
  const p = fn().finally(() => pending.delete(key));
  pending.set(key, p);
  return p;
}
