import type { BolDoc, PartyTruth } from '../data.ts';
import { box, formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function lines(label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  const l = p ? partyLines(p, ctx.rng) : null;
  return `<div class="sec">${label}</div><div class="ln">${val(l?.name, ctx)}</div><div class="ln">${val(l?.street, ctx)}</div><div class="ln">${val(l?.cityLine, ctx)}</div>`;
}

/** A blank stationery-store form filled in entirely by hand. */
export const handwritten: Template = {
  id: 'handwritten',
  lang: 'en',
  handChance: 1,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.pick([0, 3]);
    const kv = (k: string, v: string | number | null): string => `<div class="ln"><span class="k">${k}</span> ${val(v, ctx)}</div>`;
    const css = `
.wrap{padding:36px 46px;font-size:11px}
h1{font-size:17px;text-align:center;font-family:'Liberation Serif',serif}
.cols{display:flex;gap:28px;margin-top:10px}.cols>div{flex:1}
.sec{font-size:9px;font-weight:bold;margin-top:10px;letter-spacing:1px}
.ln{border-bottom:1px solid #7a9cc6;min-height:30px;padding-top:6px;white-space:nowrap;overflow:visible}
.k{font-size:9px;color:#345;display:inline-block;min-width:82px}
.v.hw{line-height:1}`;
    const body = `<div class="wrap"><h1>BILL OF LADING &mdash; SHORT FORM &mdash; NOT NEGOTIABLE</h1>
<div class="cols"><div>${kv('Date', formatDate(t.dates.pickup, 'en', ds))}${kv('B/L No.', r.bolNumber)}${kv('P.O. No.', r.poNumber)}${kv('Order No.', r.orderNumber)}</div>
<div>${kv('Carrier', t.carrier.name)}${kv('SCAC', t.carrier.scac)}${kv('PRO No.', r.proNumber)}${kv('Deliver by', formatDate(t.dates.delivery, 'en', ds))}</div></div>
<div class="cols"><div>${lines('SHIPPER', t.shipper, ctx)}</div><div>${lines('CONSIGNEE', t.consignee, ctx)}</div></div>
${lines('BILL FREIGHT TO', t.billTo, ctx)}
<div class="sec">FREIGHT CHARGES</div><div class="ln">${box(t.freightTerms === 'prepaid')} Prepaid &nbsp; ${box(t.freightTerms === 'collect')} Collect &nbsp; ${box(t.freightTerms === 'third_party')} Third party</div>
<div class="cols"><div>${kv('Handling units', `${s.handlingUnits} ${doc.handlingType}`)}${kv('Pieces', s.pieces)}${kv('Weight', formatWeight(doc, ds))}</div>
<div>${kv('Description', s.commodity)}${kv('Class', s.freightClass)}${kv('NMFC', doc.nmfc)}</div></div>
${kv('Remarks', doc.instructions)}
<div class="cols" style="margin-top:18px"><div>${kv('Shipper', doc.contactName)}</div><div>${kv('Driver', '')}</div></div></div>`;
    return page(css, body);
  },
};
