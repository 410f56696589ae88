// Field comparison as the shared scorer (bol-dev/score.mjs) does it: how the tagger's calibration scores a value right.
import { isBlank } from '@ladingwise/shared';

const ABBR: Record<string, string> = { STREET: 'ST', AVENUE: 'AVE', ROAD: 'RD', BOULEVARD: 'BLVD', DRIVE: 'DR', PARKWAY: 'PKWY', LANE: 'LN',
  COURT: 'CT', HIGHWAY: 'HWY', SUITE: 'STE', BUILDING: 'BLDG', NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', SAINT: 'ST' };
const NUMERIC = new Set(['shipmentdetails.weight', 'shipmentdetails.pieces', 'shipmentdetails.handlingunits']);

/** A value at a dotted path, keys matched without regard to case (truth is camelCase, ExtractedData PascalCase). */
export function valueAt(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    const k = Object.keys(cur).find((x) => x.toLowerCase() === key.toLowerCase());
    cur = k === undefined ? undefined : (cur as Record<string, unknown>)[k];
  }
  return cur;
}

const norm = (v: unknown): string => (v === null || v === undefined ? '' : String(v).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase()
  .replace(/[.,#:;'"()]/g, ' ').replace(/\s+/g, ' ').trim().split(' ').map((w) => ABBR[w] ?? w).join(' '));
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(String(v).replace(/[^0-9.]/g, '')));

/** Whether a read value is the truth's (an empty truth wants an empty reading). */
export function sameValue(field: string, truth: unknown, read: unknown): boolean {
  if (isBlank(truth)) return isBlank(read) || norm(read) === '';
  const f = field.toLowerCase();
  if (NUMERIC.has(f)) { const n = num(read); return n !== null && Math.abs(n - Number(truth)) < 0.5; }
  if (f.endsWith('.zip')) return norm(read).replace(/ /g, '') === norm(truth).replace(/ /g, '');
  return norm(read) === norm(truth);
}
