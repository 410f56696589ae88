import type { FreightTerms, WeightUnit } from '@ladingwise/shared';
import { apartAt, apartAtCommas, normalizeText, oneReading, readingsOf, withoutSpecks } from '../../layout.ts';
import type { Word } from '../../types.ts';
import { bareWords, endsAsCompany, isInstruction, legalFormOnly, readCompanyName } from '../company-name.ts';
import { cleanCommodity, isPackageKindOnly, spellCommodity } from '../goods-table.ts';
import { parseFreightClass } from '../freight-class.ts';
import { countryOfName, isStateCode, normalizePostal, repairState } from '../geo.ts';
import { dateWithSlips } from '../date-slips.ts';
import { findDates, isFarYear, slashesReadAsDigits, type DateOrder } from '../parse-date.ts';
import { DIGIT_FOR, LETTER_FOR } from '../look-alikes.ts';
import { parseAmount, parseWeight, unitIn } from '../parse-weight.ts';
import { isStreetWord, looksLikeStreet, repairStreetLine, SUFFIXES, SUFFIX_WORDS, UNIT_WORDS } from '../street-line.ts';
import { parseCityStateZip } from '../city-line.ts';
import { isKnownPlace, placeSpacing } from '../../ocr/place-decode.ts';
import { NUMBER_WORDS, parseReference, parseScac } from '../references.ts';
import { isLabelPart, labelsOnly, leadingLabelWords, trailingLabelWords } from '../find-labels.ts';
import { isContactLine } from '../contact-line.ts';
import { CHECKED } from '../extract-fields.ts';
import { afterNoteEnd } from '../heading-note.ts';
import { endAtEnding } from '../name-end.ts';
import type { LabelField } from '../lexicon.ts';
import { brokenPair } from './word-runs.ts';

// The last step after the tagger: the words it marked for a field are read by the field's own parser and knowledge
// checks (postal codes, state codes, SCAC shape, dates, weights, NMFC classes). A value no parser accepts is no value.

/** A field's value read from its words: the value, whether the parser had to repair it, whether a check confirmed it. */
export interface ReadValue {
  value: string | number; repaired: boolean; checked: boolean; unit?: WeightUnit | null;
  /** A date whose year is far from today: most often a digit misread, never put right here. */
  farYear?: boolean;
  /** The words the value was read from: those marked for it, less labels and other items run on at its ends. */
  from?: Word[];
}

/**
 * A value's text without the marks a cell's edge or a label's colon leaves at its ends, quotes of any shape among them.
 * An underscore inside it is a fill-in line read with the words on it, never a value's character: it stands where a
 * space was ("DUNDAS_AVE"). Nor is a speck (`withoutSpecks`).
 */
