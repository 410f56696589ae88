import { code128Svg } from '../synthetic/barcodes.ts';
import { CLASSES, COMMODITIES_EN, COMMODITIES_ES, COMMODITIES_FR, FIRST_NAMES, LAST_NAMES } from '../synthetic/data.ts';
import { formatNumber } from '../synthetic/format.ts';
import type { LabelPosition } from './families.ts';
import { caseOf, item, label, txt, val, words, type PageCtx } from './html.ts';
import type { Concept } from './lexicon.ts';
import { cityLine, COUNTRY_NAMES, printDate, randomParty, type CountryParty } from './world.ts';

/** A section of the page; `wide` ones take the whole width whatever the arrangement. */
export interface Section { kind: string; html: string; wide: boolean }

const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);

/** The lines of a party: name, street, the city line in its country's order, and the country when it is printed. */
export function partyHtml(ctx: PageCtx, p: CountryParty, prefix: string | null, subLabels: boolean): string {
  const f = (part: string): string => (prefix ? `${prefix}.${part}` : '');
  const r = ctx.rng;
  const pieces = cityLine(p).map(([text, part], i, all) => {
    const html = part ? val(ctx, part === 'City' ? caseOf(ctx, text) : text, f(part)) : txt(text);
    // North-American city lines put a comma after the city; the comma belongs to no field.
    return part === 'City' && i < all.length - 1 && all[i + 1]![1] === 'State' && r.chance(0.7) ? `${html},` : html;
  });
  // Forms often print an account or location number, and sometimes an FOB box, on a party's name line or under it.
  const idItem = (): string => `${label(ctx, 'partyId', null)} ${txt(r.digits(r.int(3, 8)))}`
    + (r.chance(0.4) ? ` ${label(ctx, 'fob', null)} ${r.chance(0.8) ? '&#9744;' : '&#9746;'}` : '');
  const idOnName = r.chance(0.12);
  const lines: Array<[Concept | null, string]> = [
    [subLabels ? 'name' : null, val(ctx, caseOf(ctx, p.name), f('Name')) + (idOnName ? ` &nbsp; ${idItem()}` : '')],
    [subLabels ? 'address' : null, val(ctx, caseOf(ctx, p.address), f('Address'))],
    [subLabels ? 'cityLine' : null, pieces.join(' ')],
  ];
  const country = !NORTH_AMERICA.has(p.country) || r.chance(0.15);
  if (country) lines.push([subLabels ? 'country' : null, val(ctx, r.pick(COUNTRY_NAMES[p.country]), f('Country'))]);
  if (r.chance(0.25)) lines.push([null, `${txt(r.pick(['Tel:', 'Phone', 'Ph.', 'Tél.']))} ${txt(ctx.doc.base.phone)}`]);
  if (!idOnName && r.chance(0.15)) lines.push([null, idItem()]);
  const sub: Record<string, string> = { name: 'Name', address: 'Address', cityLine: 'City', country: 'Country' };
  const place = lines.slice(0, country ? 4 : 3).map(([, html]) => html);
  if (ctx.contacts) lines.splice(...contactLine(ctx, country ? 4 : 3));
  const rows = lines.map(([c, html]) => (c ? `<div class="pl"><span class="lb sub">${label(ctx, c, prefix ? `${prefix}.${sub[c]}` : null)}</span> ${html}</div>` : `<div class="pl">${html}</div>`)).join('');
  if (!ctx.runOn) return rows;
  // Typed into one box as running text: the name, street, city line and country after one another, on one line or
  // with the name on a line of its own, and no row labels. The rows above are still drawn, so that every later choice
  // of the page is the same as without it.
  const nameApart = ctx.rng.fork('run-on').chance(0.5) ? 1 : 0;
  const rest = lines.filter(([, html]) => !place.includes(html)).map(([, html]) => `<div class="pl">${html}</div>`);
  return [...place.slice(0, nameApart).map((html) => `<div class="pl">${html}</div>`), `<div class="pl">${place.slice(nameApart).join(', ')}</div>`, ...rest].join('');
}

