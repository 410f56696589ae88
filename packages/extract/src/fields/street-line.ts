import { normalizeText } from '../layout.ts';
import type { Word } from '../types.ts';
import { ocrDistance } from './find-labels.ts';
import { LABELS } from './lexicon.ts';
import { DIGIT_FOR, LETTER_FOR } from './look-alikes.ts';
import { confidenceIn, isKnownWord, joinSplitWords, repairSpelling } from './spelling.ts';

// A party's street line read on its own: what a street line looks like, the doubts its text raises, and the repairs of
// look-alike characters and lost pieces at its ends that OCR makes.

// Labels a street line may carry in front of its value.
const STREET_LABELS = ['STREET', 'ADDRESS', 'DIRECCION', 'DOMICILIO', 'ADRESSE'];

// Street types as printed on forms; OCR turns their L into I and O into 0 ("INDUSTRIAL PI").
export const SUFFIXES = new Set('ST AVE AV RD DR LN CT PL WAY BLVD CIR PKWY HWY TRL TER SQ LOOP RUN ROW PIKE PLZ CRES'.split(' '));
export const COMPASS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW']);
// Street types written out ("KING AVENUE N").
export const SUFFIX_WORDS = new Set('STREET AVENUE ROAD DRIVE LANE COURT PLACE BOULEVARD CIRCLE PARKWAY HIGHWAY TRAIL TERRACE SQUARE PLAZA CRESCENT'.split(' '));
const SUFFIX_SLIPS: Record<string, string> = { I: 'L', '1': 'L', '|': 'L', '0': 'O', '5': 'S', '8': 'B' };
// A D read as O or 0 ("INDUSTRIAL OR", "MILL R0").
// A T read as I or 1 ("MADISON SI").
const WORD_SLIPS: Record<string, string> = { OR: 'DR', '0R': 'DR', RO: 'RD', R0: 'RD', SI: 'ST', S1: 'ST' };

/**
 * A street line starting well right of the name and city lines around it, which start together: the OCR lost its front
 * ("46 PORTAGE RD" read from 7446 PORTAGE RD).
 */
export function indentedStart(street: Word[], name: Word[], city: Word[]): boolean {
  const x = street[0]!.bbox[0], xn = name[0]!.bbox[0], xc = city[0]!.bbox[0];
  const h = Math.min(...street.map((w) => w.bbox[3] - w.bbox[1]));
  return Math.abs(xn - xc) < 0.3 * h && x - Math.max(xn, xc) > 0.6 * h;
}

/**
 * Puts back a street's type and unit words where the reading slipped: a type misread by one look-alike character at
 * the end of a street line ("PI" -> "PL"), cut, glued or split; a leading type or unit word misread.
 */
