import { esc } from '../synthetic/format.ts';
import type { Rng } from '../synthetic/random.ts';
import type { Family, LabelPosition } from './families.ts';
import { CONCEPT_FIELD, labelText, type Concept, type LabelStyle } from './lexicon.ts';
import type { LayoutDoc } from './world.ts';

/**
 * A word's tag in the DOM (`data-f`): a field path for value words ("Shipper.Name"), `label:<field>` for the words of a
 * label that introduces a field, `label:` for other labels, '' for everything else.
 */
export type Tag = string;

/** One value as printed, for checking that the words on the page spell it. */
export interface Printed { field: string; occ: number; text: string }

/** Everything the sections of one page share while it is composed. */
export interface PageCtx {
  rng: Rng;
  family: Family;
  doc: LayoutDoc;
  style: LabelStyle;
  /** CSS family of handwritten values, or null for typed ones. */
  hand: string | null;
  ink: string;
  /** Face of typed-in values when they differ from the form's print (a printer filling a preprinted form). */
  valueFont: string | null;
  /** Party blocks typed as running text ("ACME CORP, 12 MAIN ST, AUSTIN, TX 78701"): a share of trained pages. */
  runOn?: boolean;
  /** Party blocks carry whom to ask for ("ATTN: MARIA LOPEZ"): a share of trained pages. */
  contacts?: boolean;
  /** The goods table lists two or three lines and totals them: a share of trained pages. */
  severalItems?: boolean;
  /** A printed page's values filled in by hand at the dock (counts, weight, date...): their hand and fields. */
  handFilled?: { family: string; fields: ReadonlySet<string> };
  /** Values printed in Title Case rather than capitals. */
  titleCase: boolean;
  dateForm: number;
  printed: Printed[];
  nextOcc: number;
}

/** Wraps every whitespace-separated word of `text` in a span carrying `tag` (and the value occurrence `occ`). */
export function words(text: string | number, tag: Tag, occ = -1): string {
  const o = occ >= 0 ? ` data-o="${occ}"` : '';
  return String(text).split(/\s+/).filter(Boolean).map((t) => `<span class="w" data-f="${tag}"${o}>${esc(t)}</span>`).join(' ');
}

/** Plain printed text that belongs to no field. */
export const txt = (text: string): string => words(text, '');

/** A filled-in value: typed, or handwritten with a little wobble; every word tagged with `field` ('' for none). */
export function val(ctx: PageCtx, text: string | number | null | undefined, field: string): string {
  if (text === null || text === undefined || String(text).trim() === '') return '';
  const s = String(text);
  let occ = -1;
  if (field) {
    occ = ctx.nextOcc++;
    ctx.printed.push({ field, occ, text: s });
  }
  const inner = words(s, field, occ);
  const filled = !ctx.hand && ctx.handFilled?.fields.has(field) ? ctx.handFilled.family : null;
  const hand = ctx.hand ?? filled;
  if (hand) {
    // A hand-filled value's wobble comes from a fork, so the page's other draws stay as without it.
    const r = filled ? ctx.rng.fork('hand-filled') : ctx.rng;
    const style = `font-family:${hand};color:${ctx.ink};-webkit-text-stroke:${r.float(0.1, 0.5).toFixed(2)}px ${ctx.ink};font-size:${r.float(14, 19).toFixed(1)}px;`
      + `line-height:1.05;display:inline-block;transform:translate(0,${r.float(-2, 2).toFixed(1)}px) rotate(${r.float(-2.5, 2.5).toFixed(2)}deg)`;
    return `<span class="hw" style="${style}">${inner}</span>`;
  }
  if (ctx.valueFont) return `<span class="tv" style="font-family:${ctx.valueFont}">${inner}</span>`;
  return `<span class="v">${inner}</span>`;
}

/** A label in the page's wording; `field` overrides the field the concept introduces (party sub-labels). */
export function label(ctx: PageCtx, concept: Concept, field?: string | null): string {
  const f = field === undefined ? CONCEPT_FIELD[concept] ?? '' : field ?? '';
  return words(labelText(concept, ctx.style, ctx.rng), `label:${f}`);
}

/** A labelled item: the label left of, above, inside the box with, or missing from the value. */
export function item(labelHtml: string, valueHtml: string, pos: LabelPosition): string {
  switch (pos) {
    case 'left': return `<div class="it"><span class="lb">${labelHtml}</span> ${valueHtml}</div>`;
    case 'above': return `<div class="it"><div class="lb">${labelHtml}</div><div class="vl">${valueHtml}</div></div>`;
    case 'inside': return `<div class="it bx"><div class="cap">${labelHtml}</div><div class="vl">${valueHtml}</div></div>`;
    default: return `<div class="it">${valueHtml}</div>`;
  }
}

/** Title Case for values printed that way; codes, numbers and short connectives keep their case. */
export function caseOf(ctx: PageCtx, s: string): string {
  if (!ctx.titleCase) return s;
  const keep = /^(SA|CV|LLC|INC|LTD|CO|ULC|LTEE|PTE|BV|B\.V\.|GMBH|AG|SAS|SARL|PLC|LTDA|N|S|E|W|NO\.|NOI|KD)$/;
  return s.split(' ').map((w) => (keep.test(w) || /\d/.test(w) ? w : w.charAt(0) + w.slice(1).toLowerCase())).join(' ');
}
