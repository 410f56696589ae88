import { normalizeText } from '../layout.ts';
import type { Word } from '../types.ts';

// How forms and shippers write whom to ask for at a party ("ATTN: MARIA LOPEZ", "C/O", "Contacto:", "À l'att. de"):
// a person's line, never the party's name, street or city.
// French "à l'attention de" often loses its accented "à" to the OCR ("L'ATT. DE").
const CONTACT_LEAD = /^(ATTN|ATTENTION|ATT|C\s?\/\s?O|CONTACT|CONTACTO|ATN|ATENCION|A\s?\/\s?A|(A )?L'?\s?ATT(ENTION)?)\b/;

/** Whether a line or value starts by naming whom to ask for. */
export function isContactLine(words: Word[]): boolean {
  return CONTACT_LEAD.test(normalizeText(words.map((w) => w.text).join(' ')));
}
