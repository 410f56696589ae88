import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Extractor } from '@ladingwise/extract';
import { cpuSeconds } from './cpu.ts';

/** The outcome of reading one set of documents. */
export interface SetRun {
  /** Seconds per page, one entry per page read (document time divided by its pages). */
  secondsPerPage: number[];
  /**
   * CPU-seconds per page, one entry per page read (the document's CPU divided by its pages); only when documents are
   * read one at a time (with several in flight the process's CPU is theirs together), else empty.
   */
  cpuPerPage: number[];
  /** Wall-clock seconds for the whole set. */
  seconds: number;
  failed: number;
}

/**
 * Reads every file of `files` (names inside `dir`) with `extractor`, `parallel` at a time, and writes
 * one NDJSON row per file, in input order, to `predsPath`.
 */
export async function runSet(extractor: Extractor, dir: string, files: readonly string[], parallel: number, predsPath: string,
  onDoc?: (file: string, seconds: number, error?: string, cpu?: number) => void): Promise<SetRun> {
  const rows: string[] = new Array(files.length);
  const secondsPerPage: number[] = [];
  const cpuPerPage: number[] = [];
  const alone = Math.min(parallel, files.length) <= 1;
  let failed = 0;
  let cursor = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, files.length)) }, async () => {
    while (cursor < files.length) {
      const i = cursor++;
      const file = files[i]!;
      const t = performance.now();
      const c = cpuSeconds();
      try {
        const bytes = await readFile(join(dir, file));
        const r = await extractor.extract([{ name: file, bytes }]);
        const s = (performance.now() - t) / 1000;
        const cpu = cpuSeconds() - c;
        for (let p = 0; p < Math.max(1, r.pages.length); p++) {
          secondsPerPage.push(s / Math.max(1, r.pages.length));
          if (alone) cpuPerPage.push(cpu / Math.max(1, r.pages.length));
        }
        rows[i] = JSON.stringify({ file, extractedData: r.extractedData });
        onDoc?.(file, s, undefined, cpu);
      } catch (e) {
        failed++;
        const message = e instanceof Error ? e.message : String(e);
        rows[i] = JSON.stringify({ file, error: message });
        onDoc?.(file, (performance.now() - t) / 1000, message);
      }
    }
  }));
  await writeFile(predsPath, `${rows.join('\n')}\n`);
  return { secondsPerPage, cpuPerPage, seconds: (performance.now() - t0) / 1000, failed };
}