/**
 * Whom to ask for at a party, as forms type it into the block: "ATTN: MARIA LOPEZ" under the name, or a contact line
 * after the address. Where it goes in the block's lines, as `splice` arguments; drawn from a fork, so that a page with
 * contacts draws every other choice as it would without them.
 */
function contactLine(ctx: PageCtx, placeLines: number): [number, number, [null, string]] {
  const r = ctx.rng.fork('contact');
  const person = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
  const lead = r.pick({ en: ['ATTN:', 'Attn:', 'Attn.', 'Contact:', 'C/O'], es: ['Atn:', 'Atención:', 'Contacto:', 'A/A'], fr: ["À l'att. de", 'Attn:', 'Contact :'] }[ctx.style.lang]);
  const html = `${txt(lead)} ${txt(r.chance(0.5) ? person.toUpperCase() : person)}`;
  return [r.chance(0.7) ? 1 : placeLines, 0, [null, html]];
}

/** A party block under its heading; a null party prints "same as consignee". */
export function partySection(ctx: PageCtx, concept: Concept, p: CountryParty | null, prefix: string | null, pos: LabelPosition): Section {
  const heading = label(ctx, concept, prefix ? `${prefix}.Name` : null);
  // Sub-labels ("Name:", "Address:") go with any heading: forms print them under a banner as often as beside one.
  const body = p ? partyHtml(ctx, p, prefix, ctx.rng.chance(pos === 'left' ? 0.35 : 0.25)) : txt(ctx.rng.pick(['SAME AS CONSIGNEE', 'Same as consignee', 'IDEM DESTINATAIRE', 'MISMO QUE DESTINATARIO']));
  const html = pos === 'none' ? `<div class="party">${body}</div>`
    : pos === 'inside' ? `<div class="party bx"><div class="cap">${heading}</div>${body}</div>`
      : `<div class="party"><div class="ph">${heading}</div>${body}</div>`;
  return { kind: concept, html, wide: false };
}

/** The weight as printed: the number (thousands separated or not) and its unit, tagged apart. */
export function weightHtml(ctx: PageCtx, part?: number): string {
  const s = ctx.doc.truth.shipmentDetails;
  const w = part ?? s.weight;
  const n = ctx.rng.chance(0.6) ? formatNumber(w, ctx.style.lang) : String(w);
  const unit = s.weightUnit === 'K' ? ctx.rng.pick(['KG', 'kg', 'KGS', 'Kgs']) : ctx.rng.pick(['LBS', 'lbs', 'LB', 'lb', '#']);
  // One line's part of a bill of several is no field: the total is.
  return part === undefined ? `${val(ctx, n, 'ShipmentDetails.Weight')} ${val(ctx, unit, 'ShipmentDetails.WeightUnit')}` : `${val(ctx, n, '')} ${val(ctx, unit, '')}`;
}

/** A date as the page prints it. */
export const dateHtml = (ctx: PageCtx, iso: string | null, field: string): string =>
  (iso ? val(ctx, printDate(iso, ctx.style.lang, ctx.family.dateOrder, ctx.dateForm), field) : '');

/** Where each reference and identity is printed on this page, decided once so every value appears at least once. */
export interface Placement {
  bolInHeader: boolean;
  pickupInHeader: boolean;
  poInMarks: boolean;
  refsTable: boolean;
  carrierLogo: boolean;
  carrierInSignature: boolean;
  carrierBlock: boolean;
  proInCarrier: boolean;
}

