/** References a barcode's payload can state outright. */
export type PayloadKey = 'bol' | 'pro' | 'po' | 'order' | 'scac';

const KEYS: Array<[RegExp, PayloadKey]> = [
  [/^(BOL|BL|B\/L|BOL ?(NO|#|NUMBER)|BILL OF LADING|CONOCIMIENTO|FOLIO|CONNAISSEMENT|LV)$/, 'bol'],
  [/^PRO ?(NO|#|NUMBER)?$/, 'pro'],
  [/^(PO|P\.O\.|PO ?(NO|#|NUMBER)|PURCHASE ORDER|OC)$/, 'po'],
  [/^(SO|ORDER|ORDER ?(NO|#)|SALES ORDER|PEDIDO|COMMANDE)$/, 'order'],
  [/^SCAC$/, 'scac'],
];

/**
 * Reads keyed values from a 2D barcode's text ("BOL:431755-53;SCAC:TBRL;PRO:7406026803;PO:"): carriers and shippers
 * print these QR codes so scanners need not read the form. Empty and unknown keys are skipped.
 */
export function readBarcodePayload(text: string): Partial<Record<PayloadKey, string>> {
  const out: Partial<Record<PayloadKey, string>> = {};
  for (const part of text.toUpperCase().split(/[;\n\r|&]+/)) {
    const m = /^\s*([A-Z#/. ]{2,20}?)\s*[:=]\s*([A-Z0-9][A-Z0-9-/]{1,29})\s*$/.exec(part);
    if (!m) continue;
    const key = KEYS.find(([re]) => re.test(m[1]!.trim()))?.[1];
    if (key && !out[key]) out[key] = m[2]!;
  }
  return out;
}