export const trimValue = (t: string): string => withoutSpecks(t).replace(/([\p{L}\d])_+(?=[\p{L}\d])/gu, '$1 ').replace(/^[\s:;#.,|_\-–—*'"‘’“”«»()[\]=~]+/, '').replace(/[\s:;,|_\-–—*'"‘’“”«»([\]=~]+$/, '').replace(/\s+/g, ' ').trim();

// A value does not begin with its own label: a name, street or city read with the label printed before it in its cell
// ("RAZON SOCIAL ...", "STREET - DIRECCION: ...", "CITY/STATE/ZIP ...") is read without it. Label words that may begin
// the value itself ("CIUDAD" of CIUDAD JUAREZ, "STATE" of STATE COLLEGE) count only when a colon marks them.
const OWN_LABELS = new Map<string, { kinds: ReadonlySet<LabelField>; marked: ReadonlySet<LabelField> }>();
{
  const none = new Set<LabelField>();
  const place = { kinds: new Set<LabelField>(['city', 'cityStateZip', 'state', 'zip']), marked: new Set<LabelField>(['city', 'state']) };
  const address = { kinds: new Set<LabelField>(['address']), marked: none };
  for (const [party, heading] of [['Shipper', 'shipper'], ['Consignee', 'consignee'], ['BillTo', 'billTo'], ['Carrier', 'carrier']] as const) {
    OWN_LABELS.set(`${party}.Name`, { kinds: new Set<LabelField>(['name', heading]), marked: none });
    if (party === 'Carrier') continue;
    OWN_LABELS.set(`${party}.Address`, address);
    OWN_LABELS.set(`${party}.City`, place);
  }
}

// Nor does a value end with the label of the value printed after it: a street run on into its place line's label
// ("..., C.P." before the postal code), a name into the label of its street or of the form's next box ("VENDOR ID").
const NEXT_LABELS = new Map<string, { kinds: ReadonlySet<LabelField>; marked: ReadonlySet<LabelField> }>();
{
  const place = ['city', 'cityStateZip', 'state', 'zip'] as const;
  const marked = new Set<LabelField>(['city', 'state']);
  for (const party of ['Shipper', 'Consignee', 'BillTo']) {
    NEXT_LABELS.set(`${party}.Address`, { kinds: new Set<LabelField>(place), marked });
    // A name may end in a word a label is made of ("... SEAL", "... LOCATION"): there one-word labels need their colon.
    const named = new Set<LabelField>(['address', 'stop', ...place]);
    NEXT_LABELS.set(`${party}.Name`, { kinds: named, marked: named });
  }
}

/**
 * A place is named whole and nothing more: a run that names no known place, but whose last words do, begins with
 * words that are not the place's (a label misread or run on before it, "CITY, STATE ZIP JACKSONVILLE").
 */
function knownPlaceOnly(words: Word[]): Word[] {
  const name = (ws: Word[]): string => text(ws).replace(/[,.;:]+$/, '');
  if (words.length < 2 || isKnownPlace(name(words))) return words;
  for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
    // The list knows North America's places: one elsewhere may end in one of them ("LE HAVRE"). A word that begins
    // place names (an article, a saint, a direction, a kind of place) before the known part is the place's own.
    if (PLACE_FIRST.has(normalizeText(words[k - 1]!.text).replace(/[^A-Z]/g, ''))) return words;
    if (isKnownPlace(name(words.slice(k)))) return words.slice(k);
  }
  return words;
}

// Words that begin the names of places in the three languages and beyond.
const PLACE_FIRST = new Set(['LE', 'LA', 'LES', 'L', 'EL', 'LOS', 'LAS', 'DE', 'DEL', 'DU', 'DES', 'DEN', 'DER', 'DIE', 'DAS', 'HET', 'THE',
  'SAN', 'SANTA', 'SANTO', 'SAO', 'ST', 'STE', 'SAINT', 'SAINTE', 'NEW', 'NORTH', 'SOUTH', 'EAST', 'WEST', 'NORD', 'SUD', 'OUEST',
  'PORT', 'PORTO', 'PUERTO', 'FORT', 'MOUNT', 'MONT', 'BAD', 'GRAND', 'GRANDE', 'GREAT', 'LITTLE', 'UPPER', 'LOWER', 'OLD', 'NUEVO',
  'NUEVA', 'VILLA', 'CIUDAD', 'CD', 'BAIE', 'LAKE', 'LAC', 'CAPE', 'CAP', 'ISLA', 'ILE', 'VAL', 'BEL', 'BELLE', 'BEAU']);

/** The words' text, a space between them; a word broken by a hyphen at its line's end joined whole again. */
const text = (ws: Word[]): string => ws.map((w, i) => (i && brokenPair(ws[i - 1]!, w) ? '' : ' ') + w.text).join('').trim();

// Fields that hold a company's name, read as names are written (company-name.ts) by every reader.
const NAME_FIELDS = new Set(['Shipper.Name', 'Consignee.Name', 'BillTo.Name', 'Carrier.Name']);

/**
 * Reads the value of `field` from the words marked for it: the field's parser on their text; a company's name read as
 * names are written (its words' spacing and marks); a commodity without the packaging count printed after it.
 */
export function readWordsValue(field: string, words: Word[], order: DateOrder): ReadValue | null {
  words = oneReading(words);
  const own = OWN_LABELS.get(field);
  if (own) words = words.slice(leadingLabelWords(words, own.kinds, own.marked));
  // Nor with the end of its heading's note run on to the line above it ("ADDRESS): ACME CORP").
  if (own) words = afterNoteEnd(words);
  const next = NEXT_LABELS.get(field);
  if (next) words = words.slice(0, words.length - trailingLabelWords(words, next.kinds, next.marked));
  if (NAME_FIELDS.has(field) && next) words = endAtEnding(words, next.kinds);
  // A contact's line names a person, not the party's name or street.
  if (own && isContactLine(words)) return null;
  // Nor does an instruction to the carrier ("CALL ON ARRIVAL"), however it was placed.
  if (NAME_FIELDS.has(field) && isInstruction(text(words))) return null;
  if (field.endsWith('.Address')) words = oneHouseNumber(streetPart(untilPostalCode(apartAtCommas(words))));
  // A street is numbered or named with its type: one word of letters alone, neither, is another item's word.
  if (field.endsWith('.Address') && words.length === 1 && !/\d/.test(words[0]!.text) && !isStreetWord(words[0]!.text)) return null;
  // A place and its region's code read as one word across the dot between them ("KNOXVILLE.TN") are two words. A bar
  // standing alone inside a place's name is a ruling the name was printed across ("LE | HAVRE").
  if (field.endsWith('.City')) words = beforeStateCode(knownPlaceOnly(beforeCode(beforeRegion(apartAtCommas(apartAt(acrossRuling(words), /^(\p{L}{3,}\.)(\p{Lu}{2,3})$/u, isStateCode))))));
  const read = field.startsWith('References.') ? referenceText(words) : field.endsWith('.City') ? placeSpacing(afterCode(text(words)).replace(/[.,;:]+$/, '')) : text(words);
  const v = readValue(field, read, order);
  if (!v) return null;
  if (NAME_FIELDS.has(field)) {
    // A legal form alone ("LLC" wrapped onto a line of its own) is the end of a name, not one.
    if (legalFormOnly(String(v.value))) return null;
    // Nor are a form's label words alone ("& ADDRESS" of NAME & ADDRESS, the form's title): they name no one.
    if (labelsOnly(words.map((w) => w.text))) return null;
    const named = readCompanyName(String(v.value), words);
    v.value = named.value; v.repaired ||= named.repaired;
    words = nameWords(words, named.value);
  }
  if (field.endsWith('.Address')) {
    // A street as streets are written, whichever reader found it: the house number set apart from what follows it,
    // words the OCR was unsure of spelt, the type put right.
    const street = repairStreetLine(String(v.value), words);
    v.value = street.value; v.repaired ||= street.repaired;
  }
  if (field === 'ShipmentDetails.Commodity') {
    // Goods are named in dictionary words: a word the OCR was unsure of is put right as the rules' reading does.
    const spelt = spellCommodity(cleanCommodity(String(v.value)).text, words);
    if (isPackageKindOnly(spelt.value) || isLabelPart(spelt.value, 'commodity')) return null;
    v.value = spelt.value; v.repaired ||= spelt.repaired;
  }
  v.from = [...new Set(words.flatMap(readingsOf))];
  return v;
}

/**
 * The words a name was read from: where the name ends before its run does (at its legal form, before a street run on
 * after it), the words up to its last one; all of them where the name was read otherwise.
 */
function nameWords(words: Word[], name: string): Word[] {
  const last = bareWords(name).at(-1);
  const at = words.findIndex((w) => bareWords(w.text).at(-1) === last);
  return at >= 0 && bareWords(text(words.slice(0, at + 1))).join(' ') === bareWords(name).join(' ') ? words.slice(0, at + 1) : words;
}

/**
 * A place's name holds no dash standing alone: a short code after one is its region, printed as the name's line
 * writes it in much of the world ("SANTOS - SP"); a name's own hyphen is printed inside a word.
 */
function beforeRegion(words: Word[]): Word[] {
  const at = words.findIndex((w, i) => i >= 1 && /^[-–—]$/.test(w.text));
  return at > 0 && words.length - at <= 3 && /^\p{Lu}{2,3}[.,]?$/u.test(words[at + 1]?.text ?? '') ? words.slice(0, at) : words;
}

/**
 * A state or province code after a known place is the line's state, not part of the place's name ("LEON GTO"), as
 * city lines are written; a place whose own name ends in such letters stays whole, being known as it reads.
 */
function beforeStateCode(words: Word[]): Word[] {
  if (words.length < 2 || !isStateCode(normalizeText(words.at(-1)!.text).replace(/[^A-Z]/g, ''))) return words;
  const head = words.slice(0, -1);
  const name = (ws: Word[]): string => afterCode(normalizeText(text(ws))).replace(/[,.;:]+$/, '');
  return !isKnownPlace(name(words)) && isKnownPlace(name(head)) ? head : words;
}

/** A place's name holds no number: a number after it is the postal code printed on its line ("NINGBO 315000"). */
function beforeCode(words: Word[]): Word[] {
  const at = words.findIndex((w, i) => i >= 1 && /^\d{3,}(?:-\d+)?[,.]?$/.test(w.text));
  return at > 0 ? words.slice(0, at) : words;
}

/**
 * Nor does a place's name begin with one: a postal code glued to its front, the space lost or read as a hyphen ("76000QUERETARO"), is the
 * code's. Nor with a sign: a mark read before it ("© MANCHESTER") is a speck or the form's.
 */
const afterCode = (t: string): string => t.replace(/^\d{4,6}[-–]?(?=\p{L}{3})/u, '').replace(/^[^\p{L}\p{N}]+\s*(?=\p{L})/u, '')
  // A digit inside a word of letters is the letter it looks like ("LE0N"): a place's name holds none.
  .replace(/(?<=\p{L})[0158](?=\p{L})/gu, (d) => LETTER_FOR[d] ?? d);

/** Whether `b` follows `a` on its line closer than a quarter of the letters' height: inside one printed word. */
const tightAfter = (a: Word, b: Word): boolean => {
  const h = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
  const gap = b.bbox[0] - a.bbox[2];
  return a.line === b.line && gap >= 0 && gap < 0.25 * h;
};


/**
 * A reference's text from the words marked for it: a letter prefix and digits the OCR read as two words ("SH"
 * "7107516"), both marked as the number's, are one code, as no reference number is printed with a space inside it.
 */
function referenceText(words: Word[]): string {
  // Pieces set closer than a word space is wide ("THW454" "5" "17", characters a photo spread apart) are one code.
  if (words.length > 1 && words.every((w, i) => i === 0 || tightAfter(words[i - 1]!, w)) && words.every((w) => /^[A-Z0-9-]+$/.test(w.text))) return words.map((w) => w.text).join('');
  const [a, b] = words;
  // Letters before a code are its first ones only where printed as it is, in capitals and before it; others (a mark
  // read over it, lower-case writing) are no part of it.
  if (words.length === 2 && /^[A-Z]{1,3}$/i.test(a!.text) && !NUMBER_WORDS.has(a!.text.toUpperCase()) && /^[A-Z]{0,2}\d{4,}$/.test(b!.text)) {
    return /^[A-Z]+$/.test(a!.text) && a!.bbox[2] <= b!.bbox[0] ? `${a!.text}${b!.text}` : b!.text;
  }
  return text(words);
}

// A number alone: digits, with the comma that may close it.
const bareNumber = (w: Word | undefined): boolean => !!w && /^\d+,?$/.test(w.text);

/**
 * A street carries one house number: where two numbers alone lead it ("8708 19823 WILLOW WAY"), the first is another
 * item of the form (an account, a box, the line above's code) run on into it.
 */
export function oneHouseNumber(words: Word[]): Word[] {
  // A digit alone after the house number is most often a letter misread (S, a compass point, read as 5).
  if (words.length > 2 && bareNumber(words[0]) && bareNumber(words[1]) && /^\d{2,}/.test(words[1]!.text)) return words.slice(1);
  // A street written type first (CALLE, AV., RUA...) has its number after its name: a number before the type is another
  // item's ("9714 CALLE MORELOS 3269").
  const typeFirst = TYPE_FIRST.has(normalizeText(words[1]?.text ?? '').replace(/[.,]$/, ''));
  return words.length > 3 && bareNumber(words[0]) && typeFirst && bareNumber(words[words.length - 1]) ? words.slice(1) : words;
}

// Street types that lead a street's name in Spanish and Portuguese, the house number after the name (not STREET_FIRST:
// French streets and American routes are numbered before the type, "1200 ROUTE 9").
const TYPE_FIRST = new Set(['CALLE', 'AV', 'AVENIDA', 'AVDA', 'BLVD', 'CALZ', 'CALZADA', 'CARR', 'CARRETERA', 'CIRCUITO', 'PRIV', 'PRIVADA', 'PROL',
  'PROLONGACION', 'RUA']);

// A postal code's mark (C.P., CP, CEP, C.P.-27019) or a code of five digits and a hyphenated tail (04547-130,
// 60601-1234): where the place part of an address begins.
const POSTAL_MARK = /^(?:C\.?P\.?(?:[-:]?\d{4,5})?|CEP|CODIGO|CODE)[.,:]?$/i;
const HYPHENED_CODE = /^\d{5}-\d{3,4}[.,]?$/;

/**
 * A street ends where its address's postal code begins: the code's mark, or a code no house number is written as,
 * starts the place part run on after the street ("AV JUAREZ 2114 C P 27000").
 */
export function untilPostalCode(words: Word[]): Word[] {
  const at = words.findIndex((w, i) => i >= 2 && (POSTAL_MARK.test(w.text) || HYPHENED_CODE.test(w.text)));
  return at > 0 ? words.slice(0, at) : words;
}

// A unit's word before a number: the unit's number stands where a house number would ("UNIT 36 DOCK ROAD").
const UNIT_FIRST = new RegExp(`^(?:${[...UNIT_WORDS].filter((u) => /^[A-Z]+$/.test(u)).join('|')})\\.?\\s+(?=\\d)`, 'i');
// British and Dutch postal codes, printed in two parts ("IP11 3SY", "3011 AA").
const UK_NL_CODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|\d{4}\s?[A-Z]{2}`;
// A postal code printed after a place's name outside North America: of two parts, or of four to six digits.
const CODE_AFTER_PLACE = new RegExp(String.raw`\s+(?:${UK_NL_CODE}|\d{4,6}(?:-\d{3,4})?)$`, 'i');
// A place's name (words without digits) and a postal code of two parts: British, Dutch or Canadian.
const TWO_PART_PLACE = new RegExp(String.raw`^[^\d,]+\s(?:${UK_NL_CODE}|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$`, 'i');

/**
 * The street of an address run in running text ("ACME CORP, 123 MAIN ST, SPRINGFIELD, IL 62701"): its parts are
 * parted by commas, and the street is the part that reads as one, not the end of the name before it (a part that ends
 * as company names do) nor the place after it (a part that reads as a city line with its postal code, or names a known
 * place).
 */
export function streetPart(words: Word[]): Word[] {
  const parts: Word[][] = [[]];
  for (const w of words) { parts[parts.length - 1]!.push(w); if (/,$/.test(w.text)) parts.push([]); }
  if (!parts[parts.length - 1]!.length) parts.pop();
  if (parts.length < 2) return words;
  // Before the street: the end of the name, or a number alone (an account or phone number run on into it).
  const from = (endsAsCompany(text(parts[0]!)) || parts[0]!.every(bareNumber)) && looksLikeStreet(text(parts[1]!)) ? 1 : 0;
  // A known place, with or without a postal code after it as codes are printed outside North America too.
  const named = (t: string): boolean => isKnownPlace(t.replace(/[,.;:]+$/, '').replace(CODE_AFTER_PLACE, ''));
  // Or a place's name and a postal code of two parts, a shape no street ends with ("FELIXSTOWE IP11 3SY").
  const coded = (t: string): boolean => TWO_PART_PLACE.test(t.replace(/[,.;:]+$/, ''));
  const place = (ws: Word[]): boolean => !!parseCityStateZip(ws)?.zip.length || named(text(ws)) || coded(text(ws));
  // A unit printed before the street's number ("UNIT 36 DOCK ROAD", as British addresses write it) is the street's own.
  const street = (t: string): boolean => looksLikeStreet(t) || looksLikeStreet(t.replace(UNIT_FIRST, ''));
  // A street closed by its type (or its unit's number) and a comma ends there: words after it with no number, and no unit's word first, are
  // the place's beginning cut at the run's end ("5416 CHESTNUT LN, SAINT" of SAINT PAUL).
  const typedEnd = (ws: Word[]): boolean => {
    const last = bareStreetWord(ws[ws.length - 1]!), unit = ws.length >= 2 ? bareStreetWord(ws[ws.length - 2]!) : '';
    return SUFFIXES.has(last) || SUFFIX_WORDS.has(last) || (UNIT_WORDS.has(unit) && /^\d+[A-Z]?$/.test(last));
  };
  const placeStart = (ws: Word[]): boolean => !ws.some((w) => /\d/.test(w.text)) && !UNIT_WORDS.has(bareStreetWord(ws[0]!));
  for (let to = from + 1; to < parts.length; to++) {
    // The place may be followed by its country, as a part of its own.
    const head = parts.slice(from, to).flat(), rest = parts.slice(to).flat();
    if (street(text(head)) && (place(rest) || place(parts[to]!) || (typedEnd(head) && placeStart(rest)))) return head;
  }
  return parts.slice(from).flat();
}

const acrossRuling = (words: Word[]): Word[] => words.filter((w, i) => !(/^[|¦]$/.test(w.text) && i > 0 && i < words.length - 1));

const bareStreetWord = (w: Word): string => w.text.toUpperCase().replace(/[.,;:]+$/, '');

/**
 * A count with a single letter glued to its digits, read as the digit that letter looks like ("4s" for 45, "l2" for
 * 12): a unit printed against its count is a word of its own kind (PCS, PLT), never one letter. Null for any other word.
 */
function countWithGluedLetter(word: string): string | null {
  const m = /^(\d*)([A-Za-z|])(\d*)$/.exec(word);
  const digit = m && (m[1] ? !m[3] : m[3]) ? DIGIT_FOR[m[2]!.toUpperCase()] : undefined;
  return digit ? `${m![1]}${digit}${m![3]}` : null;
}

// Articles that begin a place's or country's name ("THE NETHERLANDS", "LE HAVRE"): never a region alone.
const ARTICLE = /^(?:THE|LA|LE|LES|EL|LOS|LAS|DE|DU|DES|DEL)$/;

/** Reads the value of `field` (an ExtractedData dotted path) from the text of its words; null when it is none. */
export function readValue(field: string, text: string, order: DateOrder): ReadValue | null {
  const t = trimValue(text);
  if (!t) return null;
  const leaf = field.split('.').pop()!;
  switch (field) {
    case 'Carrier.Scac': {
      const s = parseScac(t);
      return s ? { value: s.value, repaired: s.repaired, checked: false } : null;
    }
    case 'References.BolNumber': case 'References.PoNumber': case 'References.OrderNumber': case 'References.ProNumber': {
      const r = parseReference(t);
      return r ? { value: r.value, repaired: r.repaired, checked: false } : null;
    }
    case 'Dates.Pickup': case 'Dates.Delivery': {
      // The model placed a date here, as a label would: slashes read as digits are tried there too.
      const d = findDates(t, order)[0] ?? slashesReadAsDigits(t.trim(), order) ?? dateWithSlips(t, order);
      // A year is never moved to a nearer one: a far year is left as read, and scored as the likely misread it is.
      return d ? { value: d.iso, repaired: d.certainty < 1 || isFarYear(d.iso), checked: d.certainty >= 1 && !isFarYear(d.iso), ...(isFarYear(d.iso) ? { farYear: true } : {}) } : null;
    }
    case 'ShipmentDetails.Weight': {
      const w = parseWeight(t);
      return w ? { value: w.value, unit: w.unit ?? unitIn(t), repaired: false, checked: w.unit !== null } : null;
    }
    case 'ShipmentDetails.WeightUnit': {
      const u = unitIn(t);
      return u ? { value: u, repaired: false, checked: true } : null;
    }
    case 'ShipmentDetails.Pieces': case 'ShipmentDetails.HandlingUnits': {
      const read = countWithGluedLetter(t.trim().split(/\s+/)[0] ?? '');
      const m = /\d[\d,.]*/.exec(read ?? t.replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0'));
      const n = m ? parseAmount(m[0]) : null;
      return n !== null && Number.isInteger(n) && n > 0 && n < 100000 ? { value: n, repaired: !!read, checked: false } : null;
    }
    case 'ShipmentDetails.FreightClass': {
      const c = parseFreightClass(t);
      return c ? { value: c.value, repaired: c.repaired, checked: true } : null;
    }
    case 'FreightTerms': {
      const terms = freightTerms(t);
      return terms ? { value: terms, repaired: false, checked: true } : null;
    }
    default:
      break;
  }
  if (leaf === 'Zip') return readPostal(t);
  if (leaf === 'State') {
    // A separator read with the region (the dash or comma between a place and its region) is no part of it.
    const r = t.replace(/^[\s\-–—,;:]+|[\s\-–—,;:]+$/g, '');
    const s = repairState(r, null);
    if (s) return { value: s, repaired: s !== normalizeText(r).replace(/[^A-Z0-9]/g, ''), checked: isStateCode(s) };
    // A region outside North America is kept as written; an article alone is none, but the start of the name after
    // it ("THE" of THE NETHERLANDS).
    if (ARTICLE.test(normalizeText(r))) return null;
    return /^[\p{L} .'-]{2,30}$/u.test(r) ? { value: normalizeText(r), repaired: false, checked: false } : null;
  }
  if (leaf === 'Country') {
    const c = countryOfName(t);
    return c ? { value: c, repaired: false, checked: true } : null;
  }
  // Names, streets, cities, commodities: text of at least two letters, kept as printed (in capitals).
  const value = normalizeText(t);
  return /\p{L}.*\p{L}|\d.*\p{L}/u.test(value) ? { value, repaired: false, checked: false } : null;
}

/**
 * A postal code without the US state or Canadian province code printed before it, glued or not ("TX 75001",
 * "AR.72201", "PA:17101", "MBR2J 7K8"): the code is the State field's, never part of the postal code.
 */
function withoutRegion(t: string): string {
  const m = /^([A-Z]{2})[\s.,:;]*(?=\d{5}(?:-\d{4})?$|[A-Z]\d[A-Z]\s?\d[A-Z]\d$)/.exec(t.toUpperCase());
  if (m && isStateCode(m[1]!)) return t.slice(m[0].length);
  // Nor is the Mexican "C.P." label glued on before it ("C.P.27000").
  const cp = /^C\.?\s?P\.?\s*(?=\d{5}$)/.exec(t.toUpperCase());
  return cp ? t.slice(cp[0].length) : t;
}

/**
 * A postal code's value. Six digits are a postal code as printed in Singapore, China or India, and a ZIP with a rule
 * read before it only in North America: the party's country, read with it, decides (postal-by-country.ts).
 */
function readPostal(read: string): ReadValue | null {
  // A place's name glued on after a hyphen ("78000-SAN" of SAN LUIS POTOSI) is the place's, not the code's.
  const t = read.replace(/(?<=\d)[-–]\p{L}{3,}$/u, '');
  const compact = t.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) return { value: compact, repaired: false, checked: false };
  const p = normalizePostal(withoutRegion(t));
  if (p) return { value: p.zip, repaired: p.repaired, checked: true };
  // Postal codes outside North America are kept as written; a code holds no comma, so what a comma closes before it
  // is the street's end run on ("81, 3198 LK").
  const code = /,\s*([^,]*\d[^,]*)$/.exec(t)?.[1]?.trim() ?? t;
  // What the comma closes may be a North American code with its region before it ("CHICAGO,IL60607").
  const after = code !== t ? normalizePostal(withoutRegion(code)) : null;
  if (after) return { value: after.zip, repaired: after.repaired, checked: true };
  // A Canadian code printed whole in its two halves ends the run: what stands before it is the place's or region's,
  // however garbled ("QCA G2E 9N0"), and the code is read alone, as a doubt.
  const halves = /\s([A-Z]\d[A-Z])\s+(\d[A-Z]\d)$/.exec(t.toUpperCase());
  const whole = halves ? normalizePostal(`${halves[1]} ${halves[2]}`) : null;
  if (whole && !whole.repaired) return { value: whole.zip, repaired: true, checked: true };
  return /\d/.test(code) && code.length <= 12 ? { value: normalizeText(code), repaired: false, checked: false } : null;
}

/** Freight terms from the words marked for them (EN/ES/FR). */
export function freightTerms(text: string): FreightTerms | null {
  const t = normalizeText(text);
  const named = new Set<FreightTerms>();
  if (/\b(THIRD|3RD|TERCER|TERCERO|TIERS)\b/.test(t)) named.add('third party');
  if (/\b(COLLECT|COBRAR|DU)\b/.test(t)) named.add('collect');
  if (/\b(PREPAID|PRE-PAID|PPD|PAGADO|PREPAGADO|PAYE|FRANCO)\b/.test(t)) named.add('prepaid');
  // Words naming two terms are the form's row of options ("Prepaid [ ] Collect [ ]"), not the one chosen.
  return named.size === 1 ? [...named][0]! : null;
}

/**
 * Whether freight terms read from `words` are one option of a printed row of options ("Prepaid [X] Collect [ ]
 * 3rd Party [ ]") with no mark read beside it: which option holds is shown by the mark alone, so such a word is no
 * reading of the terms. `page` is the page's words; the row is the words level with the first of `words`.
 */
export function unmarkedOption(words: readonly Word[], page: readonly Word[]): boolean {
  const [first] = words;
  if (!first) return false;
  const mid = (w: Word): number => (w.bbox[1] + w.bbox[3]) / 2;
  const row = page.filter((w) => w.page === first.page && mid(w) >= first.bbox[1] && mid(w) <= first.bbox[3]).sort((a, b) => a.bbox[0] - b.bbox[0]);
  if (new Set(row.map((w) => freightTerms(w.text)).filter((t) => t !== null)).size < 2) return false;
  const marked = (i: number): boolean => i >= 0 && i < row.length && CHECKED.test(normalizeText(row[i]!.text));
  return !words.some((w) => { const i = row.indexOf(w); return i >= 0 && (marked(i - 1) || marked(i + 1)); });
}
