import { code128Svg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { box, formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function party(label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  const l = p ? partyLines(p, ctx.rng) : null;
  return `<div class="party"><div class="pl">${label}</div>
<div class="line"><span class="k">Name</span> ${val(l?.name, ctx)}</div>
<div class="line"><span class="k">Street</span> ${val(l?.street, ctx)}</div>
<div class="line"><span class="k">City, State, Zip</span> ${val(l?.cityLine, ctx)}</div></div>`;
}

/** A carrier's own short form: carrier banner, PRO barcode up top, stacked parties, ruled lines. */
export const carrierShort: Template = {
  id: 'carrier-short',
  lang: 'en',
  handChance: 0.3,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.int(0, 3);
    const color = ctx.rng.pick(['#1b3d8f', '#8f1b1b', '#1b6b3a', '#222']);
    const css = `
.wrap{padding:30px 44px}
.banner{display:flex;justify-content:space-between;align-items:center;border-bottom:4px solid ${color};padding-bottom:6px}
.logo{font-size:24px;font-weight:bold;color:${color};font-style:italic}
.pro{text-align:right;font-size:11px}
.title{font-size:13px;font-weight:bold;text-align:center;margin:8px 0 2px}
.stitle{font-size:9px;text-align:center;margin-bottom:8px}
.row{display:flex;gap:18px}
.party{flex:1;border:1px solid #444;padding:5px 8px;margin-bottom:8px}
.pl{font-size:10px;font-weight:bold;color:${color};margin-bottom:2px}
.line{border-bottom:1px solid #999;min-height:20px;padding-top:3px}
.k{font-size:8px;color:#555;text-transform:uppercase;margin-right:6px}
.refs{display:grid;grid-template-columns:1fr 1fr 1fr;gap:4px 14px;margin:6px 0 10px}
.items{width:100%;margin-top:6px}
.items th{font-size:8.5px;border:1px solid #444;background:${color};color:#fff;padding:3px}
.items td{border:1px solid #444;height:24px;padding:3px 5px;font-size:12px}
.fine{font-size:7px;color:#333;margin-top:8px;line-height:1.3}`;
    const body = `<div class="wrap"><div class="banner"><div class="logo">${t.carrier.name}</div>
<div class="pro">PRO NUMBER<br><b style="font-size:16px">${val(r.proNumber, ctx)}</b>${r.proNumber ? `<div style="width:210px;margin-left:auto">${code128Svg(r.proNumber, false)}</div>` : ''}</div></div>
<div class="title">STRAIGHT BILL OF LADING &mdash; SHORT FORM</div><div class="stitle">ORIGINAL &mdash; NOT NEGOTIABLE &middot; SCAC ${val(t.carrier.scac, ctx)}</div>
<div class="refs">
<div class="line"><span class="k">Shipment date</span> ${val(formatDate(t.dates.pickup, 'en', ds), ctx)}</div>
<div class="line"><span class="k">Shipper's BOL No.</span> ${val(r.bolNumber, ctx)}</div>
<div class="line"><span class="k">Purchase order</span> ${val(r.poNumber, ctx)}</div>
<div class="line"><span class="k">Deliver by</span> ${val(formatDate(t.dates.delivery, 'en', ds), ctx)}</div>
<div class="line"><span class="k">Customer order</span> ${val(r.orderNumber, ctx)}</div>
<div class="line"><span class="k">Trailer</span> ${val(doc.trailer, ctx)}</div></div>
<div class="row">${party('CONSIGNEE (TO)', t.consignee, ctx)}${party('SHIPPER (FROM)', t.shipper, ctx)}</div>
<div class="row">${party('BILL TO (if other than consignee)', t.billTo, ctx)}<div class="party"><div class="pl">FREIGHT CHARGES</div>
<div class="line">${box(t.freightTerms === 'prepaid')} Prepaid</div><div class="line">${box(t.freightTerms === 'collect')} Collect</div><div class="line">${box(t.freightTerms === 'third_party')} Third party</div></div></div>
<table class="items"><tr><th>No. shipping units</th><th>Pieces</th><th>HM</th><th style="width:40%">Kind of packaging, description of articles</th><th>Weight (subject to correction)</th><th>Class</th></tr>
<tr><td>${val(`${s.handlingUnits} ${doc.handlingType}`, ctx)}</td><td>${val(s.pieces, ctx)}</td><td>${doc.hazmat ? 'X' : ''}</td><td>${val(s.commodity, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td><td>${val(s.freightClass, ctx)}</td></tr>
<tr><td></td><td></td><td></td><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td><td></td><td></td></tr>
<tr><td colspan="3" style="text-align:right;font-size:9px">TOTAL</td><td></td><td>${val(formatWeight(doc, ds), ctx)}</td><td></td></tr></table>
<div class="line" style="margin-top:8px"><span class="k">Remarks</span> ${val(doc.instructions, ctx)}</div>
<div class="fine">Subject to Section 7 of the conditions, if this shipment is to be delivered to the consignee without recourse on the consignor, the consignor shall sign the following statement. The carrier shall not make delivery of this shipment without payment of freight and all other lawful charges.</div>
<div class="row" style="margin-top:14px"><div class="party">SHIPPER: ${val(doc.contactName, ctx)}<br>PER ____________________</div><div class="party">CARRIER: ${t.carrier.name}<br>PER ____________________ DATE ________</div></div></div>`;
    return page(css, body, "'DejaVu Sans', sans-serif");
  },
};
