import { normalizeText, sameRow, type Segment } from '../layout.ts';
import type { Word } from '../types.ts';
import { textOf } from './candidates.ts';
import { parseCityStateZip } from './city-line.ts';
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

/** How far a block's garbled heading is from each party's heading words (0 = one of them), or null with no heading. */
interface Likeness { shipper: number; consignee: number; endsInTo: boolean }

function headingLikeness(block: ParsedParty, segments: Segment[]): Likeness | null {
  const first = block.Name?.words[0];
  if (!first) return null;
  const own = segments.find((s) => s.words.includes(first));
  if (!own) return null;
  const lh = own.lineHeight;
  const left = segments.filter((s) => s !== own && sameRow(s, own) && s.bbox[2] <= own.bbox[0] + 0.5 * lh && own.bbox[0] - s.bbox[2] < 25 * lh)
    .sort((a, b) => b.bbox[2] - a.bbox[2])[0];
  // The line above is a heading only when it is no address line: the block above's city line ends right there on
  // forms that stack their parties ("SOUTH BEND, IN 46628" would lean by its words' likeness to anything).
  const nearestAbove = segments.filter((s) => s !== own && s.page === own.page && s.bbox[3] <= own.bbox[1] + 0.3 * lh && own.bbox[1] - s.bbox[3] < 1.5 * lh
    && Math.abs(s.bbox[0] - own.bbox[0]) < 3 * lh).sort((a, b) => b.bbox[3] - a.bbox[3])[0];
  const above = nearestAbove && !parseCityStateZip(nearestAbove.words) ? nearestAbove : undefined;
  // What the line reader made of a heading Tesseract garbled counts too ("Focas (sara)" read "FRoM (somR)"), and so
  // does a heading read on the name's own line before it (dropped from the name as a garbled lead).
  const alts = (ws: Word[]): string[] => [...new Set(ws.map((w) => w.alt).filter((a): a is string => !!a))];
  const lead = own.words.slice(0, own.words.indexOf(first));
  const texts = [...[left, above].filter((s): s is Segment => !!s).flatMap((s) => [s.text, ...alts(s.words)]), ...(lead.length ? [textOf(lead), ...alts(lead)] : [])];
  const raw = texts.map((t) => normalizeText(t).split(' '));
  // "... TO" ends the consignee's headings (CONSIGNED TO, SHIP TO, DELIVER TO), never the shipper's; it survives
  // small caps as TO, T0, 10, IO, [0, YO or VO (the T's bar read as a Y's or V's arms) when the first word does not.
  const endsInTo = raw.some((ws) => ws.length >= 2 && ws.slice(1).some((w) => /^[T1IYV[|][O0][:.]?$/.test(w)));
  const words = raw.flat().map((w) => w.replace(/[^A-Z]/g, '')).filter((w) => w.length >= 3);
  const best = (side: keyof typeof HEADING_WORDS): number => Math.min(1, ...words.flatMap((w) => HEADING_WORDS[side].map((t) => closeness(w, t))));
  return { shipper: best('shipper'), consignee: best('consignee'), endsInTo };
}

/**
 * Which party an address block found without a readable heading leans to, from the garbled heading left of (or
 * above, or before) its first line: 'shipper', 'consignee', or null when the words resemble neither clearly.
 */
export function partyLeaning(block: ParsedParty, segments: Segment[]): 'shipper' | 'consignee' | null {
  const l = headingLikeness(block, segments);
  if (!l) return null;
  if (l.endsInTo) return 'consignee';
  // A heading within about one slip of a party's word leans to it by a smaller margin: CONSIGNOR and CONSIGNED share
  // their first six letters, so a misread one ("CONSINED") is never far from the other.
  const margin = (near: number): number => (near <= 0.12 ? 0.2 : 0.25);
  if (l.shipper <= 0.45 && l.consignee >= l.shipper + margin(l.shipper)) return 'shipper';
  if (l.consignee <= 0.45 && l.shipper >= l.consignee + margin(l.consignee)) return 'consignee';
  return null;
}

// Two blocks neither of which leans alone are paired the other way round from reading order only when their headings
// fit that pairing better by this much, summed over both, and one of them comes this close to its party's words.
const PAIRING_MARGIN = 0.15;
const CLOSE = 0.3;

/**
 * Takes the block for a party slot: one leaning to it first, else the first that leans nowhere. A block whose heading
 * leans to the other party is left for that party. Of two blocks that lean nowhere, the second goes first when the
 * pair's headings fit that way round clearly better ("FRUM" over the second, "CON" over the first).
 */
export function takeFor(slot: 'shipper' | 'consignee', blocks: ParsedParty[], segments: Segment[], otherFound = false): ParsedParty | undefined {
  const lean = blocks.map((b) => partyLeaning(b, segments));
  let i = lean.indexOf(slot);
  // With the other party found under its own clear heading, a block leaning to it is this one's: its garbled heading
  // only resembles the other's ("CoONsseNED 0" is near CONSIGNOR too).
  if (i < 0 && otherFound && lean.every((l) => l !== null)) i = 0;
  if (i < 0) {
    const open = lean.flatMap((l, k) => (l === null ? [k] : []));
    i = open[0] ?? -1;
    if (open.length >= 2) {
      const other = slot === 'shipper' ? 'consignee' : 'shipper';
      const [a, b] = [headingLikeness(blocks[open[0]!]!, segments), headingLikeness(blocks[open[1]!]!, segments)];
      // One heading of the pairing must really resemble its party's ("FRUM"): likenesses of noise sum to noise.
      if (a && b && Math.min(b[slot], a[other]) <= CLOSE && b[slot] + a[other] + PAIRING_MARGIN < a[slot] + b[other]) i = open[1]!;
    }
  }
  return i < 0 ? undefined : blocks.splice(i, 1)[0];
}
