import { code128Svg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { box, esc, formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function partyRows(title: string, p: PartyTruth | null, ctx: TemplateContext, idLabel: string, id: string): string {
  const l = p ? partyLines(p, ctx.rng) : null;
  return `<tr><th colspan="2" class="band">${title}</th></tr>
<tr><td class="lab">Name</td><td>${val(l?.name, ctx)}</td></tr>
<tr><td class="lab">Address</td><td>${val(l?.street, ctx)}</td></tr>
<tr><td class="lab">City / State / Zip</td><td>${val(l?.cityLine, ctx)}</td></tr>
<tr><td class="lab">${idLabel}</td><td>${p ? val(id, ctx) : ''}</td></tr>`;
}

/** A VICS-style grid with a label column, shaded bands and a Code 128 BOL number. */
export const vicsGrid: Template = {
  id: 'vics-grid',
  lang: 'en',
  handChance: 0.25,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const ds = ctx.rng.int(0, 3);
    const s = t.shipmentDetails;
    const css = `
.wrap{padding:34px 38px}
h1{font-size:22px;letter-spacing:1px;text-align:center}
.sub{text-align:center;font-size:10px;margin-bottom:8px}
.grid{width:100%;border:2px solid #000}
.grid td,.grid th{border:1px solid #000;padding:3px 5px;vertical-align:top;font-size:12px}
.band{background:#d9d9d9;font-size:11px;text-align:left;letter-spacing:.5px}
.lab{width:120px;font-size:9px;text-transform:uppercase;color:#333}
.half{width:50%}
.items th{background:#eee;font-size:9px}
.fine{font-size:7.5px;line-height:1.25;margin-top:6px;text-align:justify}
.sig td{height:48px}`;
    const head = `<div class="wrap"><div style="display:flex;justify-content:space-between;align-items:flex-start">
<div style="font-size:11px">Date: ${val(formatDate(t.dates.pickup, 'en', ds), ctx)}</div>
<div><h1>BILL OF LADING</h1><div class="sub">Straight Bill of Lading &ndash; Not Negotiable</div></div>
<div style="font-size:11px">Page 1 of 1</div></div>`;
    const right = `<table style="width:100%"><tr><td class="lab">Bill of Lading No.</td><td><b style="font-size:15px">${val(r.bolNumber, ctx)}</b><div style="width:230px">${code128Svg(r.bolNumber, false)}</div></td></tr>
<tr><td class="lab">Carrier</td><td>${val(t.carrier.name, ctx)}</td></tr>
<tr><td class="lab">SCAC</td><td>${val(t.carrier.scac, ctx)}</td></tr>
<tr><td class="lab">Trailer / Seal</td><td>${val(doc.trailer, ctx)} / ${val(doc.seal, ctx)}</td></tr>
<tr><td class="lab">PRO No.</td><td>${val(r.proNumber, ctx)}${r.proNumber ? `<div style="width:200px">${code128Svg(r.proNumber, false)}</div>` : ''}</td></tr>
<tr><td class="lab">Freight terms</td><td>${box(t.freightTerms === 'prepaid')} Prepaid &nbsp; ${box(t.freightTerms === 'collect')} Collect &nbsp; ${box(t.freightTerms === 'third_party')} 3rd Party</td></tr></table>`;
    const left = `<table style="width:100%">${partyRows('SHIP FROM', t.shipper, ctx, 'SID #', doc.sid)}${partyRows('SHIP TO', t.consignee, ctx, 'CID #', doc.cid)}${partyRows('BILL FREIGHT CHARGES TO', t.billTo, ctx, 'Account', doc.cid)}</table>`;
    const grid = `<table class="grid"><tr><td class="half" style="padding:0">${left}</td><td class="half" style="padding:0">${right}</td></tr>
<tr><td colspan="2"><span class="lab">Special instructions:</span> ${val(doc.instructions, ctx)}</td></tr></table>`;
    const orders = `<table class="grid items" style="margin-top:8px"><tr><th colspan="5" class="band">CUSTOMER ORDER INFORMATION</th></tr>
<tr><th>PO Number</th><th>Order No.</th><th># Pkgs</th><th>Weight</th><th>Additional info</th></tr>
<tr><td>${val(r.poNumber, ctx)}</td><td>${val(r.orderNumber, ctx)}</td><td>${val(s.pieces, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td><td>${val(doc.hazmat ? 'HM' : '', ctx)}</td></tr>
<tr><td colspan="2"><b>Grand total</b></td><td>${val(s.pieces, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td><td></td></tr></table>`;
    const items = `<table class="grid items" style="margin-top:8px"><tr><th colspan="8" class="band">CARRIER INFORMATION</th></tr>
<tr><th>H.U. Qty</th><th>Type</th><th>Pkg Qty</th><th>Type</th><th>Weight</th><th>Commodity description</th><th>NMFC #</th><th>Class</th></tr>
<tr><td>${val(s.handlingUnits, ctx)}</td><td>${val(doc.handlingType, ctx)}</td><td>${val(s.pieces, ctx)}</td><td>${val(doc.packageType, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td><td>${val(s.commodity, ctx)}</td><td>${val(doc.nmfc, ctx)}</td><td>${val(s.freightClass, ctx)}</td></tr>
<tr><td>&nbsp;</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td></tr></table>`;
    const foot = `<div class="fine">RECEIVED, subject to individually determined rates or contracts that have been agreed upon in writing between the carrier and shipper, if applicable, otherwise to the rates, classifications and rules that have been established by the carrier and are available to the shipper, on request. The property described above is in apparent good order, except as noted.</div>
<table class="grid sig" style="margin-top:8px"><tr><td class="half">Shipper signature / date<br>${val(doc.contactName, ctx)}</td><td class="half">Carrier signature / pickup date<br>${val(formatDate(t.dates.pickup, 'en', ds), ctx)}</td></tr>
<tr><td colspan="2" style="height:auto">Requested delivery date: ${val(formatDate(t.dates.delivery, 'en', ds), ctx)}</td></tr></table></div>`;
    return page(css, head + grid + orders + items + esc('') + foot);
  },
};
