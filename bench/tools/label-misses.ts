// How often the product's label lexicon misses a label the generator printed, on TRAINED families' kept-out pages:
// per field and wording, labels found as that field's kind, as another kind, or not at all.
// usage: npx tsx bench/tools/label-misses.ts FILES...
import { normalizeText } from '../../packages/extract/src/layout.ts';
import { readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { LABELS_OF_FIELD, type LabelledField } from '../../packages/extract/src/fields/lexicon.ts';
import { asReadPage, keptOutOfFit, readTruthPages } from '../lib/field-pages.ts';

// A party's sub-labels (name, address...) count as found when read as that sub-label's kind; a party's name label as
// the party's heading.
const KINDS: Record<string, readonly string[]> = {
  Address: ['address'], City: ['city', 'cityStateZip'], State: ['state', 'cityStateZip'], Zip: ['zip', 'cityStateZip'], Country: ['country'],
  HandlingUnits: ['handlingUnits'], FreightTerms: ['freightTerms'], Pickup: ['pickupDate', 'docDate'],
};
const PARTY_KIND: Record<string, string> = { Shipper: 'shipper', Consignee: 'consignee', BillTo: 'billTo' };
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
    const field = k.split('|')[1]! as LabelledField;
    const want: readonly string[] = KINDS[field.split('.').pop()!] ?? (field.startsWith('Shipper.') || field.startsWith('Consignee.') || field.startsWith('BillTo.') ? [] : LABELS_OF_FIELD[field] ?? []);
    const kinds = idx.map((i) => kindOf.get(page.words[i]!)).filter(Boolean) as string[];
    const key = `${field.padEnd(30)} ${normalizeText(idx.map((i) => p.words[i]!.text).join(' '))}`;
    const t = tally.get(key) ?? tally.set(key, { right: 0, other: 0, none: 0, as: new Map() }).get(key)!;
    const party = PARTY_KIND[field.split('.')[0]!];
    const ok = [...want, ...(field.endsWith('.Name') && party ? [party, 'name'] : [])];
    if (kinds.some((x) => ok.includes(x))) t.right++;
    else if (kinds.length) { t.other++; t.as.set(kinds[0]!, (t.as.get(kinds[0]!) ?? 0) + 1); } else t.none++;
  }
}
const rows = [...tally].filter(([, t]) => t.other + t.none >= 3).sort((a, b) => (b[1].other + b[1].none) - (a[1].other + a[1].none));
let right = 0, miss = 0;
for (const [, t] of tally) { right += t.right; miss += t.other + t.none; }
process.stdout.write(`${seen.size} pages; label occurrences found as their field ${right}, missed ${miss}\n`);
for (const [k, t] of rows.slice(0, 80)) process.stdout.write(`${k.padEnd(80)} right ${t.right} other ${t.other} none ${t.none} ${[...t.as].map(([a, n]) => `${a}:${n}`).join(' ')}\n`);
