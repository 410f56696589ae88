import type { ExtractedData } from '@ladingwise/shared';
import { isNorthAmerican, isStateCode, placeOfPostal, stateMatchesPostal, UK_CODE } from './geo.ts';
import { DIGIT_FOR, LETTER_FOR } from './look-alikes.ts';
import { isKnownPlace, isKnownPlaceAbroad } from '../ocr/place-decode.ts';

// A postal code's form is the country's: five digits in the US and Mexico, six in Singapore, China and India, four
// digits and two letters in the Netherlands. Which form a party's code should have is known only once its country is
// read, so the codes are put in their country's form after every field of the party is chosen.

/**
 * Puts each party's postal code in its country's form, in place:
 * - six digits led by a 1 are a ZIP with a rule or bar read before it, unless the party's country is read and is
 *   outside North America: there six digits are the code as printed;
 * - in the Netherlands the code's two letters stand after its four digits, where a reader may have left them at the
 *   start of the city ("3198" and "LK ROTTERDAM" for 3198 LK, ROTTERDAM);
 * - in the United Kingdom a code opens with a letter: a digit read there is the letter it looks like ("1P11 3SY");
 * - a Brazilian code is digits: a letter read in it is the digit it looks like ("11010-O00").
 */
export function fitPostalToCountry(data: ExtractedData): void {
  for (const p of [data.Shipper, data.Consignee, data.BillTo]) {
    if (!p?.Zip) continue;
    const abroad = !!p.Country && !isNorthAmerican(p.Country);
    const barred = /^1(\d{5})$/.exec(p.Zip);
    if (barred && !abroad) p.Zip = barred[1]!;
    const letters = p.Country === 'NL' && /^\d{4}$/.test(p.Zip) ? /^([A-Z]{2}) (\S.*)$/.exec(p.City ?? '') : null;
    if (letters) { p.Zip = `${p.Zip} ${letters[1]}`; p.City = letters[2]!; }
    // Five digits, a hyphen and three more is a Brazilian code, all digits: a letter there is the digit it looks like.
    if (/^\d{5}-[\dOQDILSZ]{3}$/.test(p.Zip)) p.Zip = p.Zip.replace(/[A-Z]/g, (c) => DIGIT_FOR[c] ?? c);
    const lettered = p.Country === 'GB' ? p.Zip.replace(/^\d/, (d) => LETTER_FOR[d] ?? d) : p.Zip;
    if (lettered !== p.Zip && UK_CODE.test(lettered)) p.Zip = lettered;
  }
}

// Countries abroad whose addresses carry a state as a short code beside the city (Brazil's two-letter UF).
const STATES_ABROAD = new Set(['BR']);
// A British postcode in full, which no Canadian code is: the party is in the United Kingdom whatever else was read.
const BRITISH = (zip: string): boolean => UK_CODE.test(zip.toUpperCase()) && !/^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(zip.toUpperCase());

/**
 * A state or province code names its country. A party abroad (its country read so, or its postal code in the British
 * form) has no US, Canadian or Mexican state: a code read there came from another party's block or from specks, and
 * goes, unless its city is one only North America has or its postal code is the state's. A party read as North American whose code is British is in the United Kingdom.
 */
export function noStatesAbroad(data: ExtractedData): void {
  for (const key of ['Shipper', 'Consignee', 'BillTo'] as const) {
    const p = data[key];
    if (!p) continue;
    if (p.Zip && BRITISH(p.Zip) && (!p.Country || isNorthAmerican(p.Country))) p.Country = 'GB';
    if (!p.State || !p.Country || isNorthAmerican(p.Country) || STATES_ABROAD.has(p.Country) || !isStateCode(p.State.toUpperCase())) continue;
    // A city only North America has (no town abroad is so named), or a postal code of the state's, says the country
    // was read from elsewhere instead.
    const state = p.State.toUpperCase();
    if (p.City && isKnownPlace(p.City) && !isKnownPlaceAbroad(p.City)) continue;
    const place = p.Zip ? placeOfPostal(p.Zip.toUpperCase(), null) : null;
    if (place && stateMatchesPostal(state, place)) continue;
    p.State = null;
    delete data.ConfidenceScores[`${key}.State`];
  }
}
