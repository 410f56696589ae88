import { normalizeText } from '../../layout.ts';
import { compareCity, lostLead, mendCity, placeOfPostal, repairState, stateMatchesPostal } from '../geo.ts';
import type { TaggedField } from './tagger.ts';

/**
 * A party's postal code, state and city, read apart by the tagger, checked against one another as the rule reader
 * checks them: the postal code names its state (or states) and, in the US and Canada, its city. A state misread by a
 * letter is the one the code allows; a city one slip from the code's is that city; one whose leading article or title
 * was lost ("MOINES") is the code's city as a repair. A value the code contradicts loses its check: one of the two is
 * misread. `rescore` recomputes a changed field's score.
 */
export function checkPlaces(fields: Map<string, TaggedField>, rescore: (f: TaggedField) => void): void {
  for (const party of ['Shipper', 'Consignee', 'BillTo']) {
    const zip = fields.get(`${party}.Zip`);
    if (!zip) continue;
    const place = placeOfPostal(String(zip.value), null);
    if (!place) continue;
    const state = fields.get(`${party}.State`);
    let stateOk = false;
    if (state) {
      const fixed = repairState(String(state.value), place.states);
      stateOk = fixed !== null && stateMatchesPostal(fixed, place);
      if (stateOk && fixed !== state.value) { state.value = fixed!; state.repaired = true; }
      state.checked = stateOk;
      rescore(state);
    }
    const city = fields.get(`${party}.City`);
    if (city && place.city) {
      const read = normalizeText(String(city.value));
      const cmp = compareCity(read, place.city);
      if (cmp === 'near') { city.value = mendCity(read, place.city); city.repaired = true; }
      else if (cmp === 'different' && stateOk && lostLead(read, place.city)) { city.value = place.city; city.repaired = true; }
      city.checked = cmp !== 'different';
      rescore(city);
    }
  }
}
