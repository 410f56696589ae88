/**
 * Turns lower-camel keys into PascalCase, deeply, so request bodies may use either form
 * (the spec accepts both). Keys of plain maps such as ConfidenceScores are left as sent.
 */
export function toPascalKeys(value: unknown, keepKeysUnder: ReadonlySet<string> = MAP_KEYS): unknown {
  if (Array.isArray(value)) return value.map((v) => toPascalKeys(v, keepKeysUnder));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const pascal = pascalKey(key);
    out[pascal] = keepKeysUnder.has(pascal) ? v : toPascalKeys(v, keepKeysUnder);
  }
  return out;
}

// PageSizes' entries are measured shapes ({width, height, turn}), kept as the server wrote them.
const MAP_KEYS = new Set(['ConfidenceScores', 'FieldSources', 'PageSizes']);

const SPECIAL: Record<string, string> = { isacontrolnumber: 'ISAControlNumber', isa: 'ISA', edi: 'Edi', edicontent: 'EDIContent' };

function pascalKey(key: string): string {
  return SPECIAL[key.toLowerCase()] ?? key.charAt(0).toUpperCase() + key.slice(1);
}
