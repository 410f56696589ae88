// Rows for learning the choice between a weak line's Tesseract reading and the neural line reader's: generated pages of
// the trained families read by the product's page reader, each weak line it read again written with both readings,
// the features the choice sees (ocr/line-choice.ts), the one kept, and the truth words under the line. Held-out
// families are refused: the choice must not be learned on them.
// usage: npx tsx bench/tools/line-choices.ts --seed S --count N --out FILE [--writing handwritten|printed|all] [--pages FILE] [--reread-all]
//   Each row also holds what the neural reader's two readers read and the hand override's features (hand-override.ts).
//   --pages FILE  also writes, a page a line, each value word of the truth: what the page's words read there at the end,
//                 and whether a weak line read again covered it and what each reader read there (where values are lost)
//   --refeature   computes the features of the rows in --out again with today's code, from their readings (the
//                 override's too, where the row holds both readers' readings)
//   --reread-all  every line read again, not only weak ones where a field is in doubt (what reading more would give)
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createPageReader, type LineChoice, type LineReading } from '@ladingwise/extract';
import { startsWithLabel } from '../../packages/extract/src/fields/find-labels.ts';
import { handOverrideFeatures } from '../../packages/extract/src/ocr/hand-override.ts';
import { LINE_CHOICE_FEATURES, lineChoiceFeatures, lineChoiceModel } from '../../packages/extract/src/ocr/line-choice.ts';
import { toUprightBox } from '../layouts/align.ts';
import { assertEvalHandsInstalled } from '../layouts/fonts.ts';
import { drawLayoutPage, planLayoutSet, type TruthWord } from '../layouts/plan.ts';
import { PageRenderer } from '../synthetic/render.ts';

