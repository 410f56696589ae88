import { degrade, type PointMap, type Profile } from '../synthetic/degrade.ts';
import { Rng } from '../synthetic/random.ts';
import type { PageRenderer } from '../synthetic/render.ts';
import { composePage } from './compose.ts';
import { familiesOf, splitOf, type Family, type FamilySelection, type Split } from './families.ts';
import { handFont } from './fonts.ts';
import type { Printed } from './html.ts';
import { LANGS, type Lang } from './lexicon.ts';
import { randomLayoutDoc, TRADES, type DateOrder, type LayoutDoc, type LayoutTruth } from './world.ts';

/** One row of a generated set's truth.json: the dev set's format plus writing, profile, family and split. */
export interface LayoutTruthRow {
  file: string;
  layout: string;
  split: Split;
  lang: Lang;
  profile: Profile;
  writing: 'printed' | 'handwritten';
  truth: LayoutTruth;
}

/** A page decided but not drawn. */
/**
 * Features a probe forces on or off, so the same pages can be read with and without one (`build-dataset.ts --probe`):
 * what a feature costs a tagger that never met it, measured on trained genres' pages alone.
 */
export interface Probe { boxNumbers?: boolean; describedLabels?: boolean; runOnParties?: boolean; contacts?: boolean; faxHeader?: boolean; handFilled?: boolean; severalItems?: boolean; internationalLabels?: boolean }

export interface PlannedPage { name: string; family: Family; row: Omit<LayoutTruthRow, 'file'>; doc: LayoutDoc; seed: number; probe?: Probe }

/** A word of a drawn page with its box on the degraded image. */
export interface TruthWord { text: string; tag: string; occ: number; box: [number, number, number, number] }

/** A drawn page: the encoded image, its words with boxes, and the values it prints. */
export interface DrawnPage { file: string; bytes: Buffer; width: number; height: number; words: TruthWord[]; printed: Printed[]; html: string }

// Capture profiles cycle so every family meets every profile; scans and phone photos come up most, as in the field.
const PROFILE_CYCLE: Profile[] = ['scan', 'photo', 'clean', 'fax', 'photo', 'scan', 'lowres'];

/** Decides every page of a set (family, data, capture) without rendering; the same seed gives the same plan. */
export function planLayoutSet(count: number, seed: number, selection: FamilySelection = 'all'): PlannedPage[] {
  const families = familiesOf(selection);
  return Array.from({ length: count }, (_, i) => {
    const pageSeed = (Math.imul(seed, 2_654_435_761) + i * 40_503 + 17) >>> 0;
    const rng = new Rng(pageSeed);
    const genre = families[(i + seed) % families.length]!;
    const family = mixedGenre(genre, rng.fork('mix'));
    const lang = family.altLang && rng.fork('lang').chance(0.5) ? family.altLang : family.lang;
    const doc = randomLayoutDoc(rng.fork('data'), lang, family.trade);
    const hand = rng.fork('hand').chance(family.handChance);
    const profile = PROFILE_CYCLE[(i + seed + 3 * Math.floor(i / families.length)) % PROFILE_CYCLE.length]!;
    return {
      name: `lay-${seed}-${String(i + 1).padStart(4, '0')}`,
      family,
      row: { layout: family.id, split: splitOf(family.id), lang, profile, writing: hand ? 'handwritten' : 'printed', truth: doc.truth },
      doc,
      seed: pageSeed,
    };
  });
}

/** The share of a trained genre's pages written in any language for parties of any trade. */
export const MIX_CHANCE = 0.3;

/**
 * A trained genre's page keeps its layout habits but, some of the time, its words and parties come from anywhere: a
 * genre's language and trade are not its layout, and a tagger that met each layout habit in one language and one
 * trade only would learn the pairing. Month-first dates go with English forms between US and North-American
 * parties, day-first ones with every other. Held-out genres are left as they are, so their figures stay comparable.
 */
export function mixedGenre(genre: Family, rng: Rng): Family {
  if (splitOf(genre.id) !== 'train' || !rng.chance(MIX_CHANCE)) return genre;
  const lang = rng.pick(LANGS);
  const trade = rng.pick(TRADES);
  const dateOrder: DateOrder = lang === 'en' && (trade === 'domestic-us' || trade === 'north-america') ? 'us' : 'dayfirst';
  const { altLang: _, second: __, ...rest } = genre;
  return { ...rest, lang, trade, dateOrder };
}

/** The axis-aligned box around a box's four corners carried through `map`. */
export function mapBox(b: [number, number, number, number], map: PointMap): [number, number, number, number] {
  const pts = [map(b[0], b[1]), map(b[2], b[1]), map(b[2], b[3]), map(b[0], b[3])];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The HTML of a planned page (deterministic from its seed). */
export function composePlanned(planned: PlannedPage): ReturnType<typeof composePage> {
  const rng = new Rng(planned.seed);
  const hand = planned.row.writing === 'handwritten' ? handFont(rng.fork('font'), planned.row.split) : null;
  return composePage(rng.fork('compose'), planned.family, planned.row.lang, planned.doc, hand, planned.probe);
}

/** Renders, degrades and measures one planned page; word boxes follow the page through its capture. */
export async function drawLayoutPage(planned: PlannedPage, renderer: PageRenderer, dpi = 240): Promise<DrawnPage> {
  const { html, printed } = composePlanned(planned);
  const { png, words } = await renderer.renderWords(html, dpi);
  const out = await degrade(png, dpi, planned.row.profile, new Rng(planned.seed).fork('degrade'));
  const kept: TruthWord[] = [];
  for (const w of words) {
    if (w.box[2] - w.box[0] < 0.5 || w.box[3] - w.box[1] < 0.5) continue;
    const b = mapBox(w.box, out.map).map((v) => Math.round(v * 10) / 10) as TruthWord['box'];
    if (b[0] < 0 || b[1] < 0 || b[2] > out.width || b[3] > out.height) continue;
    kept.push({ ...w, box: b });
  }
  return { file: `${planned.name}.${out.ext}`, bytes: out.bytes, width: out.width, height: out.height, words: kept, printed, html };
}