/** The header band: title, maybe the carrier's logo, the BOL number and the date. */
export function header(ctx: PageCtx, pl: Placement): Section {
  const r = ctx.rng;
  const t = ctx.doc.truth;
  const title = `<div class="title">${txt(r.pick(ctx.family.titles))}</div>`;
  const logo = pl.carrierLogo
    ? `<div class="logo" style="font-size:${r.int(18, 28)}px;font-style:${r.chance(0.4) ? 'italic' : 'normal'}">${val(ctx, caseOf(ctx, t.carrier.name), 'Carrier.Name')}</div>`
      + (r.chance(0.5) ? `<div class="small">${r.chance(0.5) ? `${label(ctx, 'scac')} ` : ''}${val(ctx, t.carrier.scac, 'Carrier.Scac')}</div>` : '')
    : '';
  const bol = pl.bolInHeader
    ? `<div class="hbol">${item(label(ctx, 'bol'), `<b style="font-size:${r.int(13, 17)}px">${val(ctx, t.references.bolNumber, 'References.BolNumber')}</b>`, r.pick(['left', 'above'] as const))}`
      + (r.chance(0.4) ? `<div style="width:${r.int(170, 240)}px">${code128Svg(t.references.bolNumber, false)}</div>` : '') + '</div>'
    : '';
  const date = pl.pickupInHeader ? item(label(ctx, 'pickup'), dateHtml(ctx, t.dates.pickup, 'Dates.Pickup'), r.pick(['left', 'above'] as const)) : '';
  const pageNo = r.chance(0.3) ? `<div class="small">${txt(`${r.pick(['Page', 'PAGE', 'Pg.'])} 1 ${r.pick(['of', 'OF', '/'])} 1`)}</div>` : '';
  const parts = [logo ? `<div>${logo}</div>` : '', `<div>${title}${pageNo}</div>`, `<div>${bol}${date}</div>`].filter(Boolean);
  if (r.chance(0.5)) parts.reverse();
  return { kind: 'header', html: `<div class="head" style="justify-content:space-between;${r.chance(0.3) ? 'border-bottom:2px solid #000;' : ''}">${parts.join('')}</div>`, wide: true };
}

/** A large PRO number with its barcode, as carriers print on their own forms. */
export function proBanner(ctx: PageCtx): Section {
  const pro = ctx.doc.truth.references.proNumber;
  if (!pro) return { kind: 'pro', html: '', wide: true };
  return { kind: 'pro', html: `<div class="pro">${item(label(ctx, 'pro'), `<span style="font-size:20px;font-weight:bold">${val(ctx, pro, 'References.ProNumber')}</span>`, 'left')}<div style="width:220px">${code128Svg(pro, false)}</div></div>`, wide: true };
}

/** The carrier, its SCAC, trailer, seal and (sometimes) the PRO number. */
export function carrierSection(ctx: PageCtx, pl: Placement, pos: LabelPosition): Section {
  const t = ctx.doc.truth;
  const b = ctx.doc.base;
  const items = [
    item(label(ctx, 'carrier'), val(ctx, caseOf(ctx, t.carrier.name), 'Carrier.Name'), pos),
    item(label(ctx, 'scac'), val(ctx, t.carrier.scac, 'Carrier.Scac'), pos === 'none' ? 'left' : pos),
    item(label(ctx, 'trailer'), val(ctx, b.trailer, ''), pos),
    ctx.rng.chance(0.6) ? item(label(ctx, 'seal'), val(ctx, b.seal, ''), pos) : '',
    pl.proInCarrier && t.references.proNumber ? item(label(ctx, 'pro'), val(ctx, t.references.proNumber, 'References.ProNumber'), pos === 'none' ? 'left' : pos) : '',
  ];
  return { kind: 'carrier', html: `<div class="blk">${items.join('')}</div>`, wide: false };
}

/** References as labelled items; a reference without a label would be a bare number, so `none` becomes `left`. */
export function refsSection(ctx: PageCtx, pl: Placement, pos: LabelPosition): Section {
  const t = ctx.doc.truth;
  const r = t.references;
  const p: LabelPosition = pos === 'none' ? 'left' : pos;
  const items = [
    pl.bolInHeader ? '' : item(label(ctx, 'bol'), `<b>${val(ctx, r.bolNumber, 'References.BolNumber')}</b>`, p),
    !pl.poInMarks && !pl.refsTable && r.poNumber ? item(label(ctx, 'po'), val(ctx, r.poNumber, 'References.PoNumber'), p) : '',
    !pl.refsTable && r.orderNumber ? item(label(ctx, 'order'), val(ctx, r.orderNumber, 'References.OrderNumber'), p) : '',
    !pl.proInCarrier && r.proNumber && !ctx.family.extras.includes('proBanner') ? item(label(ctx, 'pro'), val(ctx, r.proNumber, 'References.ProNumber'), p) : '',
    ctx.rng.chance(0.4) ? item(label(ctx, 'shipperRef'), val(ctx, ctx.doc.base.sid, ''), p) : '',
    pl.pickupInHeader ? '' : item(label(ctx, 'pickup'), dateHtml(ctx, t.dates.pickup, 'Dates.Pickup'), p),
    t.dates.delivery ? item(label(ctx, 'delivery'), dateHtml(ctx, t.dates.delivery, 'Dates.Delivery'), p) : '',
  ];
  return { kind: 'refs', html: `<div class="blk">${items.join('')}</div>`, wide: false };
}

