import type { ExtractedData } from '@ladingwise/shared';
import { isNorthAmerican, UK_CODE } from './geo.ts';
import { DIGIT_FOR, LETTER_FOR } from './look-alikes.ts';

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
