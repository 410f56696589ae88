import type { Rng } from '../synthetic/random.ts';
import { splitOf, type Arrangement, type Family, type LabelPosition } from './families.ts';
import { handFont, MONO_FONTS, PRINT_FONTS, typeFont } from './fonts.ts';
import { label, txt, type PageCtx, type Printed } from './html.ts';
import { labelStyle, type Lang } from './lexicon.ts';
import {
  carrierSection, cartaPorteSection, faxHeader, header, instructionsSection, itemsTable, legalSection, oceanSection, partySection, proBanner,
  refsSection, refsTable, signatureSection, stamp, termsSection, type Placement, type Section,
} from './sections.ts';
import type { Probe } from './plan.ts';
import type { LayoutDoc } from './world.ts';

/** A composed page: its HTML and the values it prints. */
export interface ComposedPage { html: string; printed: Printed[]; arrangement: Arrangement }

function shuffle<T>(rng: Rng, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Decides where references, dates and the carrier's identity are printed; each value lands somewhere at least once. */
function placement(rng: Rng, family: Family): Placement {
  const carrierLogo = rng.chance(family.extras.includes('proBanner') ? 0.8 : 0.35);
  const carrierInSignature = rng.chance(0.35);
  return {
    bolInHeader: rng.chance(0.5),
    pickupInHeader: rng.chance(0.4),
    poInMarks: rng.chance(0.2),
    refsTable: rng.chance(0.3),
    carrierLogo,
    carrierInSignature,
    // The SCAC must be printed somewhere: the carrier block carries it unless the logo does (and even then often).
    carrierBlock: !carrierLogo || rng.chance(0.6),
    proInCarrier: rng.chance(0.4),
  };
}

/** Composes one page of `family` for `doc`: sections in random order, placement and label positions. */
export function composePage(rng: Rng, family: Family, lang: Lang, doc: LayoutDoc, hand: { family: string; css: string } | null, probe: Probe = {}): ComposedPage {
  // Some training pages have their values typed on a typewriter into a printed form.
  const typed = !hand && splitOf(family.id) === 'train' && rng.fork('typed').chance(0.1) ? typeFont(rng.fork('typeface')) : null;
  const filled = hand ? null : handFilled(rng, family, probe.handFilled);
  const ctx: PageCtx = {
    rng, family, doc,
    style: { ...labelStyle(rng, lang, rng.chance(family.bilingual), lang === family.lang ? family.second : family.lang), described: trainedFeature(rng, family, 'described-labels', 0.1, probe.describedLabels),
      international: trainedFeature(rng, family, 'international-labels', 0.15, probe.internationalLabels) },
    hand: hand?.family ?? null,
    ink: rng.pick(['#0b2a8a', '#1a1a1a', '#12306b', '#222c55']),
    valueFont: typed?.family ?? (!hand && rng.chance(family.typewriter ? 0 : 0.3) ? rng.pick([...MONO_FONTS, ...PRINT_FONTS]) : null),
    titleCase: rng.chance(0.3),
    // Party blocks typed as running text, and blocks that name whom to ask for: real forms do both, so a share of
    // trained genres' pages do (drawn from forks, so that the other pages are composed exactly as before); a probe
    // forces them on or off. So do party labels that say what their box asks for ("Consignee (name, address,
    // country)"), as international and ocean forms print them, a fax machine's line across the sheet, and dock values
    // filled in by hand on a printed bill.
    ...(trainedFeature(rng, family, 'run-on-parties', 0.12, probe.runOnParties) ? { runOn: true } : {}),
    ...(trainedFeature(rng, family, 'contacts', 0.15, probe.contacts) ? { contacts: true } : {}),
    ...(trainedFeature(rng, family, 'several-items', SEVERAL_ITEMS_SHARE, probe.severalItems) ? { severalItems: true } : {}),
    ...(filled ? { handFilled: filled } : {}),
    dateForm: rng.int(0, 40),
    printed: [],
    nextOcc: 0,
  };
  const pl = placement(rng, family);
  const pos = (): LabelPosition => rng.pick(family.labelPositions);
  const t = doc.truth;
  // Labels of a page are mostly placed one way, as a form designer would; some sections differ.
  const main = pos();
  const p = (): LabelPosition => (rng.chance(0.7) ? main : pos());
  // Forms head every party block but, at most, one (often the shipper's, printed like a letterhead): a reader tells
  // a bare block by elimination. Two bare blocks would leave whose each is to chance, which no reader can learn or
  // be scored on, so a second one gets the family's first headed position (drawn all the same: the page's other
  // draws stay as they were).
  const headed = family.labelPositions.find((x) => x !== 'none') ?? 'left';
  let bare = 0;
  const partyPos = (): LabelPosition => { const x = p(); return x === 'none' && bare++ > 0 ? headed : x; };
  const top: Section[] = [header(ctx, pl)];
  // The SCAC must be printed: without it in the logo, the carrier block is needed.
  if (!ctx.printed.some((x) => x.field === 'Carrier.Scac')) pl.carrierBlock = true;
  if (family.extras.includes('proBanner')) top.push(proBanner(ctx));
  const body: Section[] = [
    partySection(ctx, 'shipper', t.shipper, 'Shipper', partyPos()),
    partySection(ctx, 'consignee', t.consignee, 'Consignee', partyPos()),
  ];
  if (t.billTo) body.push(partySection(ctx, 'billTo', t.billTo, 'BillTo', partyPos()));
  // Printed forms keep an empty bill-to box when the shipment has no third party: a label with nothing after it.
  else if (rng.chance(0.25)) body.push({ kind: 'billTo', html: `<div class="party"><div class="ph">${label(ctx, 'billTo')}</div><div style="height:${rng.int(30, 60)}px"></div></div>`, wide: false });
  for (const d of doc.distractors) body.push(partySection(ctx, d.concept, d.party, null, partyPos()));
  if (pl.carrierBlock) body.push(carrierSection(ctx, pl, p()));
  body.push(refsSection(ctx, pl, p()));
  if (rng.chance(0.8)) body.push(termsSection(ctx, p()));
  if (family.extras.includes('ocean')) body.push(oceanSection(ctx, p()));
  if (family.extras.includes('cartaPorte')) body.push(cartaPorteSection(ctx, p()));
  if (rng.chance(0.7)) body.push(instructionsSection(ctx, p()));
  shuffle(rng, body);
  // Shipper before consignee is the rule on most forms, not on all.
  if (rng.chance(0.75)) {
    const si = body.findIndex((s) => s.kind === 'shipper');
    const ci = body.findIndex((s) => s.kind === 'consignee');
    if (si > ci) [body[si], body[ci]] = [body[ci]!, body[si]!];
  }
  const bottom: Section[] = [itemsTable(ctx, pl)];
  if (pl.refsTable) bottom.splice(rng.int(0, 1), 0, refsTable(ctx, pl));
  if (rng.chance(0.7)) bottom.push(legalSection(ctx));
  if (pl.carrierInSignature || rng.chance(0.6)) bottom.push(signatureSection(ctx, pl));
  // The carrier's name must appear: a page without logo, block or signature gets the signature.
  if (!ctx.printed.some((x) => x.field === 'Carrier.Name')) bottom.push(signatureSection(ctx, { ...pl, carrierInSignature: true }));

  const arrangement = rng.pick(family.arrangements);
  const numbered = boxNumbers(rng, family, probe.boxNumbers);
  const stamps = rng.chance(0.25) ? stamp(ctx) : '';
  // A fax machine's line sits on the sheet, outside the form and its scaling.
  const edge = trainedFeature(rng, family, 'fax-header', 0.1, probe.faxHeader) ? faxHeader(ctx) : '';
  const html = pageHtml(ctx, arrangement, top, body, bottom, numbered, stamps, (hand?.css ?? '') + (typed?.css ?? '') + (filled?.css ?? '')).replace('</body>', `${edge}</body>`);
  return { html, printed: ctx.printed, arrangement };
}

// Bills that list several lines of goods and total them, each line with its own count, weight and class.
const SEVERAL_ITEMS_SHARE = 0.2;

/** Whether a trained genre's page draws a feature: `share` of them, from a fork named `name`, unless a probe forces it. */
function trainedFeature(rng: Rng, family: Family, name: string, share: number, forced?: boolean): boolean {
  return splitOf(family.id) === 'train' && (forced ?? rng.fork(name).chance(share));
}

// What a driver or dock clerk writes onto a printed bill: the counts, the weight, the day, the carrier and its numbers.
const DOCK_FIELDS = ['ShipmentDetails.Pieces', 'ShipmentDetails.Weight', 'ShipmentDetails.HandlingUnits', 'ShipmentDetails.FreightClass', 'Dates.Pickup', 'References.ProNumber', 'Carrier.Name', 'Carrier.Scac'];

/**
 * A printed bill whose dock values are filled in by hand, in one hand, some of them or all: a share of trained genres'
 * printed pages, a probe forcing it. Drawn from forks, so the rest of the page is composed as without it.
 */
function handFilled(rng: Rng, family: Family, forced?: boolean): { family: string; css: string; fields: ReadonlySet<string> } | null {
  if (!trainedFeature(rng, family, 'hand-filled-page', 0.12, forced)) return null;
  const r = rng.fork('hand-filled');
  const font = handFont(r.fork('font'), 'train');
  const fields = DOCK_FIELDS.filter(() => r.chance(0.6));
  return { ...font, fields: new Set(fields.length ? fields : [r.pick(DOCK_FIELDS)]) };
}

/** Writes box `n`'s number, or nothing on a page whose boxes are not numbered. */
type BoxNumbers = ((n: number) => string) | null;

/**
 * How a page numbers its boxes. International and government forms number every box ("1", "2.", "(3)") and so do
 * some carriers' own forms, so a share of every trained genre's pages do, in the ways such forms print them; the CMR
 * genre always does, as its convention requires. Drawn from a fork, so a page that is not numbered is composed
 * exactly as before. A probe forces them on or off on trained genres' pages.
 */
function boxNumbers(rng: Rng, family: Family, forced?: boolean): BoxNumbers {
  if (family.extras.includes('cmr')) return (n) => `<span class="num">${txt(String(n))}</span>`;
  if (splitOf(family.id) !== 'train') return null;
  const r = rng.fork('box-numbers');
  const drawn = r.chance(0.15);
  if (!(forced ?? drawn)) return null;
  const form = r.pick<(n: number) => string>([(n) => String(n), (n) => `${n}.`, (n) => `(${n})`, (n) => String(n).padStart(2, '0'), (n) => `${n})`]);
  const style = `font-size:${r.float(7.5, 11).toFixed(1)}px;font-weight:${r.chance(0.6) ? 'bold' : 'normal'};`
    + (r.chance(0.25) ? 'border:1px solid #000;padding:0 2px;' : '') + (r.chance(0.3) ? 'float:none;display:block;' : '');
  return (n) => `<span class="num" style="${style}">${txt(form(n))}</span>`;
}

function arrange(rng: Rng, arrangement: Arrangement, body: Section[], numbered: BoxNumbers): string {
  let n = 1;
  const cell = (s: Section): string => (numbered ? `<div class="cell">${numbered(n++)}${s.html}</div>` : `<div class="cell">${s.html}</div>`);
  const wide = body.filter((s) => s.wide).map(cell).join('');
  const narrow = body.filter((s) => !s.wide && s.html);
  if (arrangement === 'grid') {
    const cols = rng.chance(0.25) ? 3 : 2;
    return `<div class="grid" style="grid-template-columns:repeat(${cols},1fr)">${narrow.map(cell).join('')}</div>${wide}`;
  }
  if (arrangement === 'columns') {
    const left: string[] = [];
    const right: string[] = [];
    narrow.forEach((s, i) => ((i % 2 === 0) !== rng.chance(0.2) ? left : right).push(cell(s)));
    return `<div class="cols"><div class="col">${left.join('')}</div><div class="col">${right.join('')}</div></div>${wide}`;
  }
  const rows: string[] = [];
  for (let i = 0; i < narrow.length;) {
    const k = Math.min(narrow.length - i, rng.int(1, 3));
    rows.push(`<div class="row">${narrow.slice(i, i + k).map(cell).join('')}</div>`);
    i += k;
  }
  return rows.join('') + wide;
}

function pageHtml(ctx: PageCtx, arrangement: Arrangement, top: Section[], body: Section[], bottom: Section[], numbered: BoxNumbers, stamps: string, fontCss: string): string {
  const r = ctx.rng;
  const fam = ctx.family;
  const font = fam.typewriter ? r.pick(MONO_FONTS) : r.pick(PRINT_FONTS);
  const size = r.float(fam.typewriter ? 11.5 : 10.5, fam.typewriter ? 14 : 14).toFixed(1);
  const ruled = !fam.typewriter && (arrangement === 'grid' || r.chance(0.5));
  const line = `${r.pick([1, 1, 1.5, 2])}px solid ${r.pick(['#000', '#222', '#555'])}`;
  const pad = r.int(22, 48);
  const css = `
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:816px;height:1056px;background:#fff;color:#111;overflow:hidden}
body{font-family:${font},sans-serif;font-size:${size}px;line-height:1.25}
${fontCss}
#pg{position:relative;width:816px;padding:${pad}px ${pad + r.int(-8, 8)}px;transform-origin:0 0}
svg{display:block}
.head{display:flex;align-items:flex-start;gap:14px;margin-bottom:${r.int(4, 12)}px;padding-bottom:4px}
.title{font-size:${r.int(15, 22)}px;font-weight:bold;letter-spacing:${r.float(0, 1.5).toFixed(1)}px}
.logo{font-weight:bold;font-family:${r.pick(PRINT_FONTS)},sans-serif}
.small{font-size:9px}
.grid{display:grid;${ruled ? `border:${line};` : ''}}
.grid>.cell{${ruled ? `border:${line};` : ''}padding:${r.int(4, 9)}px 6px;min-height:${r.int(40, 110)}px}
.cols{display:flex;gap:${r.int(6, 20)}px}
.col{flex:1}
.col>.cell,.row>.cell,body>#pg>.cell{${ruled ? `border:${line};` : ''}padding:4px 6px;margin-bottom:${r.int(0, 6)}px}
.row{display:flex;gap:${r.int(0, 14)}px}
.row>.cell{flex:1}
.cell{margin-bottom:${r.int(0, 6)}px}
.lb{font-size:${r.float(7.5, 10).toFixed(1)}px;${r.chance(0.5) ? 'font-weight:bold;' : ''}color:${r.pick(['#000', '#333', '#444'])}}
.sub{display:inline-block;min-width:${r.int(50, 90)}px}
.ph{font-weight:bold;${r.chance(0.4) ? `background:${r.pick(['#d9d9d9', '#e8e8e8', '#000;color:#fff'])};` : ''}padding:1px 3px;margin-bottom:2px}
.bx{border:${ruled ? '0' : line};padding:2px 4px}
.cap{font-size:${r.float(6.5, 8.5).toFixed(1)}px;color:#333}
.it{margin:1px 0 ${r.int(1, 5)}px}
.num{font-weight:bold;font-size:9px;margin-right:4px;float:left}
.tb{border-collapse:collapse;width:100%;margin-top:${r.int(4, 12)}px}
.tb td,.tb th{${fam.typewriter ? '' : `border:${line};`}padding:${r.int(2, 5)}px 4px;vertical-align:top;text-align:left}
.tb th{font-size:${r.float(7.5, 9.5).toFixed(1)}px;${r.chance(0.5) ? 'background:#e6e6e6;' : ''}}
.tb .wd{width:35%}
.band{background:#d9d9d9}
.fine{font-size:${r.float(6.5, 8).toFixed(1)}px;line-height:1.2;margin-top:8px;text-align:justify}
.sigs{display:flex;gap:20px;margin-top:10px}
.sig{flex:1}
.sig .line{border-bottom:1px solid #000;min-height:28px;padding-top:6px}
.stamp{position:absolute;border:3px solid;padding:4px 10px;font-weight:bold;font-size:18px;text-align:center;opacity:.8;font-family:'DejaVu Sans',sans-serif}
${fam.typewriter ? `#pg{text-shadow:0 0 ${r.float(0.3, 0.8).toFixed(1)}px #222}` : ''}`;
  const content = top.map((s) => s.html).join('') + arrange(r, arrangement, body, numbered) + bottom.map((s) => `<div class="cell">${s.html}</div>`).join('') + stamps;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div id="pg">${content}</div></body></html>`;
}
