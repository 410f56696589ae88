import { normalizeText, sameRow, type Segment } from '../layout.ts';
import { ocrDistance } from './find-labels.ts';
import type { ParsedParty } from './party.ts';

// Words of party headings, for headings garbled past recognition ("Comscnen vo", "Fro (sures)").
const HEADING_WORDS = {
  shipper: ['SHIPPER', 'FROM', 'CONSIGNOR', 'REMITENTE', 'EXPEDITEUR', 'ORIGEN', 'EMBARCADOR', 'EXPEDIDOR'],
  consignee: ['CONSIGNEE', 'CONSIGNED', 'DESTINATARIO', 'DESTINATAIRE', 'RECEIVER', 'DELIVER'],
} as const;

/** How close a garbled word is to a heading word: edit cost over the word's length (a prefix "FRO" of FROM counts). */
function closeness(word: string, target: string): number {
  if (word.length < 3) return 1;
  if (target.startsWith(word) && word.length >= 3) return (target.length - word.length) / target.length;
  return ocrDistance(word, target) / Math.max(word.length, target.length);
}

/**
 * Which party an address block found without a readable heading leans to, from the garbled heading left of (or
 * above) its first line: 'shipper', 'consignee', or null when the words resemble neither clearly.
 */
export function partyLeaning(block: ParsedParty, segments: Segment[]): 'shipper' | 'consignee' | null {
  const first = block.Name?.words[0];
  if (!first) return null;
  const own = segments.find((s) => s.words.includes(first));
  if (!own) return null;
  const lh = own.lineHeight;
  const left = segments.filter((s) => s !== own && sameRow(s, own) && s.bbox[2] <= own.bbox[0] + 0.5 * lh && own.bbox[0] - s.bbox[2] < 25 * lh)
    .sort((a, b) => b.bbox[2] - a.bbox[2])[0];
  const above = segments.filter((s) => s !== own && s.page === own.page && s.bbox[3] <= own.bbox[1] + 0.3 * lh && own.bbox[1] - s.bbox[3] < 1.5 * lh
    && Math.abs(s.bbox[0] - own.bbox[0]) < 3 * lh).sort((a, b) => b.bbox[3] - a.bbox[3])[0];
  const raw = [left, above].filter(Boolean).map((s) => normalizeText(s!.text).split(' '));
  // "... TO" ends the consignee's headings (CONSIGNED TO, SHIP TO, DELIVER TO), never the shipper's; it survives
  // small caps as TO, T0, 10, IO, [0 or YO (the T's bar read as a Y's arms) when the first word does not.
  if (raw.some((ws) => ws.length >= 2 && ws.slice(1).some((w) => /^[T1IY[|][O0][:.]?$/.test(w)))) return 'consignee';
  const words = raw.flat().map((w) => w.replace(/[^A-Z]/g, '')).filter((w) => w.length >= 3);
  if (!words.length) return null;
  const best = (side: keyof typeof HEADING_WORDS): number => Math.min(...words.flatMap((w) => HEADING_WORDS[side].map((t) => closeness(w, t))));
  const s = best('shipper'), c = best('consignee');
  if (s <= 0.45 && c >= s + 0.25) return 'shipper';
  if (c <= 0.45 && s >= c + 0.25) return 'consignee';
  return null;
}

/**
 * Takes the block for a party slot: one leaning to it first, else the first that leans nowhere. A block whose heading
 * leans to the other party is left for that party.
 */
export function takeFor(slot: 'shipper' | 'consignee', blocks: ParsedParty[], segments: Segment[]): ParsedParty | undefined {
  const lean = blocks.map((b) => partyLeaning(b, segments));
  let i = lean.indexOf(slot);
  if (i < 0) i = lean.indexOf(null);
  return i < 0 ? undefined : blocks.splice(i, 1)[0];
}
