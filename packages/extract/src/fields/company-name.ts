import type { ExtractedData } from '@ladingwise/shared';
import type { Word } from '../types.ts';
import { normalizeText } from '../layout.ts';
import { ocrDistance } from './find-labels.ts';
import { US_STATES } from './geo.ts';
import { LETTER_FOR } from './look-alikes.ts';
import { confidenceIn, isKnownWord, joinSplitWords, repairLookAlikeWords, repairSpelling } from './spelling.ts';

// A company's name as printed, read back from OCR: the marks and specks at its ends dropped, its legal ending (INC,
// LLC, SA DE CV...) put back where the OCR misread it by a letter, and words no dictionary holds spelt as the word one
// edit away where the OCR was unsure of them. Facts about how names are written, shared by every reader of a party.

// The roles a signer writes after a name: "ACME FREIGHT, AS CARRIER", "..., COMO TRANSPORTISTA", or in brackets,
// "ACME FREIGHT (CARRIER)", the brackets read as letters or bars ("ICARRIERJ") where the OCR took them for the word's.
const ROLE = '(?:CARRIER|AGENT|SHIPPER|CONSIGNEE|TRANSPORTISTA|REMITENTE|AGENTE|TRANSPORTEUR|EXPEDITEUR)';
const ROLE_AFTER = new RegExp(`,?\\s+(?:AS|COMO|EN TANT QUE) ${ROLE}$`);
const ROLE_IN_BRACKETS = new RegExp(`\\s+(?:[(\\[{|]\\s*${ROLE}\\s*[)\\]}|]?|[(\\[{|I1l]${ROLE}[)\\]}|J1lI])$`);

