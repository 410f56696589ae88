import type { ExtractedData, Party } from '@ladingwise/shared';
import { isStateCode } from './geo.ts';

// A postal code's form is the country's: five digits in the US and Mexico, six in Singapore, China and India, four
// digits and two letters in the Netherlands. Which form a party's code should have is known only once its country is
// read, so the codes are put in their country's form after every field of the party is chosen.

const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);

/** The party's country as read, else North American where its state is a North American code; null when unknown. */
function countryOf(p: Party): string | null {
  if (p.Country) return p.Country;
  return p.State && isStateCode(p.State) ? 'US' : null;
}

/**
 * Puts each party's postal code in its country's form, in place:
 * - six digits led by a 1 in a North American party (or one of no known country) are a ZIP with a rule or bar read
 *   before it; elsewhere six digits are the code as printed;
 * - in the Netherlands the code's two letters stand after its four digits, where a reader may have left them at the
 *   start of the city ("3198" and "LK ROTTERDAM" for 3198 LK, ROTTERDAM).
 */
export function fitPostalToCountry(data: ExtractedData): void {
  for (const p of [data.Shipper, data.Consignee, data.BillTo]) {
    if (!p?.Zip) continue;
    const country = countryOf(p);
    const barred = /^1(\d{5})$/.exec(p.Zip);
    if (barred && (country === null || NORTH_AMERICA.has(country))) p.Zip = barred[1]!;
    const letters = country === 'NL' && /^\d{4}$/.test(p.Zip) ? /^([A-Z]{2}) (\S.*)$/.exec(p.City ?? '') : null;
    if (letters) { p.Zip = `${p.Zip} ${letters[1]}`; p.City = letters[2]!; }
  }
}