export function repairStreetSuffix(line: string): { value: string; repaired: boolean } {
  const toks = line.split(' ');
  // A type that leads the street is a word of its own: a hyphen after it is the space misread ("CIRCUITO-EL MARQUES").
  const hyphenLead = /^([A-Z]+\.?)-(?=\p{L})/u.exec(toks[0]!);
  if (hyphenLead && STREET_FIRST.has(hyphenLead[1]!.replace(/\.$/, ''))) {
    return { value: [toks[0]!.replace('-', ' '), ...toks.slice(1)].join(' '), repaired: true };
  }
  // A street names its type once: a type-first word before a number-first street that ends with its own type is the
  // label printed before the street ("CALLE 24824 E SYCAMORE PKWY"); "CALLE 10 NORTE" has no second type.
  // So is one before a number-first street whose own type comes first ("RUE 3975 BOUL. INDUSTRIEL").
  if (toks.length >= 4 && STREET_FIRST.has(toks[0]!.replace(/[.:]$/, '')) && /^\d{2,6}$/.test(toks[1]!)
    && (SUFFIXES.has(toks[toks.length - 1]!.replace(/[.,]$/, '')) || STREET_FIRST.has(toks[2]!.replace(/[.,:]$/, '')))) {
    return { value: toks.slice(1).join(' '), repaired: true };
  }
  // An address label's word first ("ADDR WALTERSHOFER DAMM 131", the slash of "ADRESSE / ADDR" lost): the form's, as no
  // street begins with one.
  const labelled = toks.findIndex((t) => !ADDRESS_LABEL_WORDS.has(t.replace(/[.:/]+$/, '')));
  if (labelled > 0 && toks.length - labelled >= 2) return { value: toks.slice(labelled).join(' '), repaired: true };
  // A unit's word before the number it leads with, read a letter off ("UNLIT 15 DOCK ROAD"): the one unit word it is.
  if (toks.length >= 3 && /^[A-Z]{4,}$/.test(toks[0]!) && !UNIT_WORDS.has(toks[0]!) && /^\d+[A-Z]?,?$/.test(toks[1]!)) {
    const units = [...UNIT_WORDS].filter((u) => u.length >= 4 && ocrDistance(toks[0]!, u) <= 1);
    if (units.length === 1) return { value: [units[0]!, ...toks.slice(1)].join(' '), repaired: true };
  }
  // ... or after the street's type, where only a unit stands before a number ("MAGNOLIA DR BLOG 31").
  for (let i = 2; i < toks.length - 1; i++) {
    if (!SUFFIXES.has(toks[i - 1]!) || !/^[A-Z]{4,}$/.test(toks[i]!) || UNIT_WORDS.has(toks[i]!) || !/^\d+[A-Z]?,?$/.test(toks[i + 1]!)) continue;
    const units = [...UNIT_WORDS].filter((u) => u.length >= 4 && ocrDistance(toks[i]!, u) <= 1);
    if (units.length === 1) return { value: [...toks.slice(0, i), units[0]!, ...toks.slice(i + 1)].join(' '), repaired: true };
  }
  // A street type read in two pieces at the end ("TERMINAL H WY").
  const n = toks.length, pieces = toks.slice(-2).join('');
  if (n >= 3 && toks[n - 2]!.length <= 2 && pieces.length >= 3 && SUFFIXES.has(pieces) && !SUFFIXES.has(toks[n - 1]!)) {
    return { value: [...toks.slice(0, n - 2), pieces].join(' '), repaired: true };
  }
  // The type is the last word, or the one before a unit ("... PL STE 8").
  for (let i = toks.length - 1; i >= 1 && i >= toks.length - 3; i--) {
    const t = toks[i]!.replace(/[.,]$/, '');
    if (SUFFIXES.has(t)) return { value: line, repaired: false };
    // A compass point glued to the type after a name ("MACLEOD STN" for ST N).
    const pointed = i === toks.length - 1 && /^\p{L}{3,}$/u.test(toks[i - 1] ?? '') ? /^(ST|AVE|RD|DR|BLVD|PKWY|HWY|WAY|PL|CT|LN|CIR)(N|S|E|W|NE|NW|SE|SW)$/.exec(t) : null;
    if (pointed) { toks[i] = `${pointed[1]} ${pointed[2]}`; return { value: toks.join(' '), repaired: true }; }
    // ... or by a hyphen ("MILL-PL"): a type never ends a hyphenated name.
    const hyphened = i === toks.length - 1 ? /^([A-Z]{3,})-([A-Z]{2,4})$/.exec(t) : null;
    if (hyphened && SUFFIXES.has(hyphened[2]!) && hyphened[2] !== 'ST') { toks[i] = `${hyphened[1]} ${hyphened[2]}`; return { value: toks.join(' '), repaired: true }; }
    // A street type glued to the name ("WALNUTHWY").
    const glued = /^([A-Z]{3,})(HWY|AVE|BLVD|PKWY)$/.exec(t);
    // Last, or before a compass point ("BRAMALEAAVE N").
    if (glued && (i === toks.length - 1 || (i === toks.length - 2 && COMPASS.has(toks[i + 1]!)))) { toks[i] = `${glued[1]} ${glued[2]}`; return { value: toks.join(' '), repaired: true }; }
    if (SUFFIX_WORDS.has(t)) return { value: line, repaired: false };
    // A type written out with one letter misread ("WALNUT COUNT" for COURT), last or before a compass point.
    const spelled = t.length >= 5 && /^\p{L}+$/u.test(toks[i - 1] ?? '') && (i === toks.length - 1 || (i === toks.length - 2 && COMPASS.has(toks[i + 1]!)))
      ? [...SUFFIX_WORDS].filter((w) => w.length === t.length && [...w].filter((c, k) => c !== t[k]).length === 1) : [];
    if (spelled.length === 1) { toks[i] = spelled[0]!; return { value: toks.join(' '), repaired: true }; }
    const fixed = WORD_SLIPS[t] ?? t.split('').map((c) => SUFFIX_SLIPS[c] ?? c).join('');
    if (fixed !== t && SUFFIXES.has(fixed) && !/\d/.test(toks[i - 1] ?? '') ) {
      toks[i] = fixed;
      return { value: toks.join(' '), repaired: true };
    }
    // A type whose last letter was lost at the line's end ("MADISON PKW", "AIRWAY WA"): the one type it begins, where
    // what is left is no type or word of its own, nor a type with a letter misread ("RO" is RD).
    const cut = i === toks.length - 1 && t.length >= 2 && /^\p{L}+$/u.test(toks[i - 1] ?? '') && !(t.length >= 3 && isKnownWord(t))
      ? [...SUFFIXES, ...SUFFIX_WORDS].filter((w) => w.length === t.length + 1 && w.startsWith(t)) : [];
    if (cut.length === 1 && /^[A-Z]+$/.test(t)) { toks[i] = cut[0]!; return { value: toks.join(' '), repaired: true }; }
  }
  // Spanish and French streets put the type first ("BLVD. AEROPUERTO 3223", read "BIVD.").
  const lead = toks[0]!.replace(/[.,]$/, '');
  const fixedLead = lead.split('').map((c) => SUFFIX_SLIPS[c] ?? c).join('');
  if (toks.length >= 2 && fixedLead !== lead && SUFFIXES.has(fixedLead) && /^\p{L}{3,}/u.test(toks[1]!)) {
    return { value: [toks[0]!.replace(lead, fixedLead), ...toks.slice(1)].join(' '), repaired: true };
  }
  return { value: line, repaired: false };
}

