import bwipjs from 'bwip-js';

/** An inline SVG Code 128 barcode of `text`, with the human-readable line below when `withText`. */
export function code128Svg(text: string, withText = true): string {
  return bwipjs.toSVG({ bcid: 'code128', text, scale: 2, height: 9, includetext: withText, textxalign: 'center' });
}

/** An inline SVG QR code of `text`. */
export function qrSvg(text: string): string {
  return bwipjs.toSVG({ bcid: 'qrcode', text, scale: 3 });
}
