import { DIGIT_FOR } from './look-alikes.ts';

/** The 18 NMFC freight classes. */
export const FREIGHT_CLASSES = ['50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500'] as const;

/** Reads an NMFC class from a cell ("92.5", "CLASS 70", OCR "925" or "77,5"); null when it is not one of the 18. */
export function parseFreightClass(text: string): { value: string; repaired: boolean } | null {
  // A cell border read as a bracket or bar against the digits ("[50", "300|") is no part of them.
  // So is a speck read as a point in front of them (".77.5") or after them ("60.").
  const t = text.toUpperCase().replace(/CLASS|CLASE|CLASSE|[:#[\]{}|]/g, ' ').replace(/[Oo]/g, '0').replace(/[lI]/g, '1').replace(/(^|\s)[.,'`](?=\d)/g, '$1')
    .trim().replace(/(?<=\d)[.,'`]$/, '');
  const m = /(?:^|\s)(\d{2,3})(?:[.,](\d))?(?=\s|$)/.exec(t);
  if (!m) {
    // The half after the decimal point read apart ("92. 5"): one class, as a repair.
    const split = /(?:^|\s)(\d{2})[.,]\s+(5)(?=\s|$)/.exec(t);
    if (split && (FREIGHT_CLASSES as readonly string[]).includes(`${split[1]}.5`)) return { value: `${split[1]}.5`, repaired: true };
    // Handwritten digits read one by one ("2 5 o"): the class, as a repair.
    const joined = t.replace(/(?<=(?:^|\s)\d)\s+(?=\d(?:\s|$))/g, '');
    const again = joined !== t ? parseFreightClass(joined) : null;
    if (again) return { value: again.value, repaired: true };
    // Digits read as their look-alike letters ("GO", "SO" for 60, 50): the class they spell, as a repair.
    const spelt = /(?:^|\s)([0-9A-Z]{2,3})(?=\s|$)/.exec(t);
    const asDigits = spelt && /[A-Z]/.test(spelt[1]!) ? spelt[1]!.replace(/[A-Z]/g, (c) => DIGIT_FOR[c] ?? c) : '';
    return (FREIGHT_CLASSES as readonly string[]).includes(asDigits) ? { value: asDigits, repaired: true } : null;
  }
  const whole = m[2] ? `${m[1]}.${m[2]}` : m[1]!;
  if ((FREIGHT_CLASSES as readonly string[]).includes(whole)) return { value: whole, repaired: false };
  const exact = (d: string, dec: string | undefined): string | null => {
    const v = dec ? `${d}.${dec}` : d;
    if ((FREIGHT_CLASSES as readonly string[]).includes(v)) return v;
    // A lost decimal point: 775 -> 77.5, 925 -> 92.5.
    return !dec && (d === '775' || d === '925') ? `${d.slice(0, 2)}.5` : null;
  };
  const lost = exact(m[1]!, m[2]);
  if (lost) return { value: lost, repaired: true };
  // One digit misread as its look-alike ("715" for 77.5): taken only when a single class fits.
  const fits = new Set<string>();
  const digits = m[1]!;
  for (let i = 0; i < digits.length; i++) {
    for (const alt of DIGIT_SLIPS[digits[i]!] ?? []) {
      const v = exact(digits.slice(0, i) + alt + digits.slice(i + 1), m[2]);
      if (v) fits.add(v);
    }
  }
  return fits.size === 1 ? { value: [...fits][0]!, repaired: true } : null;
}

const DIGIT_SLIPS: Record<string, string[]> = { '1': ['7'], '7': ['1'], '6': ['5'], '5': ['6'], '8': ['0'], '0': ['8'] };