/** A "customer references" table: PO, order, shipper reference, load number in columns. */
export function refsTable(ctx: PageCtx, pl: Placement): Section {
  const r = ctx.doc.truth.references;
  const cols: Array<[Concept, string]> = [];
  if (r.poNumber && !pl.poInMarks) cols.push(['po', val(ctx, r.poNumber, 'References.PoNumber')]);
  if (r.orderNumber) cols.push(['order', val(ctx, r.orderNumber, 'References.OrderNumber')]);
  cols.push(['shipperRef', val(ctx, ctx.doc.base.sid, '')]);
  if (ctx.rng.chance(0.5)) cols.push(['loadNo', val(ctx, ctx.doc.base.cid, '')]);
  if (ctx.rng.chance(0.5)) cols.reverse();
  const head = cols.map(([c]) => `<th>${label(ctx, c)}</th>`).join('');
  const row = cols.map(([, v]) => `<td>${v}</td>`).join('');
  return { kind: 'refsTable', html: `<table class="tb"><tr><th colspan="${cols.length}" class="band">${label(ctx, 'customerRefs', null)}</th></tr><tr>${head}</tr><tr>${row}</tr></table>`, wide: true };
}

/** Freight terms: ticked boxes or a printed phrase; the chosen term's word carries the field. */
export function termsSection(ctx: PageCtx, pos: LabelPosition): Section {
  const r = ctx.rng;
  const terms = ctx.doc.truth.freightTerms;
  const lang = ctx.style.lang;
  const names: Record<typeof terms, string> = lang === 'es' ? { prepaid: 'Pagado', collect: 'Por cobrar', third_party: 'Tercero' }
    : lang === 'fr' ? { prepaid: 'Port payé', collect: 'Port dû', third_party: 'Tiers' } : { prepaid: 'Prepaid', collect: 'Collect', third_party: '3rd Party' };
  let body: string;
  if (r.chance(0.6)) {
    // The box stands before its word on some forms and after it on others.
    const boxFirst = r.chance(0.6);
    body = (Object.keys(names) as Array<typeof terms>).map((k) => {
      const box = k === terms ? '&#9746;' : '&#9744;';
      const word = k === terms ? val(ctx, names[k], 'FreightTerms') : txt(names[k]);
      return boxFirst ? `${box} ${word}` : `${word} ${box}`;
    }).join(' &nbsp; ');
  } else {
    const phrase = lang === 'en' ? `FREIGHT ${names[terms].toUpperCase()}` : names[terms].toUpperCase();
    body = val(ctx, phrase, 'FreightTerms');
  }
  return { kind: 'terms', html: `<div class="blk">${item(label(ctx, 'terms'), body, pos === 'none' ? 'left' : pos)}</div>`, wide: false };
}

/** The line items: a random choice of columns around the ones every form has, and sometimes a total row. */
export function itemsTable(ctx: PageCtx, pl: Placement): Section {
  const lines = ctx.severalItems ? goodsLines(ctx) : null;
  if (!lines) return goodsTable(ctx, pl, null);
  // A table of several lines is drawn from a fork, and the page's own source then moves on as a table of one line
  // would have moved it, so the rest of the page is drawn as without the lines.
  const main = ctx.rng;
  ctx.rng = main.fork('several-items-table');
  const table = goodsTable(ctx, pl, lines);
  ctx.rng = main;
  goodsTable({ ...ctx, printed: [], nextOcc: 0 }, pl, null);
  return table;
}

