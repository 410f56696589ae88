/** Request bodies are accepted in camelCase or PascalCase (the spec's clients send both). */

/** The body's value for `camelKey`, or for its PascalCase spelling. */
export function bodyField(body: unknown, camelKey: string): unknown {
  const r = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return r[camelKey] ?? r[camelKey.charAt(0).toUpperCase() + camelKey.slice(1)];
}

/** Like bodyField, but only a string counts (anything else is undefined). */
export function bodyString(body: unknown, camelKey: string): string | undefined {
  const v = bodyField(body, camelKey);
  return typeof v === 'string' ? v : undefined;
}
