import type { BolDoc, PartyTruth } from './data.ts';
import type { Rng } from './random.ts';

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
} as const;
const MES = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** Renders an ISO date the way a form in `lang` would print it; `style` picks one of the usual ways. */
export function formatDate(iso: string | null, lang: BolDoc['lang'], style: number): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (lang === 'en') {
    switch (style % 4) {
      case 0: return `${pad(m)}/${pad(d)}/${y}`;
      case 1: return `${MONTHS.en[m - 1]} ${d}, ${y}`;
      case 2: return iso;
      default: return `${m}/${d}/${String(y).slice(2)}`;
    }
  }
  if (lang === 'fr') {
    switch (style % 3) {
      case 0: return `${pad(d)}/${pad(m)}/${y}`;
      case 1: return `${d} ${MONTHS.fr[m - 1]} ${y}`;
      default: return iso;
    }
  }
  switch (style % 3) {
    case 0: return `${pad(d)}/${pad(m)}/${y}`;
    case 1: return `${d} de ${MONTHS.es[m - 1]} de ${y}`;
    default: return `${pad(d)}-${MES[m - 1]}-${y}`;
  }
}

/** A whole number with the thousands separator of `lang` (French uses a space). */
export function formatNumber(n: number, lang: BolDoc['lang']): string {
  const s = String(Math.round(n));
  const sep = lang === 'fr' ? ' ' : ',';
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** The weight with its unit as forms print it. */
export function formatWeight(doc: BolDoc, style: number): string {
  const { weight, weightUnit } = doc.truth.shipmentDetails;
  const n = style % 2 === 0 ? formatNumber(weight, doc.lang) : String(weight);
  if (weightUnit === 'K') return `${n} ${style % 3 === 0 ? 'KG' : 'kg'}`;
  return `${n} ${['lbs', 'LBS', 'lb', 'LB'][style % 4]}`;
}

const SMALL = new Set(['DE', 'DEL', 'LA', 'LOS', 'Y', 'AND', 'OF', 'DU', 'DES']);
const KEEP = new Set(['SA', 'CV', 'LLC', 'INC', 'LTD', 'CO', 'ULC', 'LTEE', 'NW', 'NE', 'SW', 'SE', 'N', 'S', 'E', 'W', 'KD', 'NOI', 'PO']);

/** Title Case as many forms print names ("Northgate Millworks LLC"); scoring ignores case. */
export function titleCase(s: string): string {
  return s.split(' ').map((w, i) => {
    if (KEEP.has(w) || /\d/.test(w)) return w;
    if (i > 0 && SMALL.has(w)) return w.toLowerCase();
    return w.charAt(0) + w.slice(1).toLowerCase();
  }).join(' ');
}

const LONG: Record<string, string> = { ST: 'Street', AVE: 'Avenue', RD: 'Road', BLVD: 'Boulevard', DR: 'Drive', PKWY: 'Parkway', LN: 'Lane', CT: 'Court', HWY: 'Highway', STE: 'Suite' };

/** A party's lines as printed: sometimes Title Case, sometimes with street words spelt out. */
export function partyLines(p: PartyTruth, rng: Rng): { name: string; street: string; cityLine: string } {
  const title = rng.chance(0.5);
  const spell = rng.chance(0.3);
  const street = spell ? p.address.split(' ').map((w, i) => (i > 0 && LONG[w] ? LONG[w]!.toUpperCase() : w)).join(' ') : p.address;
  const cityLine = `${p.city}, ${p.state} ${p.zip}`;
  return title
    ? { name: titleCase(p.name), street: titleCase(street), cityLine: `${titleCase(p.city)}, ${p.state} ${p.zip}` }
    : { name: p.name, street, cityLine };
}

/** Escapes text for HTML. */
export function esc(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A checkbox glyph, ticked or not. */
export const box = (on: boolean): string => (on ? '&#9746;' : '&#9744;');