/** The goods table of one line, or of several (`lines`) with their total. */
function goodsTable(ctx: PageCtx, pl: Placement, lines: GoodsLine[] | null): Section {
  const r = ctx.rng;
  const t = ctx.doc.truth;
  const s = t.shipmentDetails;
  const b = ctx.doc.base;
  const first = lines?.[0];
  /** A column: its concept, the first line's cell, its kind, and the cell of another line of a bill of several. */
  type Col = [Concept, string, string, (x: GoodsLine) => string];
  const none = (): string => '';
  const desc = val(ctx, caseOf(ctx, s.commodity), 'ShipmentDetails.Commodity')
    + (r.chance(0.25) ? ` ${txt(r.pick([`ON ${first?.hu ?? s.handlingUnits} SKIDS`, `STC ${first?.pieces ?? s.pieces} ${b.packageType}`, `(${first?.hu ?? s.handlingUnits} ${b.handlingType})`, 'DO NOT STACK']))}` : '');
  // On a bill of several lines the first line's counts are its own, not the bill's: the total row carries the fields.
  const huField = first && first.hu !== s.handlingUnits ? '' : 'ShipmentDetails.HandlingUnits';
  const cols: Col[] = [];
  if (r.chance(0.6)) cols.push(['handlingUnits', val(ctx, first?.hu ?? s.handlingUnits, huField), '', (x) => val(x.ctx, x.hu || '', '')]);
  if (r.chance(0.4)) cols.push(['packageType', val(ctx, b.handlingType, ''), '', (x) => val(x.ctx, b.handlingType, '')]);
  cols.push(['pieces', val(ctx, first?.pieces ?? s.pieces, first ? '' : 'ShipmentDetails.Pieces'), 'pieces', (x) => val(x.ctx, x.pieces, '')]);
  if (r.chance(0.5)) cols.push(['packageType', val(ctx, b.packageType, ''), '', (x) => val(x.ctx, b.packageType, '')]);
  if (r.chance(0.3)) cols.push(['hm', val(ctx, b.hazmat ? 'X' : '', ''), '', none]);
  if (pl.poInMarks && t.references.poNumber) {
    cols.push(['marks', `${words(r.pick(['P/O:', 'PO#', 'PO:', 'P.O.']), 'label:References.PoNumber')} ${val(ctx, t.references.poNumber, 'References.PoNumber')}`, '', none]);
  }
  cols.push(['commodity', desc, 'desc', (x) => val(x.ctx, caseOf(ctx, x.commodity), '')]);
  if (r.chance(0.5)) cols.push(['nmfc', val(ctx, b.nmfc, ''), '', (x) => val(x.ctx, x.nmfc, '')]);
  cols.push(['class', val(ctx, s.freightClass, 'ShipmentDetails.FreightClass'), '', (x) => val(x.ctx, x.cls, '')]);
  cols.push(['weight', weightHtml(ctx, first?.weight), 'weight', (x) => weightHtml(x.ctx, x.weight)]);
  // Weight sometimes leads the description, as on older forms.
  if (r.chance(0.3)) { const w = cols.pop()!; cols.splice(r.int(0, cols.length), 0, w); }
  const head = cols.map(([c, , k]) => `<th${k === 'desc' ? ' class="wd"' : ''}>${label(ctx, c)}</th>`).join('');
  const row = cols.map(([, v]) => `<td>${v}</td>`).join('');
  const others = (lines ?? []).slice(1).map((x) => `<tr>${cols.map(([, , , cell]) => `<td>${cell(x)}</td>`).join('')}</tr>`).join('');
  const blank = r.chance(0.5) ? `<tr>${cols.map(() => '<td>&nbsp;</td>').join('')}</tr>` : '';
  const huTotal = (c: Concept): boolean => c === 'handlingUnits' && huField === '';
  const totalRow = (): string => `<tr>${cols.map(([c, , k], i) => `<td>${k === 'pieces' ? val(ctx, s.pieces, 'ShipmentDetails.Pieces') : k === 'weight' ? weightHtml(ctx) : huTotal(c) ? val(ctx, s.handlingUnits, 'ShipmentDetails.HandlingUnits') : i === 0 ? `<b>${txt(ctx.rng.pick(['TOTAL', 'Grand Total', 'TOTALES', 'TOTAL GÉNÉRAL']))}</b>` : ''}</td>`).join('')}</tr>`;
  // A bill of several lines always totals them.
  const total = r.chance(0.45) || lines ? totalRow() : '';
  return { kind: 'items', html: `<table class="tb items"><tr>${head}</tr><tr>${row}</tr>${others}${blank}${total}</table>`, wide: true };
}

