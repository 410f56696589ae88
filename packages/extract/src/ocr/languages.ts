/** The Tesseract languages the extractor can read with. */
export type OcrLanguage = 'eng' | 'spa' | 'fra';
export const OCR_LANGUAGES: readonly OcrLanguage[] = ['eng', 'spa', 'fra'];

/** The page pass's languages when none are asked for. */
export const LANGUAGES: readonly OcrLanguage[] = ['eng', 'spa', 'fra'];

/** A comma-separated list of languages, or undefined when it is empty or names one the extractor cannot read with. */
export function parseLanguages(list: string): OcrLanguage[] | undefined {
  const langs = list.split(',').map((l) => l.trim()).filter(Boolean);
  return langs.length && langs.every((l): l is OcrLanguage => (OCR_LANGUAGES as readonly string[]).includes(l)) ? langs : undefined;
}