// Words that may come before the house number in a real street line.
export const STREET_LEAD = new Set('N S E W NE NW SE SW NORTH SOUTH EAST WEST ONE TWO HWY HIGHWAY ROUTE RT RTE RR COUNTY CR FM SR US STATE HC PO BOX KM AV AVE AVENIDA CALLE CALZ CALZADA CARR CARRETERA PRIV PROL BLVD BOULEVARD RUE CHEMIN BOUL STE SUITE UNIT APT BLDG LOT PIER DOCK GATE'.split(' '));

/** A street line: a house number first ("4300 MAGNOLIA LN"), or a street word first and a number in it ("CALLE MORELOS 754", "AV. JUAREZ 2110", "RUE SAINT-PAUL 12"). */
export function looksLikeStreet(text: string): boolean {
  const t = normalizeText(text);
  // The house number may be run into the street's name ("16779JACKSON LN").
  if (/^\d{1,6}(?:[A-Z]?\b|[A-Z]{3,})/.test(t)) return /[A-Z]{3}/.test(t);
  const first = t.split(' ')[0]!.replace(/[.,:]/g, '');
  if (STREET_FIRST.has(first) && /\d/.test(t)) return true;
  // A unit and its number may lead the address, as written abroad; the house number may follow a number sign
  // ("ROOM 1409, NO. 53 CENTURY AVENUE", "SUITE 200, 123 MAIN ST").
  const unit = /^(\S+?)\.? #?[A-Z]?\d+[A-Z]?,? (?:(?:NO|NUM|N°|#)\.? ?)?(\d.*)$/.exec(t);
  return !!unit && UNIT_WORDS.has(unit[1]!) && looksLikeStreet(unit[2]!);
}

// The words an address's own labels are printed in (the lexicon's; CALLE and RUE, labels only alone, begin streets too).
const ADDRESS_LABEL_WORDS = new Set(LABELS.filter((d) => d.field === 'address' && !d.strict).flatMap((d) => d.text.split(' ')));
// Words that name a part of a building or a site, printed before the part's number or letter ("STE 210", "BLDG 5").
export const UNIT_WORDS = new Set('STE SUITE UNIT BLDG APT DOCK FL FLOOR ROOM RM LOT PIER GATE BUREAU LOCAL INT INTERIOR DEPTO PISO OFICINA #'.split(' '));
// Street words that come before the name in Spanish and French addresses.
export const STREET_FIRST = new Set('CALLE AV AVE AVENIDA CALZ CALZADA CARR CARRETERA BLVD BOULEVARD PROL PROLONGACION CIRCUITO PRIV PRIVADA RUE CHEMIN BOUL ROUTE RANG AUTOPISTA PASEO ANDADOR CAMINO'.split(' '));

// Street types a Spanish street line starts with, never after another word of the street.
const SPANISH_TYPES = new Set('CALLE AV AVENIDA CALZ CALZADA CARR CARRETERA BLVD PROL PROLONGACION CIRCUITO PRIV PRIVADA'.split(' '));