/** One line of the goods on a bill that lists several, and the context its cells are drawn with. */
interface GoodsLine { pieces: number; weight: number; hu: number; commodity: string; cls: string; nmfc: string; ctx: PageCtx }

/** `total` cut into `k` whole parts of at least one each, or null when it is too small to cut. */
function cut(r: PageCtx['rng'], total: number, k: number): number[] | null {
  if (total < k) return null;
  const at = new Set<number>();
  while (at.size < k - 1) at.add(r.int(1, total - 1));
  const c = [0, ...[...at].sort((a, b) => a - b), total];
  return c.slice(1).map((v, i) => v - c[i]!);
}

/**
 * The goods of a bill that lists two or three lines: counts and weights that add up to the bill's totals, the first
 * line the bill's own commodity and class, the others goods of their own. Drawn from a fork, so the page's other draws
 * stay as they were; null when the totals are too small to share.
 */
function goodsLines(ctx: PageCtx): GoodsLine[] | null {
  const r = ctx.rng.fork('several-items');
  const s = ctx.doc.truth.shipmentDetails;
  const k = r.chance(0.6) ? 2 : 3;
  const pieces = cut(r, s.pieces, k), weight = cut(r, s.weight, k);
  if (!pieces || !weight) return null;
  const hu = cut(r, s.handlingUnits, k);
  const own = s.commodity.replace(/, NOI$/, '');
  const list = [COMMODITIES_EN, COMMODITIES_FR, COMMODITIES_ES].find((l) => l.includes(own)) ?? COMMODITIES_EN;
  const goods = list.filter((c) => c !== own);
  const line = (i: number): GoodsLine => ({
    pieces: pieces[i]!, weight: weight[i]!, hu: hu ? hu[i]! : i === 0 ? s.handlingUnits : 0,
    commodity: i === 0 ? s.commodity : r.pick(goods), cls: i === 0 ? s.freightClass : r.pick(CLASSES), nmfc: r.digits(6),
    ctx: { ...ctx, rng: r.fork(`line-${i}`) },
  });
  return Array.from({ length: k }, (_, i) => line(i));
}

/** Special instructions: free text that belongs to no field. */
export function instructionsSection(ctx: PageCtx, pos: LabelPosition): Section {
  const text = ctx.doc.base.instructions || ctx.rng.pick(['None', 'N/A', 'Driver to call on arrival']);
  return { kind: 'instructions', html: `<div class="blk">${item(label(ctx, 'instructions'), val(ctx, text, ''), pos === 'none' ? 'above' : pos)}</div>`, wide: ctx.rng.chance(0.6) };
}

const LEGAL: Record<'en' | 'es' | 'fr', string[]> = {
  en: ['RECEIVED, subject to the classifications and tariffs in effect on the date of the issue of this Bill of Lading, the property described above in apparent good order, except as noted.',
    'The carrier shall not make delivery of this shipment without payment of freight and all other lawful charges. Note: Liability limitation for loss or damage in this shipment may be applicable.',
    'Shipper hereby certifies that he is familiar with all the terms and conditions of the said bill of lading, including those on the back thereof.'],
  es: ['Recibimos de conformidad las mercancías descritas, sujetas a las condiciones generales del contrato de transporte que se indican al reverso de esta carta porte.',
    'El transportista no será responsable por daños ocasionados por embalaje deficiente. Valor declarado sujeto a tarifa.'],
  fr: ["Reçu en bon état apparent, sauf indication contraire, les marchandises décrites ci-dessus, sous réserve des conditions générales de transport au verso.",
    'Le transporteur n\'est responsable que dans les limites prévues par la Convention relative au contrat de transport international de marchandises par route (CMR).'],
};

