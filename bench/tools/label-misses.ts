// How often the product's label lexicon misses a label the generator printed, on TRAINED families' kept-out pages:
// per field and wording, labels found as that field's kind, as another kind, or not at all.
// usage: npx tsx bench/tools/label-misses.ts FILES...
import { normalizeText } from '../../packages/extract/src/layout.ts';
import { readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { LABELS_OF_FIELD, type LabelledField } from '../../packages/extract/src/fields/lexicon.ts';
import { asReadPage, keptOutOfFit, readTruthPages } from '../lib/field-pages.ts';

// The label kinds that count as finding a field's label. A party's parts count under their own row label only (a
// party's heading above its city line is the block's, not the city's label); its name also under the heading.
const ROW_KINDS: Record<string, readonly string[]> = {
  Name: ['name'], Address: ['address'], City: ['city', 'cityStateZip'], State: ['state', 'cityStateZip'], Zip: ['zip', 'cityStateZip'], Country: ['country'],
};
const PARTY_KIND: Record<string, string> = { Shipper: 'shipper', Consignee: 'consignee', BillTo: 'billTo' };
// Fields with no entry in LABELS_OF_FIELD, and a pickup date labelled only "Date".
const OTHER_KINDS: Record<string, readonly string[]> = {
  'ShipmentDetails.HandlingUnits': ['handlingUnits'], FreightTerms: ['freightTerms'], 'Dates.Pickup': ['pickupDate', 'docDate'],
};
function kindsFor(field: string): readonly string[] {
  const [head, leaf] = field.split('.');
  const party = PARTY_KIND[head!];
  if (party) return [...(ROW_KINDS[leaf!] ?? []), ...(leaf === 'Name' ? [party] : [])];
  return OTHER_KINDS[field] ?? LABELS_OF_FIELD[field as LabelledField] ?? [];
}

const tally = new Map<string, { right: number; other: number; none: number; as: Map<string, number> }>();
const seen = new Set<string>();
for (const file of process.argv.slice(2)) for await (const p of readTruthPages(file)) {
  if (p.split !== 'train' || !keptOutOfFit(p.id) || seen.has(p.id)) continue;
  seen.add(p.id);
  const page = asReadPage(p);
  const { hits } = readLayout([page]);
  const kindOf = new Map(hits.flatMap((h) => h.labelWords.map((w) => [w, h.field] as const)));
  const groups = new Map<string, number[]>();
  p.words.forEach((w, i) => { if (w.role === 'label' && w.field) { const k = `${w.line}|${w.field}`; groups.set(k, [...(groups.get(k) ?? []), i]); } });
  for (const [k, idx] of groups) {
    const field = k.split('|')[1]!;
    const ok = kindsFor(field);
    const kinds = idx.map((i) => kindOf.get(page.words[i]!)).filter(Boolean) as string[];
    const key = `${field.padEnd(30)} ${normalizeText(idx.map((i) => p.words[i]!.text).join(' '))}`;
    const t = tally.get(key) ?? tally.set(key, { right: 0, other: 0, none: 0, as: new Map() }).get(key)!;
    if (kinds.some((x) => ok.includes(x))) t.right++;
    else if (kinds.length) { t.other++; t.as.set(kinds[0]!, (t.as.get(kinds[0]!) ?? 0) + 1); } else t.none++;
  }
}
const rows = [...tally].filter(([, t]) => t.other + t.none >= 3).sort((a, b) => (b[1].other + b[1].none) - (a[1].other + a[1].none));
let right = 0, miss = 0;
for (const [, t] of tally) { right += t.right; miss += t.other + t.none; }
process.stdout.write(`${seen.size} pages; label occurrences found as their field ${right}, missed ${miss}\n`);
for (const [k, t] of rows.slice(0, 80)) process.stdout.write(`${k.padEnd(80)} right ${t.right} other ${t.other} none ${t.none} ${[...t.as].map(([a, n]) => `${a}:${n}`).join(' ')}\n`);