/**
 * Drops a misread row label in front of a street line that starts with its house number ("SMEER 3359 MACLEOD AVE").
 * `firstWeak`: the line's first word was read with little confidence.
 */
export function stripLeadingJunk(line: string, firstWeak = false): { value: string; repaired: boolean } {
  // A speck read as a mark before the house number ("“ 2762 MILL PL"): no street starts with marks alone.
  const marks = /^([^\p{L}\p{N}#]+ )+(?=\d)/u.exec(line);
  if (marks) return { value: stripLeadingJunk(line.slice(marks[0].length)).value, repaired: true };
  // A row label read in letters and pieces, its colon glued to the house number ("D OM C O :29737 COMMERCE ROAD").
  const pieces = /^(?:[\p{L}.]{1,10} ){1,5}:(?=\d)/u.exec(line);
  if (pieces) return { value: line.slice(pieces[0].length), repaired: true };
  const toks = line.split(' ');
  const first = toks[0] ?? '';
  const plain = first.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  // A unit before its number leads the address itself, as addresses abroad are written ("ROOM 1857, NO. 583 ...").
  if (toks.length >= 3 && /^[A-Z.:]{3,}$/.test(plain) && /^\d/.test(toks[1]!) && !STREET_LEAD.has(plain.replace(/[.:]/g, '')) && !UNIT_WORDS.has(plain.replace(/[.:]/g, ''))) {
    return { value: toks.slice(1).join(' '), repaired: true };
  }
  // ... read in two pieces ("SIR. .R 28185 UNION DR" for STREET).
  if (toks.length >= 4 && /^[A-Z]{3,}[.:]$/.test(plain) && /^[.:]?[A-Z][.:]?$/.test(toks[1]!) && /^\d/.test(toks[2]!) && !STREET_LEAD.has(plain.replace(/[.:]/g, ''))) {
    return { value: toks.slice(2).join(' '), repaired: true };
  }
  // The row label itself read with slips ("SMREER CALLE MORELOS"), or a label's tail with its colon ("JO: AV. ...").
  const bare = plain.replace(/[.:;]/g, '');
  // A street word read with a colon ("BLVD: AEROPUERTO 2815") is the street's own.
  if (STREET_FIRST.has(bare) || STREET_LEAD.has(bare)) return /^\S+?:/.test(line) ? { value: line.replace(/^(\S+?):/, '$1.'), repaired: true } : { value: line, repaired: false };
  // A row label read as a letter or two and a short piece ("D MIC AV. INDUSTRIAS 1655" for DOMICILIO:): short words of
  // letters only before a street word that starts the street.
  const lead = toks.findIndex((t) => STREET_FIRST.has(t.replace(/[.:,]/g, '')) || STREET_LEAD.has(t.replace(/[.:,]/g, '')));
  if (lead >= 1 && lead <= 2 && toks.length > lead + 1 && /^[A-Z][.:]?$/.test(toks[0]!) && toks.slice(0, lead).every((t) => /^[A-Z]{1,3}[.:]?$/.test(t) && !COMPASS.has(t.replace(/[.:]/g, '')))) {
    return { value: toks.slice(lead).join(' '), repaired: true };
  }
  // The row label read in pieces before the street's type ("DO MIC ILIO: CALLE MORELOS 3704", "DO M IC I O:" for
  // DOMICILIO:), a letter a piece too ("D O M IC IL O:").
  if (lead >= 2 && lead <= 7 && toks.length > lead + 1 && (lead <= 5 || toks.slice(0, lead).every((t) => t.replace(/[^A-Z]/g, '').length <= 2))) {
    const joined = toks.slice(0, lead).join('').normalize('NFD').replace(/[^A-Z]/g, '');
    if (joined.length >= 6 && STREET_LABELS.some((l) => ocrDistance(joined, l) <= 2)) return { value: toks.slice(lead).join(' '), repaired: true };
  }
  // A label's remains marked as such by a sign no street starts with ("«MEER CALLE MORELOS 3827"), or a word with a
  // street label's first three letters ("DOMCNO AV. DE LOS INSURGENTES" for DOMICILIO).
  if (lead === 1 && toks.length > 2 && (/^[«»|]+[A-Z]{1,8}[.:]?$|^[A-Z]{1,8}[«»]+$/.test(plain)
    || (/^[A-Z]{4,10}[.:]?$/.test(plain) && STREET_LABELS.some((l) => bare.startsWith(l.slice(0, 3)))))) return { value: toks.slice(1).join(' '), repaired: true };
  // A Spanish street names its type first ("AV. DE LOS INSURGENTES 1137"): one word read weakly before the type, in a
  // line with its number, is a row label garbled past matching ("DEMETE" for DOMICILIO). Read surely, it may be the
  // street's own ("ANTIGUA CARRETERA ...").
  if (firstWeak && lead === 1 && toks.length > 2 && SPANISH_TYPES.has(toks[1]!.replace(/[.:,]/g, '')) && /^[A-Z]{4,10}[.:]?$/.test(plain) && /\d/.test(line)) {
    return { value: toks.slice(1).join(' '), repaired: true };
  }
  // Long labels allow a third slip ("DUMICIO" for DOMICILIO).
  // Its colon may be read as a dash ("DOMICITO- 29682 JUNIPER CT").
  const word = bare.replace(/[-–—]$/, '');
  if (toks.length >= 3 && (/^[A-Z]{1,12}:$/.test(plain) || (word.length >= 5 && /^[A-Z]+$/.test(word) && STREET_LABELS.some((l) => ocrDistance(word, l) <= (l.length >= 9 ? 3 : 2))))) {
    return { value: toks.slice(1).join(' '), repaired: true };
  }
  return { value: line, repaired: false };
}

/**
 * The house number and what follows it, as OCR slips them: glued on by a hyphen ("115-PORTAGE ST") or a compass S read
 * as 5 or $ ("7561 5 RAILROAD BLVD"), a compass E as a pound or euro sign ("17591 £ DEPOT AVE"), a 7 as a slash.
 */
export function repairHouseNumber(line: string): { value: string; repaired: boolean } {
  // A street that names its type first with the space before its number read as a hyphen ("AV. INDUSTRIAS-3720").
  const typed = /^(\S+ .*[A-Z]{3,})-(\d{1,6})$/.exec(line);
  if (typed && STREET_FIRST.has(line.split(' ')[0]!.replace(/[.,:]/g, ''))) return { value: `${typed[1]} ${typed[2]}`, repaired: true };
  // A whole street read without its spaces ("12857MAGNOLIACT", small print at 100 dpi): number, name and a type.
  const glued = /^(\d{1,6})([A-Z]{4,}?)(ST|AVE|RD|DR|LN|CT|PL|WAY|BLVD|HWY|PKWY|CIR)$/.exec(line);
  if (glued) return { value: `${glued[1]} ${glued[2]} ${glued[3]}`, repaired: true };
  // BLDG with its L read as an I or 1 before the building's number ("PL BIDG 9"). A cell border read as a 1 before a
  // five-digit house number ("113976 TECHNOLOGY PL"): house numbers run to five digits.
  // A house number run into the street's name ("1517TECHNOLOGY CIR"): numbered units keep a letter or two ("12B").
  const value = line.replace(/^(\d{1,6})-?(?=[A-Z]{3,}\s)/, '$1 ').replace(/^(\d{1,6}) [5$] (?=[A-Z]{3,})/, '$1 S ').replace(/^(\d{1,6}) [£€] (?=[A-Z]{3,})/, '$1 E ').replace(/ B[I1|]DG(?= \w)/, ' BLDG')
    .replace(/^1([1-9]\d{4}) (?=[A-Z]{2,})/, '$1 ')
    // A long house number's last figure read as the letter it looks like ("1716Z ENTERPRISE LN"): numbers that long
    // take no unit letter. An S stays where it may be the compass point glued on, unless one follows.
    .replace(/^(\d{4,5})([OQDILZG]|S(?= (?:N|S|E|W|NE|NW|SE|SW) ))(?= [A-Z]{1,})/, (_m, n: string, c: string) => n + DIGIT_FOR[c]!)
    // A house number is digits: a slash between them is a 7 whose stem was read alone ("19/48 MADISON WAY").
    .replace(/^(\d{1,4})\/(\d{1,4})(?= [A-Z]{2,})/, (m, a: string, b: string) => (a.length + b.length >= 3 && a.length + b.length <= 5 ? `${a}7${b}` : m))
    // A house number's leading 5 read as the section sign of like shape ("§124 RUE DU PARC").
    .replace(/^§(?=\d{1,5} )/, '5')
    // A highway's kilometre read without its spaces ("FEDERAL 57KM2064").
    .replace(/(\d)\s?KM\s?(?=\d)/, '$1 KM ')
    // A word of a street's name is letters: one digit inside it is the letter it looks like ("JUARE2", "H0LLY").
    .replace(/\b[A-Z0-9]{5,}\b/g, (w) => (/^[A-Z]*[015826][A-Z]*$/.test(w) ? w.replace(/\d/, (d) => LETTER_FOR[d]!) : w))
    // A compound name's hyphen read apart from the word before it ("SAINT -PATRICK") or after it, where the name
    // broke at the line's end ("COTE-DE- LIESSE").
    .replace(/(?<=[A-Z]{2}) -(?=[A-Z]{2})|(?<=[A-Z]{2})- (?=[A-Z]{2})/g, '-');
  // A street that names its type first ends with its number, which the OCR may glue to the name ("AV. JUAREZ4192").
  const trailing = /^(\S+ .*\b[A-Z]{3,})(\d{1,6})$/.exec(value);
  if (trailing && STREET_FIRST.has(value.split(' ')[0]!.replace(/[.,:]/g, ''))) return { value: `${trailing[1]} ${trailing[2]}`, repaired: true };
  return { value, repaired: value !== line };
}

// What a US or Canadian street line may end with besides its type: a compass point, a unit, a number.
const STREET_TAILS = new Set([...COMPASS, 'STE', 'UNIT', 'BLDG', 'APT', 'FL']);

/**
 * A numbered street ending in a short word that is no street type, compass point or unit ("10674 COMMERCE RA"), or
 * one letter off a street type ("CANAL HUY"): misread.
 */
export function oddStreetEnd(line: string): boolean {
  const toks = line.split(' ');
  const last = (toks[toks.length - 1] ?? '').replace(/[.,]$/, '');
  if (toks.length < 3 || !/^\d/.test(toks[0]!) || !/^[A-Z]{1,4}$/.test(last) || SUFFIXES.has(last)) return false;
  // A compass point ends a street after its type ("STEELES AVE W"); with no type before it, the type was misread
  // ("FOUNDRY W." for FOUNDRY WAY).
  if (STREET_TAILS.has(last)) return COMPASS.has(last) && !toks.slice(1, -1).some((t) => SUFFIXES.has(t.replace(/[.,]$/, '')) || SUFFIX_WORDS.has(t));
  return last.length <= 2 || [...SUFFIXES].some((s) => s.length === last.length && [...s].filter((c, i) => c !== last[i]).length === 1);
}

// Short words a street name may hold: saints, mounts and forts, and articles of Spanish and French names.
const SHORT_NAME_WORDS = new Set(['ST', 'MT', 'FT', 'DE', 'LA', 'EL', 'DU', 'LE', 'Y', 'A', 'I']);

/** A numbered street whose name (between number and type) holds a word of one or two letters that names nothing. */
export function shortNameWord(line: string): boolean {
  const toks = line.split(' ').map((t) => t.replace(/[.,]$/, ''));
  if (toks.length < 3 || !/^\d/.test(toks[0]!)) return false;
  return toks.slice(1, -1).some((t) => /^[A-Z]{1,2}$/.test(t) && !COMPASS.has(t) && !SHORT_NAME_WORDS.has(t) && !SUFFIXES.has(t) && !STREET_TAILS.has(t));
}

/** Doubts a street line raises by its own text; `lines` is how many lines it was read from. */
export function streetDoubts(value: string, lines: number): number {
  // Two street numbers, or several lines, may mean a neighbouring block's line was taken in: not sure enough to trust.
  const numbers = (value.match(/(?:^|\s)\d{2,}(?=\s|$)/g) ?? []).length;
  const doubts = [
    lines > 1,
    numbers > 1 && !/\b(STE|SUITE|UNIT|BLDG|KM|INT|EXT|APT|#)\b/.test(value),
    // A lone word with no number ("CARRETERA") is a piece of a street line, not all of it.
    !/\d/.test(value) && !value.includes(' '),
    // A sign no street is written with ("4%3", "MAIN ST @"): a misread character.
    /[^\p{L}\p{N}\s.,#/'’&()-]/u.test(value),
    oddStreetEnd(value),
    // So is a parenthesis without its partner ("INSURGENTES (435": a 1 read as a bracket).
    (value.match(/\(/g) ?? []).length !== (value.match(/\)/g) ?? []).length,
    // A name word of one or two letters that is no compass point or abbreviation ("5219 MU WAY" for MILL WAY).
    shortNameWord(value),
    // A lone letter right before the number of a street written name first ("CALLE ALLEND E 1465"): a word's last
    // letter read apart.
    /^\D/.test(value) && /\s\p{L}\s\d+$/u.test(value),
    // A house number starting with 0 ("092 MILL WAY"): its first digits were lost.
    /^0\d*\s/.test(value),
  ];
  return doubts.filter(Boolean).length;
}

// Street types no word of the three languages' dictionaries ends with as a word of its own before it: glued to the
// street's name ("HARBORCT") they are split off. ST, WAY and PL end too many words (FOREST, MIDWAY) to tell apart.
const GLUED_TYPES = /^(\p{L}{4,}?)(CT|RD|DR|LN|AVE|BLVD|CIR|PKWY|HWY|TRL)$/u;

/**
 * A street's words read without the space between them: a unit word and its number ("BLDG20", "STE5"), and a
 * street type after its name's word ("HARBORCT"), where the name is a word of the dictionaries and the whole is none.
 */
export function splitGluedStreetWords(line: string): { value: string; repaired: boolean } {
  let repaired = false;
  const value = line.split(' ').map((tok) => {
    const unit = /^(STE|SUITE|UNIT|BLDG|APT|RM|ROOM|LOT|DOCK|PIER|GATE)(\d{1,5}[A-Z]?)(,?)$/.exec(tok);
    if (unit) { repaired = true; return `${unit[1]} ${unit[2]}${unit[3]}`; }
    const typed = GLUED_TYPES.exec(tok);
    if (typed && isKnownWord(typed[1]!) && !isKnownWord(tok)) { repaired = true; return `${typed[1]} ${typed[2]}`; }
    return tok;
  }).join(' ');
  return { value, repaired };
}

/**
 * A unit's number read as the marks and letters that look like figures ("UNIT | DOCK ROAD", "UNIT LO"): a unit word is
 * followed by its number. A lone letter stays, as units are lettered too ("STE B").
 */
export function unitNumberOfLookAlikes(line: string): string {
  return line.replace(/(?<=(?:^|\s)(?:STE|SUITE|UNIT|BLDG|APT|RM|ROOM|LOT|DOCK|PIER|GATE|#) )[|ILO\d]{1,3}(?=\s|,|$)/g, (tok) =>
    /^\d+$/.test(tok) || (tok.length === 1 && tok !== '|') ? tok : tok.replace(/[|ILO]/g, (c) => DIGIT_FOR[c]!));
}

/**
 * A street line's words as every reader puts them right: the house number set apart from what follows it, a word split
 * at a narrow gap joined, words the OCR was unsure of spelt, the type put right. `repaired` when any step changed it.
 */
export function repairStreetLine(line: string, words: Word[]): { value: string; repaired: boolean } {
  const unitNumbered = unitNumberOfLookAlikes(line);
  // A quote mark or bar at the line's end is a speck or a ruling: no street ends with one.
  const bare = unitNumbered.replace(/\s*[’‘'"“”`´«»|]+$/u, '');
  // A lone 5 after the street's type is the compass S that follows it ("DUNDAS AVE 5"): a unit's number follows a unit's word.
  const last = /^(.* (\S+)) 5$/.exec(bare);
  const compass = last && SUFFIXES.has(last[2]!.replace(/[.,]$/, '')) ? `${last[1]} S` : bare;
  const numbered = repairHouseNumber(compass);
  const apart = splitGluedStreetWords(numbered.value);
  const joined = joinSplitWords(apart.value, { street: true });
  const spelt = repairSpelling(joined.value, confidenceIn(words));
  const typed = repairStreetSuffix(spelt.value);
  return { value: typed.value, repaired: unitNumbered !== line || compass !== bare || numbered.repaired || apart.repaired || joined.repaired || spelt.repaired || typed.repaired };
}

/** Whether a word is a street's type, its unit or a word that begins streets ("AVENIDA", "SUITE"). */
export function isStreetWord(t: string): boolean {
  const w = normalizeText(t).replace(/[^A-Z#]/g, '');
  return SUFFIXES.has(w) || SUFFIX_WORDS.has(w) || STREET_FIRST.has(w) || UNIT_WORDS.has(w);
}