/** Fine print: terms and conditions that belong to no field. */
export function legalSection(ctx: PageCtx): Section {
  const lang = ctx.style.second && ctx.rng.chance(0.5) ? ctx.style.second : ctx.style.lang;
  return { kind: 'legal', html: `<div class="fine">${txt(ctx.rng.pick(LEGAL[lang]))}</div>`, wide: true };
}

/** Signatures: the shipper's agent, and the carrier's ("..., AS CARRIER") which names the carrier again. */
export function signatureSection(ctx: PageCtx, pl: Placement): Section {
  const r = ctx.rng;
  const t = ctx.doc.truth;
  const carrier = pl.carrierInSignature
    ? `${val(ctx, caseOf(ctx, t.carrier.name), 'Carrier.Name')}${r.pick([', AS CARRIER', ', as carrier', ' (CARRIER)', ' - TRANSPORTISTA'])}`
    : '';
  const sigDate = r.chance(0.4) ? ` ${txt(ctx.style.lang === 'es' ? r.pick(['Fecha', 'Fecha:']) : r.pick(['Date', 'Date:']))} ${dateHtml(ctx, t.dates.pickup, 'Dates.Pickup')}` : '';
  const left = `<div class="sig"><div class="lb">${label(ctx, 'shipperSig', null)}</div><div class="line">${val(ctx, ctx.doc.base.contactName, '')}</div></div>`;
  const right = `<div class="sig"><div class="lb">${label(ctx, 'carrierSig', null)}</div><div class="line">${carrier ? `${carrier} ` : ''}${txt(r.pick(['Per', 'By', 'Driver', '']))} ${val(ctx, r.pick(['J. Smith', 'R. Gomez', 'M. Tremblay', 'K. Lee']), '')}${sigDate}</div></div>`;
  return { kind: 'signatures', html: `<div class="sigs">${r.chance(0.5) ? left + right : right + left}</div>`, wide: true };
}

/** A rubber stamp at a slant: a date that is not the shipment's, to teach that not every date is one. */
export function stamp(ctx: PageCtx): string {
  const r = ctx.rng;
  const d = new Date(Date.UTC(r.int(2019, 2027), r.int(0, 11), r.int(1, 28))).toISOString().slice(0, 10);
  const color = r.pick(['#b3202a', '#1d3f9a', '#7a1a6b']);
  const word = r.pick(['RECEIVED', 'PAID', 'SHIPPED', 'RECIBIDO', 'REÇU', 'ENTERED']);
  return `<div class="stamp" style="left:${r.int(360, 620)}px;top:${r.int(820, 960)}px;color:${color};border-color:${color};transform:rotate(${r.float(-18, 18).toFixed(1)}deg)">${txt(word)}<br>${txt(printDate(d, ctx.style.lang, ctx.family.dateOrder, r.int(0, 20)))}</div>`;
}

/**
 * The line a fax machine prints across the top or foot of every page it sends: when, from whom (a name and number
 * that are no party of the bill), and which page. Its date is the sending day, on or after the pickup, in the
 * machine's own form, never the form's. Drawn from a fork, so the rest of the page is composed as without it.
 */
