import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ExtractedData } from '@ladingwise/shared';
import { decodePages } from '../../packages/extract/src/image/decode.ts';
import { extractFields, readLayout } from '../../packages/extract/src/fields/extract-fields.ts';
import { CHOOSER, chooseFields, type Chooser, type FieldsMode } from '../../packages/extract/src/fields/learned/combine.ts';
import type { FieldTagger } from '../../packages/extract/src/fields/learned/tagger.ts';
import { ValueConfidence } from '../../packages/extract/src/fields/learned/value-confidence.ts';
import type { OcrEngineFactory } from '../../packages/extract/src/ocr/engine.ts';
import type { LineRecogniser } from '../../packages/extract/src/ocr/line-recogniser.ts';
import { WorkerPool } from '../../packages/extract/src/pool.ts';
import { readPage } from '../../packages/extract/src/read-page.ts';
import type { ReadPage } from '../../packages/extract/src/types.ts';

/** One document read once by OCR: its pages and the seconds decoding and OCR took (0 when taken from a cache). */
export interface ReadDoc { file: string; pages: ReadPage[]; ocrSeconds: number; error?: string }

/**
 * Decodes and OCRs every file of a set once, the way the extractor does, so each field reader can be run on the same
 * words. With `cacheDir`, pages read before are taken from it and new ones kept there.
 */
export async function readSet(dir: string, files: readonly string[], factory: OcrEngineFactory, workers: number, lines: LineRecogniser | undefined,
  cacheDir: string | undefined, onDoc: (d: ReadDoc) => void): Promise<ReadDoc[]> {
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const pool = new WorkerPool(factory, workers);
  await pool.ready();
  const out: ReadDoc[] = new Array(files.length);
  let cursor = 0;
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, files.length)) }, async () => {
      while (cursor < files.length) {
        const i = cursor++;
        const file = files[i]!;
        const cached = cacheDir ? join(cacheDir, `${basename(file)}.json`) : null;
        if (cached && existsSync(cached)) {
          const pages = (JSON.parse(readFileSync(cached, 'utf8')) as Array<Omit<ReadPage, 'toUpright'>>).map((p) => ({ ...p, toUpright: (b: ReadPage['words'][number]['bbox']) => b }));
          onDoc(out[i] = { file, pages, ocrSeconds: 0 });
          continue;
        }
        const t = performance.now();
        try {
          const decoded = await decodePages(readFileSync(join(dir, file)), { name: file });
          const pages = await Promise.all(decoded.map((p, k) => pool.use((w) => readPage(p, k, w, () => {}, lines))));
          if (cached) writeFileSync(cached, JSON.stringify(pages.map(({ toUpright: _, image: _i, ...r }) => r)));
          out[i] = { file, pages, ocrSeconds: (performance.now() - t) / 1000 };
        } catch (e) {
          out[i] = { file, pages: [], ocrSeconds: (performance.now() - t) / 1000, error: e instanceof Error ? e.message : String(e) };
        }
        onDoc(out[i]!);
      }
    }));
  } finally {
    await pool.close();
  }
  return out;
}

/** The fields of read pages by each field reader, with the milliseconds each took. */
export function fieldsByMode(pages: ReadPage[], modes: readonly FieldsMode[], tagger: FieldTagger | null,
  confidence: ValueConfidence | null = ValueConfidence.committed(), chooser: Chooser = CHOOSER): Map<FieldsMode, { data: ExtractedData; ms: number }> {
  const out = new Map<FieldsMode, { data: ExtractedData; ms: number }>();
  const t = performance.now();
  const layout = readLayout(pages);
  const rules = extractFields(pages, layout);
  const rulesMs = performance.now() - t;
  for (const mode of modes) {
    if (mode === 'rules' || !tagger) { out.set(mode, { data: rules, ms: rulesMs }); continue; }
    const t1 = performance.now();
    // The rules run first in every mode: their sources are features of the tagger.
    const data = chooseFields(pages, structuredClone(rules), tagger, mode, { layout, confidence, chooser });
    out.set(mode, { data, ms: rulesMs + performance.now() - t1 });
  }
  return out;
}
