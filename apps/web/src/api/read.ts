/**
 * Tolerant readers for API answers: the spec accepts field names in either capitalised or
 * lower-camel form, so every read tries both ("jobId" and "JobId").
 */
export type Loose = Record<string, unknown>;

const upperFirst = (k: string) => k.charAt(0).toUpperCase() + k.slice(1);
const lowerFirst = (k: string) => k.charAt(0).toLowerCase() + k.slice(1);

/** True for a plain object (not null, not an array). */
export function isObject(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads key from o in the given, PascalCase or camelCase spelling. */
export function pick(o: unknown, key: string): unknown {
  if (!isObject(o)) return undefined;
  if (o[key] !== undefined) return o[key];
  const up = upperFirst(key);
  if (o[up] !== undefined) return o[up];
  return o[lowerFirst(key)];
}

/** A string field, or the fallback when absent or not a string/number. */
export function str(o: unknown, key: string): string | undefined;
export function str(o: unknown, key: string, fallback: string): string;
export function str(o: unknown, key: string, fallback?: string): string | undefined {
  const v = pick(o, key);
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return fallback;
}

/** A numeric field (numeric strings are accepted), or the fallback. */
export function num(o: unknown, key: string): number | undefined;
export function num(o: unknown, key: string, fallback: number): number;
export function num(o: unknown, key: string, fallback?: number): number | undefined {
  const v = pick(o, key);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}

/** A boolean field, or the fallback. */
export function bool(o: unknown, key: string, fallback = false): boolean {
  const v = pick(o, key);
  return typeof v === 'boolean' ? v : fallback;
}

/** An array field, or an empty array. */
export function arr(o: unknown, key: string): unknown[] {
  const v = pick(o, key);
  return Array.isArray(v) ? v : [];
}

/** A string-array field; non-strings are dropped. */
export function strings(o: unknown, key: string): string[] {
  return arr(o, key).filter((x): x is string => typeof x === 'string');
}