export function faxHeader(ctx: PageCtx): string {
  const r = ctx.rng.fork('fax-header');
  const sent = new Date(Date.parse(ctx.doc.truth.dates.pickup) + r.int(0, 3) * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = sent.split('-');
  const mon = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(m) - 1]!;
  const date = r.pick([`${mon}-${d}-${y}`, `${m}/${d}/${y}`, `${d}/${m}/${y!.slice(2)}`, `${mon.charAt(0)}${mon.slice(1).toLowerCase()} ${Number(d)} ${y}`, sent]);
  const time = `${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}${r.pick(['', 'AM', 'PM', ' '])}`.trim();
  const phone = r.pick([`${r.int(200, 989)}${r.int(200, 999)}${r.int(1000, 9999)}`, `+1 ${r.int(200, 989)} ${r.int(200, 999)} ${r.int(1000, 9999)}`, `(${r.int(200, 989)}) ${r.int(200, 999)}-${r.int(1000, 9999)}`]);
  const sender = randomParty(r, r.pick(['US', 'US', 'CA', 'MX'])).name;
  const pages = r.int(1, 3);
  const page = r.pick([`P.${String(1).padStart(3, '0')}/${String(pages).padStart(3, '0')}`, `PAGE 1/${pages}`, `P. 1`, `#${r.int(100, 999)} P.01`]);
  const parts = r.pick([[date, time, `FROM-${sender}`, phone, page], [date, time, phone, sender, page], [`FAX ${phone}`, sender, date, time, page]]);
  const top = r.chance(0.8);
  return `<div style="position:absolute;${top ? 'top' : 'bottom'}:${r.int(3, 9)}px;left:${r.int(10, 40)}px;right:${r.int(10, 40)}px;display:flex;${r.chance(0.5) ? 'justify-content:space-between' : `gap:${r.int(14, 50)}px`};font:${r.chance(0.5) ? 'bold ' : ''}${r.float(7.5, 9.5).toFixed(1)}px 'DejaVu Sans Mono',monospace;color:#222">${parts.map((x) => `<span>${txt(x)}</span>`).join('')}</div>`;
}

/** Routing boxes of ocean and intermodal bills: vessel, ports, container. None of them is a field. */
export function oceanSection(ctx: PageCtx, pos: LabelPosition): Section {
  const r = ctx.rng;
  const ports = ['SHANGHAI', 'SINGAPORE', 'ROTTERDAM', 'SANTOS', 'HAMBURG', 'LE HAVRE', 'FELIXSTOWE', 'LOS ANGELES, CA', 'NEWARK, NJ', 'HOUSTON, TX', 'VANCOUVER, BC', 'MANZANILLO'];
  const items = [
    item(label(ctx, 'vessel', null), val(ctx, `${r.pick(['MSC', 'MAERSK', 'CMA CGM', 'EVER', 'ONE'])} ${r.pick(['AURORA', 'HAMBURG', 'LIBRA', 'GENEVA', 'TRIUMPH'])} / ${r.int(100, 999)}${r.letters(1)}`, ''), pos),
    item(label(ctx, 'portLoading', null), val(ctx, r.pick(ports), ''), pos),
    item(label(ctx, 'portDischarge', null), val(ctx, r.pick(ports), ''), pos),
    item(label(ctx, 'container', null), val(ctx, `${r.letters(4)}${r.digits(7)}`, ''), pos),
  ];
  return { kind: 'ocean', html: `<div class="blk">${items.join('')}</div>`, wide: false };
}

/** Tax ids and places of a Mexican carta porte (RFC, lugar de expedición). */
export function cartaPorteSection(ctx: PageCtx, pos: LabelPosition): Section {
  const r = ctx.rng;
  const rfc = (): string => `${r.letters(3)}${r.digits(6)}${r.letters(1)}${r.digits(2)}`;
  const items = [
    item(txt(r.pick(['RFC Remitente', 'R.F.C. REMITENTE'])), val(ctx, rfc(), ''), pos === 'none' ? 'left' : pos),
    item(txt(r.pick(['RFC Destinatario', 'R.F.C. DESTINATARIO'])), val(ctx, rfc(), ''), pos === 'none' ? 'left' : pos),
    item(txt(r.pick(['Lugar de expedición', 'LUGAR Y FECHA DE EXPEDICIÓN'])), val(ctx, r.pick(['MONTERREY, NL', 'QUERETARO, QRO', 'LEON, GTO']), ''), pos === 'none' ? 'left' : pos),
    item(label(ctx, 'declaredValue', null), val(ctx, `$${formatNumber(ctx.doc.base.declaredValue, 'en')}.00`, ''), pos === 'none' ? 'left' : pos),
  ];
  return { kind: 'cartaPorte', html: `<div class="blk">${items.join('')}</div>`, wide: false };
}
