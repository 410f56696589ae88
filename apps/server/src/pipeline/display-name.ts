/**
 * Cleans a client-sent file name for display only (job FileName, messages, the extractor's
 * logs). Storage keys never use it. Drops any folder part ("../../x.jpg" -> "x.jpg"), control
 * and bidi-override characters, and caps the length.
 */
const MAX_NAME = 200;

export function displayName(raw: string | undefined | null, fallback = 'Unknown File'): string {
  const noControls = String(raw ?? '')
    .normalize('NFC')
    // C0/C1 controls, DEL, and Unicode format characters (bidi overrides can disguise extensions).
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '');
  const base = noControls.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const trimmed = base.replace(/^[\s.]+/, '').trim();
  if (!trimmed) return fallback;
  return trimmed.length > MAX_NAME ? `${trimmed.slice(0, MAX_NAME - 1)}…` : trimmed;
}
