/** The 18 NMFC freight classes. */
export const FREIGHT_CLASSES = ['50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500'] as const;

/** Reads an NMFC class from a cell ("92.5", "CLASS 70", OCR "925" or "77,5"); null when it is not one of the 18. */
export function parseFreightClass(text: string): { value: string; repaired: boolean } | null {
  const t = text.toUpperCase().replace(/CLASS|CLASE|CLASSE|[:#]/g, ' ').replace(/[Oo]/g, '0').replace(/[lI]/g, '1').trim();
  const m = /(?:^|\s)(\d{2,3})(?:[.,](\d))?(?=\s|$)/.exec(t);
  if (!m) return null;
  const whole = m[2] ? `${m[1]}.${m[2]}` : m[1]!;
  if ((FREIGHT_CLASSES as readonly string[]).includes(whole)) return { value: whole, repaired: false };
  // A lost decimal point: 775 -> 77.5, 925 -> 92.5.
  if (!m[2] && (m[1] === '775' || m[1] === '925')) return { value: `${m[1]!.slice(0, 2)}.5`, repaired: true };
  return null;
}