const { values } = parseArgs({ options: {
  seed: { type: 'string', default: '7101' },
  count: { type: 'string', default: '100' },
  out: { type: 'string' },
  writing: { type: 'string', default: 'handwritten' },
  pages: { type: 'string' },
  'reread-all': { type: 'boolean', default: false },
  refeature: { type: 'boolean', default: false },
} });
if (!values.out) throw new Error('--out FILE is required');
const out = values.out;
if (values.refeature) {
  // The features of rows already written computed again by today's code (after a feature is added), from their readings.
  const rows = (await readFile(out, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const again = rows.map((r) => {
    if (r.empty) return r;
    const height = (r.height as number | undefined) ?? (r.features as number[])[LINE_CHOICE_FEATURES.indexOf('height')]!;
    const features = lineChoiceFeatures(r.first as LineReading, r.tesseract as LineReading, r.neural as LineReading, height, startsWithLabel);
    const override = overrideFeatures({ ...(r as unknown as OverrideRow), height, features });
    return { ...r, height, features, ...(override ? { override } : {}) };
  });
  await writeFile(out, again.map((r) => `${JSON.stringify(r)}\n`).join(''));
  process.exit(0);
}
const plan = planLayoutSet(Number(values.count), Number(values.seed), 'train')
  .filter((p) => values.writing === 'all' || p.row.writing === values.writing);
const done = new Set((await readFile(out, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { page: string }).page));
assertEvalHandsInstalled(plan);

type Box = [number, number, number, number];
/** The truth words centred within a line's box, left to right on their rows: what the line says. */
function truthUnder(b: Box, truth: TruthWord[], valuesOnly = false): string {
  const h = b[3] - b[1];
  const inside = truth.filter((t) => !valuesOnly || (t.tag && !t.tag.startsWith('label:'))).filter((t) => {
    const cx = (t.box[0] + t.box[2]) / 2, cy = (t.box[1] + t.box[3]) / 2;
    return cx >= b[0] - 0.2 * h && cx <= b[2] + 0.2 * h && cy >= b[1] - 0.2 * h && cy <= b[3] + 0.2 * h;
  });
  return inside.sort((a, c) => (Math.abs(a.box[1] - c.box[1]) > 0.5 * h ? a.box[1] - c.box[1] : a.box[0] - c.box[0])).map((t) => t.text).join(' ');
}

interface OverrideRow { first: LineReading; tesseract: LineReading; neural: LineReading | null; readers?: Record<string, LineReading>; chosen: string; features: number[] | null; height: number }

/** The hand override's features of a line (hand-override.ts), where both of the neural reader's readers read it. */
function overrideFeatures(r: OverrideRow): number[] | null {
  const hand = r.readers?.hand, print = r.readers?.print;
  if (!hand || !print || !r.neural || !r.features) return null;
  const pickedTesseract = r.chosen === 'tesseract';
  const neuralChance = lineChoiceModel()?.neuralChance(r.features) ?? 0;
  return handOverrideFeatures({ first: r.first, tesseract: r.tesseract, print, hand, pick: pickedTesseract ? r.tesseract : r.neural, pickedTesseract, neuralChance, height: r.height }, startsWithLabel);
}

const renderer = await PageRenderer.launch();
let choices: LineChoice[] = [];
const reader = await createPageReader({ engine: 'native', tools: { observe: (c) => void choices.push(c), rereadAll: values['reread-all'] } });
try {
  for (const planned of plan) {
    if (done.has(planned.name)) continue;
    const drawn = await drawLayoutPage(planned, renderer);
    choices = [];
    const t0 = Date.now();
    const [page] = await reader.read(drawn.bytes, drawn.file);
    const seconds = (Date.now() - t0) / 1000;
    if (!page) continue;
    const truth = drawn.words.map((w) => ({ ...w, box: toUprightBox(w.box, page.rotation, drawn.width, drawn.height) }));
    const rows = choices.filter((c) => c.features).map((c) => {
      const height = c.features![LINE_CHOICE_FEATURES.indexOf('height')]!;
      const override = overrideFeatures({ ...c, height });
      return {
        page: planned.name, family: planned.family.id, profile: planned.row.profile, writing: planned.row.writing,
        bbox: c.bbox, first: c.first, tesseract: c.tesseract, neural: c.neural, ...(c.readers ? { readers: c.readers } : {}), chosen: c.chosen,
        truth: truthUnder(c.bbox, truth), values: truthUnder(c.bbox, truth, true),
        height, features: c.features, ...(override ? { override } : {}), ...(c.overridden ? { overridden: true } : {}),
      };
    });
    if (values.pages) {
      const ocr = page.words.map((w) => ({ text: w.text, box: page.toUpright(w.bbox) }));
      const strips = choices.map((c) => ({ box: c.bbox, c }));
      const centred = (inner: Box, outer: Box): boolean => {
        const cx = (inner[0] + inner[2]) / 2, cy = (inner[1] + inner[3]) / 2;
        return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
      };
      const valueWords = truth.filter((t) => t.tag && !t.tag.startsWith('label:')).map((t) => {
        const strip = strips.find((s) => centred(t.box, s.box));
        return {
          text: t.text, tag: t.tag, read: ocr.filter((o) => centred(o.box, t.box) || centred(t.box, o.box)).map((o) => o.text).join(' '),
          ...(strip ? { chosen: strip.c.chosen, tesseract: strip.c.tesseract.text, neural: strip.c.neural?.text ?? null, print: strip.c.readers?.print?.text ?? null, hand: strip.c.readers?.hand?.text ?? null } : {}),
        };
      });
      await appendFile(values.pages, `${JSON.stringify({ page: planned.name, writing: planned.row.writing, profile: planned.row.profile, values: valueWords })}\n`);
    }
    // A page with no weak line read by both still marks the page done.
    await appendFile(out, rows.length ? rows.map((r) => `${JSON.stringify(r)}\n`).join('') : `${JSON.stringify({ page: planned.name, empty: true })}\n`);
    process.stdout.write(`${planned.name} ${planned.row.writing} ${planned.row.profile}: ${rows.length} lines, ${seconds.toFixed(1)} s\n`);
  }
} finally {
  await renderer.close();
  await reader.close();
}
