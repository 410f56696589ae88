import { code128Svg, qrSvg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { formatDate, formatNumber, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

/** A table-heavy form: parties split into Name/Street/City/State/ZIP cells, many empty rows, a QR code. */
export const tableHeavy: Template = {
  id: 'table-heavy',
  lang: 'en',
  handChance: 0,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.int(0, 3);
    const unit = s.weightUnit === 'K' ? 'KG' : 'LB';
    const parties: Array<[string, PartyTruth | null]> = [['Shipper', t.shipper], ['Consignee', t.consignee], ['Third-party bill to', t.billTo]];
    const cells = parties.map(([, p]) => (p ? { ...partyLines(p, ctx.rng), p } : null));
    const prow = (label: string, f: (c: NonNullable<(typeof cells)[number]>) => string): string =>
      `<tr><th class="rh">${label}</th>${cells.map((c) => `<td>${c ? val(f(c), ctx) : ''}</td>`).join('')}</tr>`;
    const css = `
.wrap{padding:28px 30px}
table{width:100%;margin-bottom:7px}
td,th{border:1px solid #000;padding:2px 4px;font-size:11px;text-align:left;vertical-align:middle;height:19px}
th{background:#f0f0f0;font-size:8.5px;text-transform:uppercase}
.rh{width:92px}
.hd{display:flex;justify-content:space-between;align-items:center;margin-bottom:8px}
h1{font-size:18px}
.num{text-align:right}`;
    const qr = qrSvg(`BOL:${r.bolNumber};SCAC:${t.carrier.scac};PRO:${r.proNumber ?? ''};PO:${r.poNumber ?? ''}`);
    const items = [
      `<tr><td>1</td><td class="num">${val(s.handlingUnits, ctx)}</td><td>${val(doc.handlingType, ctx)}</td><td class="num">${val(s.pieces, ctx)}</td><td>${val(doc.packageType, ctx)}</td><td>${val(s.commodity, ctx)}</td><td>${val(doc.nmfc, ctx)}</td><td>${val(s.freightClass, ctx)}</td><td class="num">${val(formatNumber(s.weight, 'en'), ctx)}</td></tr>`,
      ...Array.from({ length: 4 }, (_, i) => `<tr><td>${i + 2}</td>${'<td></td>'.repeat(8)}</tr>`),
      `<tr><th colspan="3">Totals</th><td class="num">${val(s.pieces, ctx)}</td><td colspan="4"></td><td class="num">${val(formatNumber(s.weight, 'en'), ctx)}</td></tr>`,
    ].join('');
    const body = `<div class="wrap"><div class="hd"><div><h1>UNIFORM BILL OF LADING</h1><div style="font-size:9px">Domestic shipments &middot; Form UB-3</div></div>
<div style="width:190px">${code128Svg(r.bolNumber)}</div><div style="width:92px">${qr}</div></div>
<table><tr><th>B/L number</th><th>Ship date</th><th>Due date</th><th>Purchase order no.</th><th>Sales order no.</th><th>Carrier</th><th>SCAC</th><th>PRO no.</th></tr>
<tr><td>${val(r.bolNumber, ctx)}</td><td>${val(formatDate(t.dates.pickup, 'en', ds), ctx)}</td><td>${val(formatDate(t.dates.delivery, 'en', ds), ctx)}</td><td>${val(r.poNumber, ctx)}</td><td>${val(r.orderNumber, ctx)}</td><td>${val(t.carrier.name, ctx)}</td><td>${val(t.carrier.scac, ctx)}</td><td>${val(r.proNumber, ctx)}</td></tr></table>
<table><tr><th class="rh"></th>${parties.map(([l]) => `<th>${l}</th>`).join('')}</tr>
${prow('Company', (c) => c.name)}${prow('Street', (c) => c.street)}${prow('City', (c) => c.p.city)}${prow('State / Prov.', (c) => c.p.state)}${prow('ZIP / Postal', (c) => c.p.zip)}</table>
<table><tr><th>Line</th><th>H/U qty</th><th>H/U type</th><th>Pieces</th><th>Pkg type</th><th style="width:30%">Description of articles</th><th>NMFC</th><th>Class</th><th>Weight (${unit})</th></tr>${items}</table>
<table><tr><th>Freight terms</th><th>Prepaid</th><th>Collect</th><th>Third party</th><th>COD amount</th><th>Declared value</th></tr>
<tr><td></td><td>${t.freightTerms === 'prepaid' ? val('X', ctx) : ''}</td><td>${t.freightTerms === 'collect' ? val('X', ctx) : ''}</td><td>${t.freightTerms === 'third_party' ? val('X', ctx) : ''}</td><td></td><td>$${formatNumber(doc.declaredValue, 'en')}.00</td></tr></table>
<table><tr><th>Accessorial</th><th>Liftgate</th><th>Inside delivery</th><th>Residential</th><th>Appointment</th><th>Hazmat</th></tr>
<tr><td></td><td></td><td></td><td></td><td></td><td>${doc.hazmat ? 'YES' : 'NO'}</td></tr></table>
<table><tr><th>Special handling instructions</th></tr><tr><td>${val(doc.instructions, ctx)}</td></tr></table>
<table><tr><th>Shipper</th><th>Date</th><th>Carrier driver</th><th>Date</th><th>Consignee received</th></tr><tr><td style="height:36px">${val(doc.contactName, ctx)}</td><td></td><td></td><td></td><td></td></tr></table></div>`;
    return page(css, body, "'Liberation Sans Narrow', 'Liberation Sans', sans-serif");
  },
};