const cleanName = (s: string): string =>
  // A box's number printed before what the box holds ("[1] ACME", "4) ACME", the bracket read as "1]", the number as a
  // letter, "E]") is the form's, never the name's.
  // A number padded with a zero ("04 ACME") or closed by a point ("2. ACME") is a box's too: a name's own number is
  // neither padded nor followed by a point.
  s.replace(/^(?:\(?\[?\d{1,2}[\])]{1,2}|\[?[A-Z]\]|0\d|\d{1,2}\.)\s+(?=\p{L})/u, '')
  // The Mexican company ending, however punctuated or its words joined by hyphens ("SA-DE CV"), read with a look-alike
  // ("$A DE CV", "SA DE GV.") or glued to the name by a hyphen.
    .replace(/(^|[^A-Z0-9$])[S$5]\.?[\s-]?A\.?[\s-]?DE[\s-]?[CG]\.?[\s-]?V\.?(?=\s|$)/g, (_m, pre: string) => `${pre === '-' ? ' ' : pre}SA DE CV`)
    .replace(/\bSADE\s?CV\b/g, 'SA DE CV').replace(/\bPTELTD\b/g, 'PTE LTD')
    // Before DE CV only SA stands: a two-letter word of S there is SA with its A misread ("SK DE CV", "SH DE CW").
    .replace(/\bS[A-Z] DE C[A-Z]\b/g, 'SA DE CV')
    .replace(/\s+/g, ' ').replace(/^[\s:;,.|*'"‘’“”«»/\\-]+|[\s:;,|*_—–-]+$/g, '').replace(/(\s+[^\p{L}\p{N}\s]+)+$/u, '').replace(/\s[-_](?=\p{L})/gu, ' ').trim()
    // A dash, dot or bar standing alone between two words is a speck or a cell's edge, not part of the name ("MILLS -
    // INC", "CABINETRY |. LTEE").
    .replace(/ [-_–—.·•|]+(?= )/g, '')
    // Specks read as marks: a dot or hyphen hanging on a word's end ("CERAMICS- LLC", "MILL·"), junk after the
    // company ending that starts with a mark ("SA DE CV = EEE]"), a label's remains before an opening quote ("NAMI “").
    .replace(/(?<=\p{L}{3})[-·•](?=\s|$)/gu, '').replace(/\b(SA DE CV|INC|LLC|LTD|CORP|ULC|LTEE|LLP|COMPANY)\s+[=|\][{}«»~].*$/, '$1')
    .replace(/^[A-Z]{2,5}\s+[“"«](?=\p{L})/u, '')
    // A company ending the OCR glued to the word before it ("CERAMICSCORP", "BAJIOSADECV"); not the endings that close
    // words of their own (KANSAS, ALPINA).
    .replace(/\b([A-Z]{4,})(SADECV|CORP|LLC|LTD|LTEE|ULC|INC|SARL|GMBH|PLC|LLP)$/, (_m, w: string, end: string) => `${w} ${end === 'SADECV' ? 'SA DE CV' : end}`)
    // CO glued to a last word that is a word without it ("PAPER MILLSCO"), where together they make none.
    .replace(/(?<=\S\s)([A-Z]{4,})CO$/, (m, w: string) => (isKnownWord(w) && !isKnownWord(m) ? `${w} CO` : m))
    // ... or joined to it by a hyphen read for the space ("MILLS-LTD").
    .replace(/\b([A-Z]{3,})-(CORP|LLC|LTD|LTEE|ULC|INC)$/, '$1 $2')
    // A signature names the signer's role after the name ("ACME FREIGHT, AS CARRIER", "..., COMO TRANSPORTISTA"): the
    // role, or its first word where the line was cut, is not the name's.
    .replace(/,\s*(AS|COMO|EN TANT QUE)$/, '')
    .replace(ROLE_AFTER, '')
    .replace(ROLE_IN_BRACKETS, '');

// Legal forms that end a registered name, in the three languages' countries and the ports the bills name. Not CO or
// COMPANY: they also begin labels ("COMPANY NAME") and sit inside names ("CO-OP").
const LEGAL_FORMS = ['INC', 'LLC', 'LTD', 'LTDA', 'LTEE', 'CORP', 'CORPORATION', 'INCORPORATED', 'LIMITED', 'ULC', 'LLP', 'PLC', 'GMBH',
  'SARL', 'SAS', 'SRL', 'BV', 'NV', 'PTE LTD', 'SA', 'SA DE CV', 'SAPI DE CV', 'S DE RL', 'S DE RL DE CV'].map((f) => f.split(' '));

/** A name's words in capitals without their dots and commas, as legal forms and endings are compared. */
export const bareWords = (text: string): string[] => text.toUpperCase().replace(/[.,]/g, '').split(/\s+/).filter(Boolean);

/** Whether a part of a line ends as company names end (a legal form, COMPANY, GROUP...), however short the part. */
export function endsAsCompany(text: string): boolean {
  const last = bareWords(text).pop();
  // OTHER_ENDINGS holds the last word of every legal form.
  return !!last && (OTHER_ENDINGS.has(last) || COMPANY_SUFFIXES.includes(last));
}

/**
 * Whether a name ends as registered names do: with a legal form, or one of the other endings names carry (CO, AG,
 * COMPANY, GROUP...). A name that ends otherwise may have been cut short, its ending on a line not read with it.
 */
export const endsAsName = (name: string): boolean => bareWords(name).length >= 2 && endsAsCompany(name);

// The openings of an instruction to the carrier: a call or an appointment, the C of CALL read as O.
const INSTRUCTION = /^(?:C[AO]LL (?:ON ARRIVAL|BEFORE|AHEAD|PRIOR|FOR APP)|APPOINTMENT|APPT\b|DELIVERY APPOINTMENT)/;

/** Whether a line is an instruction to the carrier ("CALL ON ARRIVAL"): that names no party, wherever it stands. */
export const isInstruction = (text: string): boolean => INSTRUCTION.test(normalizeText(text));

/** Whether a text is a company's legal form and nothing else ("LLC", "SA DE CV"): that names no company. */
export function legalFormOnly(text: string): boolean {
  const bare = bareWords(text);
  return LEGAL_FORMS.some((f) => f.length === bare.length && f.every((w, k) => bare[k] === w));
}

/**
 * Whether a name reads as nothing but a company's ending ("HOLDINGS INC", "GROUP LLC"): the generic words and legal
 * forms names end with. A name has words of its own before them, so such a reading is the tail of a longer name.
 */
export function onlyCompanyEnding(name: string): boolean {
  const bare = bareWords(name);
  return bare.length > 0 && bare.every((w) => OTHER_ENDINGS.has(w) || COMPANY_SUFFIXES.includes(w) || FORM_WORDS.has(w));
}

/**
 * How many words of a company's legal form (INC, LLC, SA DE CV...) a name ends with, after at least one word of its
 * own; 0 when it ends otherwise.
 */
export function legalFormEnd(name: string): number {
  const bare = bareWords(name);
  return Math.max(0, ...LEGAL_FORMS.filter((f) => f.length <= bare.length - 1 && f.every((w, k) => bare[bare.length - f.length + k] === w)).map((f) => f.length));
}

/**
 * A registered company name ends with its legal form (INC, LTD, SA DE CV, GMBH...): words after the last one on the
 * name's line are another item of the form (a label, an account number, a dock note), not the name. The form is never
 * the name's first word ("AG SUPPLY", "SA TRANSPORT"), and where the words after a form go on as a longer one (cut
 * short by the line's end, "SA DE" before a CV on the next line, or misread, "SA DE CY") the name is left as read.
 */
export function endAtLegalForm(name: string): string {
  const toks = name.split(' ');
  const bare = toks.map((t) => t.replace(/[.,]/g, ''));
  let end = -1;
  for (let i = 1; i < bare.length; i++) {
    const forms = LEGAL_FORMS.filter((f) => f.every((w, k) => bare[i + k] === w));
    if (!forms.length) continue;
    const longest = Math.max(...forms.map((f) => f.length));
    const rest = bare.slice(i + longest);
    const goesOn = rest.length > 0 && LEGAL_FORMS.some((f) => f.length > longest && f.slice(0, longest).every((w, k) => bare[i + k] === w)
      && f.slice(longest, longest + rest.length).every((w, k) => ocrDistance(w, rest[k]!) <= 1));
    if (!goesOn) end = i + longest;
  }
  // Where the name reached an ending (COMPANY, GROUP...) before a number, it ended there, whatever legal form a later
  // item of the form carries ("... COMPANY, 4711 FOUNDRY CIR, ... TIDEWATER HARDWARE LTD").
  const numbered = endBeforeNumber(bare);
  if (numbered > 0 && (end < 0 || numbered < end)) end = numbered;
  return end > 0 && end < toks.length ? toks.slice(0, end).join(' ').replace(/,$/, '') : name;
}

/**
 * Where a name that reached one of the endings names carry (CO, COMPANY, GROUP...) ends, when a word holding a digit
 * or a label's colon follows it on the line: a name holds no account, dock or customer number after its ending, so
 * those words are the next item of the form. -1 where no such ending stands before such a word.
 */
function endBeforeNumber(bare: string[]): number {
  const stop = bare.findIndex((w, i) => i > 1 && (/\d/.test(w) || /[:#]$/.test(w)));
  if (stop < 0) return -1;
  const ending = (w: string): boolean => OTHER_ENDINGS.has(w) || COMPANY_SUFFIXES.includes(w);
  for (let i = stop - 1; i >= 1; i--) {
    if (!ending(bare[i]!)) continue;
    // A legal form misread by a letter right after the ending ("GROUP LLO") is the name's own last word.
    const next = bare[i + 1];
    return next && i + 1 < stop && next.length >= 3 && COMPANY_SUFFIXES.some((s) => s.length === next.length && ocrDistance(s, next) <= 1) ? i + 2 : i + 1;
  }
  return -1;
}

/**
 * An ampersand read as a look-alike digit, per cent, plus or euro sign between two words of a name ("WIRE 6 CABLE",
 * "WIRE € CABLE", "IMPORT + EXPORT", as a hand writes it); a name never has a lone 6 or such a sign there.
 */
export function repairAmpersand(name: string): { value: string; repaired: boolean } {
  const value = name.replace(/(?<=\b[A-Z]{2,}) (?:[68€£][:;.,]?|[%+]) (?=[A-Z]{2,}\b)/g, ' & ');
  return { value, repaired: value !== name };
}

// Real endings that sit one letter from a listed one: never "repaired". The legal forms' last words, and other
// endings names carry (LP, CO, INTL...), a carrier's trade among them (LTL, FTL: less than / full truckload).
const OTHER_ENDINGS = new Set([...LEGAL_FORMS.map((f) => f[f.length - 1]!), 'LP', 'CO', 'SL', 'AG', 'SPA', 'PTY', 'PTE', 'INTL', 'GRP', 'LTL', 'FTL']);
const FORM_WORDS = new Set(LEGAL_FORMS.flat());
const COMPANY_SUFFIXES = ['INC', 'LLC', 'LTD', 'CORP', 'ULC', 'LTEE', 'LLP', 'GROUP', 'COMPANY', 'HOLDINGS', 'INDUSTRIES'];

// Legal forms of three letters or more by what is left of them without their first letter, where that is no ending.
const HEADLESS = new Map(['LTD', 'LTEE', 'LTDA', 'CORP'].map((f) => [f.slice(1), f]));

// The legal forms most companies on North American bills carry.
const COMMONEST_SUFFIXES: ReadonlySet<string> = new Set(['INC', 'LLC', 'LTD', 'LTEE', 'CORP']);

/** Puts back a company-type ending misread by one letter ("ALDER HARDWARE CORY" -> CORP, "LD" -> LTD). */
export function repairCompanySuffix(name: string): { value: string; repaired: boolean } {
  const toks = name.split(' ');
  const last = toks[toks.length - 1] ?? '';
  // An ending's first stroke read as a bracket or bar, never opened or closed ("(TD" for LTD, "[NC" for INC).
  const stroke = toks.length >= 2 ? /^[([{|]([A-Z]{1,4})$/.exec(last) : null;
  const stroked = stroke ? ['L', 'I'].map((c) => c + stroke[1]).filter((x) => COMPANY_SUFFIXES.includes(x)) : [];
  if (stroked.length === 1) { toks[toks.length - 1] = stroked[0]!; return { value: toks.join(' '), repaired: true }; }
  // A legal form is letters: a digit in one that also has letters is the letter it looks like ("8.V." for B.V.).
  const lettered = /\d/.test(last) && /[A-Z]/.test(last) ? last.replace(/\d/g, (d) => LETTER_FOR[d] ?? d) : last;
  if (toks.length >= 2 && lettered !== last && OTHER_ENDINGS.has(lettered.replace(/\./g, ''))) { toks[toks.length - 1] = lettered; return { value: toks.join(' '), repaired: true }; }
  // INC with its thin I lost and the N read as W ("BOREAL WC", "HOLDINGS NC"), or the I read as T, 1 or a bar ("TNC").
  if (toks.length >= 2 && /^([NW]|[T1|L]N)C\.?$/.test(last)) { toks[toks.length - 1] = 'INC'; return { value: toks.join(' '), repaired: true }; }
  // "SA DE CV" with a letter of its CV misread ("SA DE OV", "SA DE GV", "SA DE CY", "SADE CN"): after SA DE the only
  // Mexican ending is CV.
  const sade = toks.length >= 3 && ['SA', 'SAPI'].includes(toks[toks.length - 3]!) && toks[toks.length - 2] === 'DE';
  const glued = toks.length >= 2 && toks[toks.length - 2] === 'SADE';
  const cv = last.replace(/\.$/, '');
  if ((sade || glued) && cv !== 'CV' && cv.length <= 2 && (/^[OGQ0(¢]V$/.test(cv) || ocrDistance(cv, 'CV') <= 1)) {
    const form = sade ? [toks[toks.length - 3]!, 'DE', 'CV'] : ['SA', 'DE', 'CV'];
    return { value: [...toks.slice(0, toks.length - (sade ? 3 : 2)), ...form].join(' '), repaired: true };
  }
  // ... or with its SA DE lost before the CV ("PLASTICOS TOLTECA CV"): CV ends only the Mexican forms, always after DE.
  if (toks.length >= 3 && last === 'CV' && !['DE', 'SADE'].includes(toks[toks.length - 2]!)) {
    return { value: [...toks.slice(0, -1), 'SA', 'DE', 'CV'].join(' '), repaired: true };
  }
  // ... or with its CV lost at the name's end ("SA DE", "SADE"): no name ends on the form's DE.
  if (toks.length >= 3 && (last === 'SADE' || (last === 'DE' && ['SA', 'SAPI'].includes(toks[toks.length - 2]!)))) {
    const form = last === 'SADE' ? ['SA', 'DE', 'CV'] : [toks[toks.length - 2]!, 'DE', 'CV'];
    return { value: [...toks.slice(0, toks.length - (last === 'SADE' ? 1 : 2)), ...form].join(' '), repaired: true };
  }
  // A form whose first letter was lost at the name's end, as a first stroke often is ("SAINT-LAURENT TEE", "SUPPLY
  // TD"): only where what is left is no ending of its own (LC, LP are).
  const headless = toks.length >= 2 ? HEADLESS.get(last.replace(/\.$/, '')) : undefined;
  if (headless) { toks[toks.length - 1] = headless; return { value: toks.join(' '), repaired: true }; }
  // An ending written out in spaced capitals ("NUTRITION L L C").
  const spaced = / ((?:[A-Z] ){1,3}[A-Z])$/.exec(name)?.[1]?.replace(/ /g, '');
  if (spaced && toks.length > spaced.length && COMPANY_SUFFIXES.includes(spaced)) return { value: `${toks.slice(0, -spaced.length).join(' ')} ${spaced}`, repaired: true };
  if (toks.length < 2 || last.length < 2 || COMPANY_SUFFIXES.includes(last) || OTHER_ENDINGS.has(last) || /\d/.test(last)) return { value: name, repaired: false };
  // A long ending (seven letters or more) read with two slips, its first letter among them ("LOMRANY" for COMPANY),
  // where what was read is no word: no word of a name is that near one.
  const long = last.length >= 6 && !isKnownWord(last) ? COMPANY_SUFFIXES.filter((x) => x.length >= 7 && Math.abs(x.length - last.length) <= 1 && ocrDistance(last, x) <= 2) : [];
  if (long.length === 1) { toks[toks.length - 1] = long[0]!; return { value: toks.join(' '), repaired: true }; }
  // The nearest ending when it is nearer than any other ("LLE": LLC by a look-alike C, not LLP).
  const dist = new Map(COMPANY_SUFFIXES.filter((x) => x[0] === last[0] && Math.abs(x.length - last.length) <= 1).map((x) => [x, ocrDistance(last, x)]));
  const best = Math.min(1, ...dist.values());
  const near = [...dist].filter(([, d]) => d <= best).map(([x]) => x);
  // Of two endings as near, the one far more companies carry ("LLO": LLC, not LLP).
  const common = near.filter((x) => COMMONEST_SUFFIXES.has(x));
  const pick = near.length === 1 ? near[0] : common.length === 1 ? common[0] : undefined;
  if (!pick) return { value: name, repaired: false };
  toks[toks.length - 1] = pick;
  return { value: toks.join(' '), repaired: true };
}

/**
 * A company-type ending the page pass lost at the name's end (by a cell border) that the line reader's hint still
 * reads ("ASHFORD CABINETRY HOLDINGS" where the hint says ... HOLDINGS INC): the name with it, for review.
 */
export function suffixFromHint(words: Word[], name: string): string | null {
  const alt = words[words.length - 1]?.alt;
  const toks = name.split(' '), last = toks[toks.length - 1]!;
  if (!alt || toks.length < 2 || ['INC', 'LLC', 'LTD', 'CORP', 'ULC', 'LTEE', 'LLP', 'CV', 'LP', 'PLC'].includes(last)) return null;
  const hint = normalizeText(alt).replace(/[.,]/g, '').split(/\s+/);
  const at = hint.lastIndexOf(last);
  const extra = at >= 0 ? hint.slice(at + 1) : [];
  return extra.length === 1 && (COMPANY_SUFFIXES.includes(extra[0]!) || OTHER_ENDINGS.has(extra[0]!)) ? `${name} ${extra[0]}` : null;
}

/** A company name read from its words' text: cleaned, its ending and ampersand repaired, unsure words spelt; `repaired` when any step changed it. */
export function readCompanyName(text: string, words: Word[]): { value: string; repaired: boolean } {
  // The ending is repaired before the name is ended at it, so a misread form ("SA DE OV") is a form there.
  const alike = repairLookAlikeWords(cleanName(text.toUpperCase()));
  const joined = joinSplitWords(alike.value, { alsoWhole: (w) => COMPANY_SUFFIXES.includes(w) });
  const suffixed = repairCompanySuffix(joined.value);
  const repaired = { value: suffixed.value, repaired: alike.repaired || joined.repaired || suffixed.repaired };
  const ended = endAtLegalForm(repaired.value);
  // A name ended before words that followed it has a new last word, whose form may be misread too.
  const named = { ...repaired, value: ended === repaired.value ? ended : repairCompanySuffix(ended).value };
  const amp = repairAmpersand(named.value);
  const hinted = suffixFromHint(words, amp.value);
  const spelt = repairSpelling(hinted ?? amp.value, confidenceIn(words));
  return { value: spelt.value, repaired: named.repaired || amp.repaired || !!hinted || spelt.repaired };
}

// A legal form one country's law alone provides, and the look-alike form (an L's foot lost reads U) that the law of
// another country does: an unlimited liability company is Canadian, a limited liability company American.
const LOOK_ALIKE_FORMS: ReadonlyArray<{ read: string; country: string; meant: string }> = [{ read: 'ULC', country: 'US', meant: 'LLC' }];
// A form put right from the party's country is a guess a person should see.
const FORM_FITTED = 0.85;

/**
 * Each party's name ending in a legal form its country's law does not provide, where a look-alike form is the
 * country's ("... ULC" at a US address is "... LLC"): the name with the country's form, for review.
 */
export function fitLegalFormToCountry(data: ExtractedData): void {
  for (const key of ['Shipper', 'Consignee', 'BillTo'] as const) {
    const p = data[key];
    const last = p?.Name?.split(' ').at(-1);
    // A party's country is the one printed, else its state's.
    const country = p?.Country ?? (p?.State && US_STATES.has(p.State.toUpperCase()) ? 'US' : null);
    const fit = LOOK_ALIKE_FORMS.find((f) => f.read === last && f.country === country);
    if (!p?.Name || !fit) continue;
    p.Name = `${p.Name.slice(0, -fit.read.length)}${fit.meant}`;
    data.ConfidenceScores[`${key}.Name`] = Math.min(data.ConfidenceScores[`${key}.Name`] ?? FORM_FITTED, FORM_FITTED);
  }
}
