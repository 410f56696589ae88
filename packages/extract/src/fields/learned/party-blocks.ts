import type { Word } from '../../types.ts';
import { level } from './word-runs.ts';

// A party is printed as one block of lines (name, street, city, state, postal code), and one block is one party. The
// tagger decides each word on its own, so a block can come out split between parties (its city the shipper's, its
// street the consignee's) and two blocks can both claim the same party. Here the party words of a page are gathered
// into blocks, each block is given one party — every party at most one block, the blocks surest of a party first —
// and each word's party classes are moved to its block's party, its field within the party (name, city...) untouched.

const PARTIES = ['Shipper', 'Consignee', 'BillTo'] as const;

// Share of a word's probability on party classes at which it counts as a party's word.
const PARTY_WORD = 0.5;
// Share of a block's party probability a party needs for the block to be given to it.
const MOVE_SHARE = 0.1;

/** Which party and field each class is (null for classes of no party). */
function partyClasses(classes: readonly string[]): Array<{ party: number; leaf: string } | null> {
  return classes.map((c) => {
    const [group, leaf] = c.split('.');
    const party = PARTIES.indexOf(group as typeof PARTIES[number]);
    return party >= 0 && leaf ? { party, leaf } : null;
  });
}

/**
 * Words of one printed block: on one line no wider apart than a word space or two, or on lines right under each other,
 * the lower one no further aside than that (a value's wrapped line starts back at its cell's edge, left of the value).
 */
function sameBlock(a: Word, b: Word): boolean {
  if (a.page !== b.page) return false;
  const lh = Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  const xGap = Math.max(a.bbox[0], b.bbox[0]) - Math.min(a.bbox[2], b.bbox[2]);
  if (level(a, b)) return xGap < 1.5 * lh;
  const yGap = Math.max(a.bbox[1], b.bbox[1]) - Math.min(a.bbox[3], b.bbox[3]);
  if (yGap >= 1.0 * lh) return false;
  const [upper, lower] = a.bbox[1] <= b.bbox[1] ? [a, b] : [b, a];
  return xGap < 0 || (lower.bbox[2] <= upper.bbox[0] && xGap < 1.5 * lh);
}

/**
 * The words' class probabilities with each party block given to one party (new arrays; words outside party blocks
 * keep theirs).
 */
export function settleParties(words: Word[], probs: Map<Word, Float64Array>, classes: readonly string[], skip: Set<Word>): Map<Word, Float64Array> {
  const kinds = partyClasses(classes);
  const partyMass = (p: Float64Array, party: number): number => kinds.reduce((s, k, c) => (k && k.party === party ? s + p[c]! : s), 0);
  const party = words.filter((w) => !skip.has(w) && PARTIES.reduce((s, _, i) => s + partyMass(probs.get(w)!, i), 0) >= PARTY_WORD);
  // Blocks: connected runs of party words (union-find over the pairs printed together).
  const root = party.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i]!)));
  for (let i = 0; i < party.length; i++) for (let j = i + 1; j < party.length; j++) if (sameBlock(party[i]!, party[j]!)) root[find(i)] = find(j);
  const blocks = new Map<number, Word[]>();
  party.forEach((w, i) => { const r = find(i); blocks.set(r, [...(blocks.get(r) ?? []), w]); });
  const scored = [...blocks.values()].map((ws) => {
    const mass = PARTIES.map((_, i) => ws.reduce((s, w) => s + partyMass(probs.get(w)!, i), 0));
    return { ws, mass };
  });
  // Every (block, party) pair, surest first; a block takes the first party still free (a block that lost its likeliest
  // party to a surer block takes the next: two blocks are never one party). Blocks past the three parties (a notify
  // party, a broker) keep what the model gave them.
  const pairs = scored.flatMap((b) => PARTIES.map((_, i) => ({ b, party: i, mass: b.mass[i]! }))).sort((x, y) => y.mass - x.mass);
  const out = new Map(probs);
  const takenParty = new Set<number>(), settled = new Set<typeof scored[number]>();
  for (const { b, party: to, mass } of pairs) {
    if (takenParty.has(to) || settled.has(b)) continue;
    // A block is moved only to a party the model gives it some chance of: one it gives none of is not what the block
    // is, however the blocks were cut (a name's line and its street's, both the shipper's, drawn as two blocks).
    if (mass < MOVE_SHARE * b.mass.reduce((s, m) => s + m, 0)) continue;
    takenParty.add(to); settled.add(b);
    for (const w of b.ws) {
      const p = Float64Array.from(probs.get(w)!);
      kinds.forEach((k, c) => {
        if (!k || k.party === to) return;
        const same = kinds.findIndex((o) => o && o.party === to && o.leaf === k.leaf);
        if (same >= 0) { p[same] = p[same]! + p[c]!; p[c] = 0; }
      });
      out.set(w, p);
    }
  }
  return out;
}
