import type { BolDoc, PartyTruth } from '../data.ts';
import { esc, formatDate, formatWeight } from '../format.ts';
import { page, type Template, type TemplateContext } from './common.ts';

/** A value typed on a typewriter: monospace, uppercase, a little off the line. */
function typed(text: string | number | null | undefined, ctx: TemplateContext): string {
  const s = esc(text);
  if (!s) return '';
  const dx = ctx.rng.float(-4, 8).toFixed(1);
  const dy = ctx.rng.float(-3, 2).toFixed(1);
  return `<span class="ty" style="left:${dx}px;top:${dy}px">${s.toUpperCase()}</span>`;
}

function party(label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  return `<div class="fld"><span class="pl">${label}</span>${typed(p?.name, ctx)}</div>
<div class="fld"><span class="pl">Street</span>${typed(p?.address, ctx)}</div>
<div class="fld"><span class="pl">Destination</span>${typed(p ? `${p.city}, ${p.state}  ${p.zip}` : '', ctx)}</div>`;
}

/** An old pre-printed form with values typed in a monospace "typewriter" face. */
export const typewriter: Template = {
  id: 'typewriter',
  lang: 'en',
  handChance: 0,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.pick([0, 3]);
    const mono = ctx.rng.pick(["'Liberation Mono'", "'DejaVu Sans Mono'"]);
    const terms = { prepaid: 'PREPAID', collect: 'COLLECT', third_party: 'BILL THIRD PARTY' }[t.freightTerms];
    const css = `
.wrap{padding:40px 50px;font-family:'Liberation Serif','DejaVu Serif',serif}
h1{text-align:center;font-size:20px;letter-spacing:3px;font-variant:small-caps}
.c{text-align:center;font-size:10px;margin-bottom:14px}
.fld{position:relative;border-bottom:1px solid #555;height:26px;margin:3px 0;white-space:nowrap}
.pl{font-size:10.5px;font-variant:small-caps;color:#333;display:inline-block;width:130px}
.ty{position:relative;font-family:${mono},monospace;font-size:14px;color:#1a1a1a;text-shadow:0 0 1px #444;opacity:.92}
.row{display:flex;gap:26px}.row>div{flex:1}
.items{width:100%;margin-top:14px}
.items th{font-size:10px;font-variant:small-caps;border-top:2px solid #000;border-bottom:1px solid #000;padding:3px}
.items td{border-bottom:1px solid #888;height:26px;padding:2px 4px}
.fine{font-size:7.5px;margin-top:10px;font-style:italic}`;
    const body = `<div class="wrap"><h1>Straight Bill of Lading</h1><div class="c">Original &mdash; Not Negotiable &mdash; Domestic</div>
<div class="row"><div><div class="fld"><span class="pl">Carrier</span>${typed(t.carrier.name, ctx)}</div><div class="fld"><span class="pl">SCAC</span>${typed(t.carrier.scac, ctx)}</div></div>
<div><div class="fld"><span class="pl">Date</span>${typed(formatDate(t.dates.pickup, 'en', ds), ctx)}</div><div class="fld"><span class="pl">Shipper's No.</span>${typed(r.bolNumber, ctx)}</div></div></div>
${party('Consigned to', t.consignee, ctx)}
${party('From (shipper)', t.shipper, ctx)}
<div class="row"><div><div class="fld"><span class="pl">Cust. P.O.</span>${typed(r.poNumber, ctx)}</div><div class="fld"><span class="pl">Order No.</span>${typed(r.orderNumber, ctx)}</div></div>
<div><div class="fld"><span class="pl">Carrier's No. (PRO)</span>${typed(r.proNumber, ctx)}</div><div class="fld"><span class="pl">Deliver on</span>${typed(formatDate(t.dates.delivery, 'en', ds), ctx)}</div></div></div>
${t.billTo ? party('Send freight bill to', t.billTo, ctx) : party('Send freight bill to', null, ctx)}
<div class="fld"><span class="pl">Charges</span>${typed(terms, ctx)}</div>
<table class="items"><tr><th>No. Packages</th><th>Kind of package, description of articles, special marks</th><th>*Weight</th><th>Class or Rate</th></tr>
<tr><td>${typed(s.pieces, ctx)}</td><td>${typed(`${s.handlingUnits} ${doc.handlingType} ${s.commodity}`, ctx)}</td><td>${typed(formatWeight(doc, 1), ctx)}</td><td>${typed(s.freightClass, ctx)}</td></tr>
<tr><td></td><td>${typed(doc.instructions, ctx)}</td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td></tr></table>
<div class="fine">*If the shipment moves between two ports by a carrier by water, the law requires that the bill of lading shall state whether it is "carrier's or shipper's weight".</div>
<div class="row" style="margin-top:24px"><div class="fld"><span class="pl">Shipper, per</span>${typed(doc.contactName, ctx)}</div><div class="fld"><span class="pl">Agent, per</span></div></div></div>`;
    return page(css, body);
  },
};
