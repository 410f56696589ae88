import type { Word } from '../types.ts';
import { endsAsCompany } from './company-name.ts';
import { trailingLabelWords } from './find-labels.ts';
import type { LabelField } from './lexicon.ts';
import { NUMBER_WORDS } from './references.ts';

// Where a company's name ends on a line that goes on: read alike by the rules' party blocks and the tagger's runs.

/** The labels of what follows a party's name: its street, a stop, its place. */
export const NAME_NEXT_KINDS: ReadonlySet<LabelField> = new Set<LabelField>(['address', 'stop', 'city', 'cityStateZip', 'state', 'zip']);

const text = (ws: Word[]): string => ws.map((w) => w.text).join(' ');

/**
 * A name that has reached its ending (a legal form, CO, COMPANY, GROUP...) ends there: a label after it needs no colon
 * to be the next item's ("... BEARINGS CO LOCATION"), a word that says "number" opens one (with the word naming what
 * is numbered before it), and a lone letter after it is a speck, not a word of the name.
 */
export function endAtEnding(words: Word[], kinds: ReadonlySet<LabelField> = NAME_NEXT_KINDS): Word[] {
  const last = words[words.length - 1];
  if (words.length > 2 && last && /^[A-Za-z][.,]?$/.test(last.text) && endsAsCompany(text(words.slice(0, -1)))) return words.slice(0, -1);
  // A word that says "number" after the ending opens the next item ("... COMPANY NO. DE" of No. de cliente), and so
  // does one word naming what is numbered before it ("... COMPANY ACCOUNT NO."), or a number sign ("... SID#/").
  const says = (w: Word): boolean => NUMBER_WORDS.has(w.text.toUpperCase().replace(/[.:#°º]+$/, '')) || /\p{L}#/u.test(w.text);
  const numbered = words.findIndex((w, i) => i >= 2 && says(w) && endsAsCompany(text(words.slice(0, i))));
  if (numbered > 0) return words.slice(0, numbered);
  const named = words.findIndex((w, i) => i >= 3 && says(w) && /^\p{L}+$/u.test(words[i - 1]!.text) && endsAsCompany(text(words.slice(0, i - 1))));
  if (named > 0) return words.slice(0, named - 1);
  // A word that may be a name's own where a label stands alone ("SUCURSAL", "DOCK") is the next item's after the end.
  const k = trailingLabelWords(words, kinds, new Set(), true);
  return k && endsAsCompany(text(words.slice(0, -k))) ? words.slice(0, -k) : words;
}

