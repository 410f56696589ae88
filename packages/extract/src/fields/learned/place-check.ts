import { normalizeText } from '../../layout.ts';
import { isKnownPlace, placeSpacing } from '../../ocr/place-decode.ts';
import { compareCity, garbledCity, isStateCode, lostLead, mendCity, nearCityOfState, placeOfPostal, repairState, stateMatchesPostal } from '../geo.ts';
import type { TaggedField } from './tagger.ts';

/**
 * A party's postal code, state and city, read apart by the tagger, checked against one another as the rule reader
 * checks them: the postal code names its state (or states) and, in the US and Canada, its city. A state misread by a
 * letter is the one the code allows; a city one slip from the code's is that city; one whose leading article or title
 * was lost ("MOINES"), or garbled by a hand where the state agrees, is the code's city as a repair; with no code, a
 * city one slip from one of the state's is that one, as a repair. A value the code contradicts loses its check: one of the two is
 * misread. `rescore` recomputes a changed field's score.
 */
export function checkPlaces(fields: Map<string, TaggedField>, rescore: (f: TaggedField) => void): void {
  for (const party of ['Shipper', 'Consignee', 'BillTo']) {
    const read = fields.get(`${party}.City`);
    const whole = read ? normalizeText(String(read.value)) : '';
    const trimmed = read ? cityWithoutTail(whole) : null;
    if (read && trimmed) { read.value = trimmed; rescore(read); }
    // A region's code glued to the city's word, by a mark or not ("KNOXVILLE.TN", "CEL AYAGTO"), is the party's
    // state, read with the city.
    const glued = read && !fields.has(`${party}.State`) ? gluedState(read.words) ?? (trimmed ? gluedCode(whole) : null) : null;
    if (read && glued) { const state = { ...read, field: `${party}.State`, value: glued, repaired: true, checked: false }; fields.set(state.field, state); rescore(state); }
    const zip = fields.get(`${party}.Zip`);
    const place = zip ? placeOfPostal(String(zip.value), null) : null;
    if (!place) { cityOfState(fields, party, rescore); continue; }
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
      else if (cmp === 'different' && stateOk && (lostLead(read, place.city) || garbledCity(read, place.city))) { city.value = place.city; city.repaired = true; }
      city.checked = cmp !== 'different';
      rescore(city);
    }
  }
}

/** The region's code glued by a mark to the last word of a city ("KNOXVILLE.TN", "LEON,GTO"), or null. */
export function gluedState(words: readonly { text: string }[]): string | null {
  const m = /\p{L}{3}[.,;:]([A-Z]{2,4})$/u.exec(words.at(-1)?.text ?? '');
  return m && isStateCode(m[1]!) ? m[1]! : null;
}

/** With no postal code to check it by, a city read with a slip is the one city of the state read it stands for. */
function cityOfState(fields: Map<string, TaggedField>, party: string, rescore: (f: TaggedField) => void): void {
  const city = fields.get(`${party}.City`), state = fields.get(`${party}.State`);
  const near = city && state ? nearCityOfState(String(city.value), String(state.value)) : null;
  if (!city || !near) return;
  city.value = near;
  city.repaired = true;
  rescore(city);
}

/**
 * A city read with what follows it on the line run on ("SHERBROOKE, QCJIL", "SASKATOON SV", "ALBANYNY", "TORREON,COA",
 * "GREENVILLESC29607"): the known place it starts with, where the whole is no place and what follows is a state or
 * postal code; null otherwise (a name of places unknown here is kept as read).
 */
export function cityWithoutTail(read: string): string | null {
  if (isKnownPlace(read)) return null;
  const words = read.split(' ');
  for (let k = words.length - 1; k >= Math.max(1, words.length - 2); k--) {
    const head = words.slice(0, k).join(' ').replace(/[,.;:]+$/, ''), tail = words.slice(k).join('').replace(/[^A-Z0-9]/g, '');
    if (tail.length >= 2 && tail.length <= 7 && /^[A-Z]{2}/.test(tail) && isKnownPlace(head)) return head;
  }
  // A comma ends a city: what follows is its state or postal code, glued on or read with a speck ("TORREON,COA").
  const comma = /^([^,]*[A-Z]{3}[^,]*),\s*(.*)$/.exec(read);
  if (comma && (isKnownPlace(comma[1]!.trim()) || isStateCode(comma[2]!.replace(/[^A-Z]/g, '')))) return comma[1]!.trim();
  // A city holds no digits: a known place with a postal code glued on, its state's code between or not
  // ("GREENVILLESC29607", "MANCHESTERM171AE"), is that place.
  const digit = read.search(/\d/);
  for (let k = digit; k >= 3; k--) if (/^[A-Z ]+$/.test(read.slice(0, k)) && isKnownPlace(read.slice(0, k).trim())) return read.slice(0, k).trim();
  // A state's code glued to the city's last word, the space between the two perhaps read within the city's name
  // ("CEL AYAGTO" for CELAYA GTO).
  const code = gluedCode(read);
  return code ? placeSpacing(read.slice(0, -code.length).trim()) : null;
}

/** The state's code glued to a known place's last word ("ALBANYNY", "CEL AYAGTO"), or null. */
export function gluedCode(read: string): string | null {
  for (const n of [2, 3]) {
    const m = new RegExp(`^(.*[A-Z]{3})([A-Z]{${n}})$`).exec(read);
    if (m && isStateCode(m[2]!) && isKnownPlace(m[1]!)) return m[2]!;
  }
  return null;
}
