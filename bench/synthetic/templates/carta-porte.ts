import { code128Svg, qrSvg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function parte(label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  const l = p ? partyLines(p, ctx.rng) : null;
  return `<div class="blk"><div class="bt">${label}</div><div class="f"><i>Nombre / Razón social:</i> ${val(l?.name, ctx)}</div>
<div class="f"><i>Domicilio:</i> ${val(l?.street, ctx)}</div><div class="f"><i>Ciudad, Estado, C.P.:</i> ${val(l?.cityLine, ctx)}</div></div>`;
}

/** A Mexican "carta porte / conocimiento de embarque" with a folio box, QR code and framed blocks. */
export const cartaPorte: Template = {
  id: 'carta-porte',
  lang: 'es',
  handChance: 0.25,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.int(0, 2);
    const terms = { prepaid: 'PAGADO', collect: 'POR COBRAR', third_party: 'TERCEROS' }[t.freightTerms];
    const css = `
.wrap{padding:30px 34px}
.hd{display:flex;gap:14px;align-items:center;border:2px solid #000;padding:8px}
.hd h1{font-size:18px;flex:1}
.folio{border:2px solid #b00;color:#b00;padding:4px 10px;text-align:center;font-size:10px}
.folio b{font-size:16px;color:#000}
.two{display:flex;gap:8px;margin-top:8px}
.blk{flex:1;border:1px solid #000;padding:5px 7px}
.bt{background:#000;color:#fff;font-size:10px;font-weight:bold;padding:2px 5px;margin:-5px -7px 4px}
.f{font-size:12px;line-height:1.5}
.f i{font-size:9px;color:#444;font-style:normal}
table{width:100%;margin-top:8px}
th{border:1px solid #000;font-size:9px;background:#ddd;padding:3px}
td{border:1px solid #000;font-size:12px;padding:4px;height:22px}`;
    const body = `<div class="wrap"><div class="hd"><div style="width:84px">${qrSvg(`FOLIO ${r.bolNumber} ${t.carrier.scac}`)}</div><h1>CARTA PORTE<br><span style="font-size:13px;font-weight:normal">Conocimiento de embarque &middot; Autotransporte federal de carga</span></h1>
<div class="folio">FOLIO<br><b>${val(r.bolNumber, ctx)}</b><div style="width:170px">${code128Svg(r.bolNumber, false)}</div></div></div>
<div class="two">${parte('REMITENTE / ORIGEN', t.shipper, ctx)}${parte('DESTINATARIO', t.consignee, ctx)}</div>
<div class="two">${parte('FACTURAR A', t.billTo, ctx)}<div class="blk"><div class="bt">TRANSPORTISTA</div>
<div class="f"><i>Línea:</i> ${val(t.carrier.name, ctx)}</div><div class="f"><i>SCAC:</i> ${val(t.carrier.scac, ctx)}</div><div class="f"><i>Número PRO / guía:</i> ${val(r.proNumber, ctx)}</div></div></div>
<div class="two"><div class="blk"><div class="bt">FECHAS</div><div class="f"><i>Fecha de embarque:</i> ${val(formatDate(t.dates.pickup, 'es', ds), ctx)}</div><div class="f"><i>Fecha de entrega:</i> ${val(formatDate(t.dates.delivery, 'es', ds), ctx)}</div></div>
<div class="blk"><div class="bt">REFERENCIAS</div><div class="f"><i>Orden de compra:</i> ${val(r.poNumber, ctx)}</div><div class="f"><i>Pedido:</i> ${val(r.orderNumber, ctx)}</div><div class="f"><i>Flete:</i> ${val(terms, ctx)}</div></div></div>
<table><tr><th>Tarimas</th><th>Cantidad</th><th>Embalaje</th><th style="width:36%">Descripción de la mercancía</th><th>Clase</th><th>Peso bruto</th></tr>
<tr><td>${val(s.handlingUnits, ctx)}</td><td>${val(s.pieces, ctx)}</td><td>${val(doc.packageType, ctx)}</td><td>${val(s.commodity, ctx)}</td><td>${val(s.freightClass, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td></tr>
<tr><td></td><td></td><td></td><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td><td></td><td></td></tr></table>
<div class="two"><div class="blk"><div class="bt">OBSERVACIONES</div><div class="f">${val(doc.instructions, ctx)}</div></div><div class="blk"><div class="bt">VALOR DECLARADO</div><div class="f">$${doc.declaredValue} MXN</div></div></div>
<div class="two" style="margin-top:24px"><div class="blk" style="height:60px">Firma del remitente<br>${val(doc.contactName, ctx)}</div><div class="blk">Firma del operador</div><div class="blk">Recibí de conformidad</div></div></div>`;
    return page(css, body);
  },
};
