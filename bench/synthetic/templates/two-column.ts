import { qrSvg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function card(label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  if (!p) return '';
  const l = partyLines(p, ctx.rng);
  return `<div class="card"><div class="cl">${label}</div>${val(l.name, ctx)}<br>${val(l.street, ctx)}<br>${val(l.cityLine, ctx)}</div>`;
}

/** A modern two-column layout: parties left, a key/value list right, a QR code, no ruled grid. */
export const twoColumn: Template = {
  id: 'two-column',
  lang: 'en',
  handChance: 0.2,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.int(0, 3);
    const accent = ctx.rng.pick(['#0a5c7a', '#5a2d82', '#9a5b00', '#333']);
    const kv = (k: string, v: string | number | null): string => `<div class="kv"><span>${k}</span><b>${val(v, ctx)}</b></div>`;
    const terms = { prepaid: 'Prepaid', collect: 'Collect', third_party: 'Third Party' }[t.freightTerms];
    const css = `
.wrap{padding:40px 48px;font-size:12.5px}
.top{display:flex;justify-content:space-between;border-bottom:2px solid ${accent};padding-bottom:10px;margin-bottom:14px}
h1{font-size:26px;color:${accent};font-weight:300}
.cols{display:flex;gap:30px}
.left{flex:1.1}.right{flex:1}
.card{border-left:4px solid ${accent};background:#f6f6f6;padding:7px 10px;margin-bottom:12px;line-height:1.45}
.cl{font-size:9px;color:${accent};letter-spacing:1px;text-transform:uppercase;font-weight:bold}
.kv{display:flex;justify-content:space-between;border-bottom:1px dotted #aaa;padding:5px 0}
.kv span{color:#555}
.desc{margin-top:18px;width:100%}
.desc th{border-bottom:2px solid ${accent};text-align:left;font-size:10px;padding:4px;color:${accent}}
.desc td{border-bottom:1px solid #ddd;padding:6px 4px}
.note{margin-top:16px;font-size:11px}`;
    const body = `<div class="wrap"><div class="top"><div><h1>Bill of Lading</h1><div style="color:#666">${val(doc.contactName, ctx)} &middot; ${doc.phone}</div></div><div style="width:96px">${qrSvg(`${r.bolNumber}`)}</div></div>
<div class="cols"><div class="left">${card('Ship from', t.shipper, ctx)}${card('Ship to', t.consignee, ctx)}${card('Bill to', t.billTo, ctx)}</div>
<div class="right">${kv('BOL #', r.bolNumber)}${kv('Ship date', formatDate(t.dates.pickup, 'en', ds))}${kv('Delivery date', formatDate(t.dates.delivery, 'en', ds))}
${kv('PO #', r.poNumber)}${kv('Order #', r.orderNumber)}${kv('Carrier', t.carrier.name)}${kv('SCAC', t.carrier.scac)}${kv('PRO #', r.proNumber)}${kv('Freight terms', terms)}</div></div>
<table class="desc"><tr><th>Handling units</th><th>Pieces</th><th>Description</th><th>Class</th><th>NMFC</th><th>Weight</th></tr>
<tr><td>${val(`${s.handlingUnits} ${doc.handlingType}`, ctx)}</td><td>${val(s.pieces, ctx)}</td><td>${val(s.commodity, ctx)}</td><td>${val(s.freightClass, ctx)}</td><td>${val(doc.nmfc, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td></tr></table>
<div class="note"><b>Notes:</b> ${val(doc.instructions, ctx)}</div>
<div class="note" style="margin-top:40px;display:flex;gap:40px"><div style="flex:1;border-top:1px solid #000">Shipper signature</div><div style="flex:1;border-top:1px solid #000">Driver signature</div></div></div>`;
    return page(css, body, "'DejaVu Sans', sans-serif");
  },
};
