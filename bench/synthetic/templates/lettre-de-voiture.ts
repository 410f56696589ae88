import { code128Svg } from '../barcodes.ts';
import type { BolDoc, PartyTruth } from '../data.ts';
import { box, formatDate, formatWeight, partyLines } from '../format.ts';
import { page, val, type Template, type TemplateContext } from './common.ts';

function bloc(num: string, label: string, p: PartyTruth | null, ctx: TemplateContext): string {
  const l = p ? partyLines(p, ctx.rng) : null;
  return `<td class="cell"><div class="lab"><span class="n">${num}</span> ${label}</div>${val(l?.name, ctx)}<br>${val(l?.street, ctx)}<br>${val(l?.cityLine, ctx)}</td>`;
}

/** A French "connaissement / lettre de voiture" with numbered boxes, as Québec shippers print it. */
export const lettreDeVoiture: Template = {
  id: 'lettre-de-voiture',
  lang: 'fr',
  handChance: 0.25,
  render(doc: BolDoc, ctx: TemplateContext): string {
    const t = doc.truth;
    const r = t.references;
    const s = t.shipmentDetails;
    const ds = ctx.rng.int(0, 2);
    const css = `
.wrap{padding:32px 36px}
.hd{display:flex;justify-content:space-between;align-items:flex-end;margin-bottom:8px}
h1{font-size:19px}
.cell{border:1px solid #000;padding:4px 6px;vertical-align:top;font-size:12px;line-height:1.4;width:50%}
.lab{font-size:8.5px;font-weight:bold;text-transform:uppercase;margin-bottom:2px}
.n{display:inline-block;background:#000;color:#fff;border-radius:8px;padding:0 4px;margin-right:2px}
table{width:100%}
.it th{border:1px solid #000;font-size:8.5px;padding:3px;background:#e8e8e8}
.it td{border:1px solid #000;padding:4px;height:22px;font-size:12px}
.fine{font-size:7.5px;margin-top:6px}`;
    const body = `<div class="wrap"><div class="hd"><div><h1>CONNAISSEMENT &ndash; LETTRE DE VOITURE</h1><div style="font-size:10px">Transport routier de marchandises &middot; Non négociable</div></div>
<div style="text-align:right;font-size:11px">N° de connaissement<br><b style="font-size:15px">${val(r.bolNumber, ctx)}</b><div style="width:200px">${code128Svg(r.bolNumber, false)}</div></div></div>
<table><tr>${bloc('1', 'Expéditeur', t.shipper, ctx)}${bloc('2', 'Destinataire', t.consignee, ctx)}</tr>
<tr>${bloc('3', 'Facturer à (tiers)', t.billTo, ctx)}<td class="cell"><div class="lab"><span class="n">4</span> Transporteur</div>${val(t.carrier.name, ctx)}<br>Code SCAC : ${val(t.carrier.scac, ctx)}<br>N° PRO : ${val(r.proNumber, ctx)}</td></tr>
<tr><td class="cell"><div class="lab"><span class="n">5</span> Date d'expédition</div>${val(formatDate(t.dates.pickup, 'fr', ds), ctx)}<div class="lab" style="margin-top:4px">Date de livraison prévue</div>${val(formatDate(t.dates.delivery, 'fr', ds), ctx)}</td>
<td class="cell"><div class="lab"><span class="n">6</span> Références</div>Bon de commande : ${val(r.poNumber, ctx)}<br>N° de commande client : ${val(r.orderNumber, ctx)}<br>Remorque : ${val(doc.trailer, ctx)} &nbsp; Scellé : ${val(doc.seal, ctx)}</td></tr>
<tr><td class="cell" colspan="2"><div class="lab"><span class="n">7</span> Modalités de paiement du fret</div>${box(t.freightTerms === 'prepaid')} Port payé &nbsp;&nbsp; ${box(t.freightTerms === 'collect')} Port dû &nbsp;&nbsp; ${box(t.freightTerms === 'third_party')} Tiers payeur</td></tr></table>
<table class="it" style="margin-top:8px"><tr><th>Nombre d'unités</th><th>Nombre de colis</th><th style="width:38%">Description des marchandises</th><th>Classe</th><th>Poids</th><th>MD</th></tr>
<tr><td>${val(`${s.handlingUnits} ${doc.handlingType}`, ctx)}</td><td>${val(`${s.pieces} ${doc.packageType}`, ctx)}</td><td>${val(s.commodity, ctx)}</td><td>${val(s.freightClass, ctx)}</td><td>${val(formatWeight(doc, ds), ctx)}</td><td>${doc.hazmat ? 'X' : ''}</td></tr>
<tr><td></td><td></td><td></td><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td><td></td><td></td><td></td></tr></table>
<table style="margin-top:8px"><tr><td class="cell"><div class="lab">Instructions spéciales</div>${val(doc.instructions, ctx)}</td><td class="cell"><div class="lab">Valeur déclarée</div>${doc.declaredValue} $</td></tr></table>
<div class="fine">Reçu, sous réserve des classifications et tarifs en vigueur à la date d'émission du présent connaissement, les marchandises décrites ci-dessus en bon état apparent, sauf indication contraire.</div>
<table style="margin-top:10px"><tr><td class="cell" style="height:56px"><div class="lab">Signature de l'expéditeur</div>${val(doc.contactName, ctx)}</td><td class="cell"><div class="lab">Signature du transporteur / date</div></td></tr></table></div>`;
    return page(css, body);
  },
};
