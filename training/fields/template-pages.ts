// Pages of the older template generator (bench/synthetic) for the confidence model's fit, in the field dataset's format.
// The rule extractor was written on these templates' layouts: on them its values are right far more often than on the
// layout generator's pages. Without such pages among the fitted values, the confidence model learns only how far the
// rules hold on layouts they never met, and under-trusts them on the forms they were built for. The templates whose
// genre stands for a held-out layout family (typewriter, French lettre de voiture, handwritten) are left out, so the
// held-out families stay unseen; handwritten values use the npm training hands, never Debian's evaluation hands.
// Pages carry no word-level truth (every word "other"): only the confidence fit reads them (oof-values.ts), never the
// tagger's. Appends to OUT and skips pages already there, so a stopped run resumes.
// usage: npx tsx training/fields/template-pages.ts OUT.jsonl [--count N] [--seed S]
import { appendFile, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createPageReader } from '@ladingwise/extract';
import { CA_PROVINCES, US_STATES } from '../../packages/extract/src/fields/geo.ts';
import { storedWord } from '../../bench/lib/field-pages.ts';
import { drawDoc, planSet } from '../../bench/synthetic/generate.ts';
import { PageRenderer } from '../../bench/synthetic/render.ts';
import type { PartyTruth } from '../../bench/synthetic/data.ts';

/** Templates whose genre is a held-out layout family's: never read here. */
export const HELDOUT_GENRES = new Set(['typewriter', 'lettre-de-voiture', 'handwritten']);

const { positionals, values } = parseArgs({ allowPositionals: true, options: { count: { type: 'string', default: '160' }, seed: { type: 'string', default: '5101' } } });
const [out] = positionals;
const count = Number(values.count);
const seed = Number(values.seed);
if (!out || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('usage: template-pages.ts OUT.jsonl [--count N] [--seed S]');
  process.exit(2);
}

/** The country of a North-American party, from its postal region (the templates print no country line). */
const countryOf = (p: PartyTruth): string => (CA_PROVINCES.has(p.state) ? 'CA' : US_STATES.has(p.state) ? 'US' : 'MX');
const withCountry = (p: PartyTruth | null): (PartyTruth & { country: string }) | null => (p ? { ...p, country: countryOf(p) } : null);

const done = new Set((await readFile(out, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { id: string }).id));
// A longer plan cut to the trained genres keeps page names stable whatever the count.
const plan = planSet(count * 2, seed).filter((p) => !HELDOUT_GENRES.has(p.template.id)).slice(0, count);
const renderer = await PageRenderer.launch();
const reader = await createPageReader({ engine: 'native' });
try {
  for (const [i, planned] of plan.entries()) {
    if (done.has(planned.name)) continue;
    const t0 = Date.now();
    const drawn = await drawDoc(planned, renderer, 'train');
    const [page] = await reader.read(drawn.bytes, drawn.file);
    if (!page) throw new Error(`${drawn.file}: no page read`);
    const t = planned.row.truth;
    const row = {
      id: planned.name, family: `template:${planned.template.id}`, split: 'train', lang: planned.row.lang, profile: planned.row.profile,
      writing: planned.row.writing, width: page.width, height: page.height,
      truth: { ...t, shipper: withCountry(t.shipper), consignee: withCountry(t.consignee), billTo: withCountry(t.billTo) },
      words: page.words.map((w) => storedWord(w, null, 'other')),
    };
    await appendFile(out, `${JSON.stringify(row)}\n`);
    console.log(`${i + 1}/${plan.length} ${planned.name} ${planned.template.id} ${planned.row.profile} ${planned.row.writing} words ${row.words.length} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await renderer.close();
  await reader.close();
}
