import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createExtractor } from './extractor.ts';
import { isExtractError } from './errors.ts';
import { OCR_LANGUAGES, parseLanguages } from './ocr/languages.ts';
import type { ExtractorOptions } from './types.ts';

/** Where the CLI writes. */
export interface CliIo { stdout: { write(s: string): unknown }; stderr: { write(s: string): unknown } }

const USAGE = `usage: ladingwise extract FILES... [--format ndjson|json] [--workers N] [--engine auto|native|tesseract.js] [--languages eng,spa,fra] [--no-line-reader] [--fields rules|learned|combined]
Reads each image file as its own bill of lading and prints one line per file:
  {"file": "<name>", "extractedData": {...}}   or   {"file": "<name>", "error": "..."}
`;

/** Runs `ladingwise extract`; resolves to the exit code (0 all read, 1 some files failed, 2 usage error). */
export async function runExtractCli(argv: string[], io: CliIo): Promise<number> {
  const args = argv[0] === 'extract' ? argv.slice(1) : [...argv];
  const files: string[] = [];
  let format: 'ndjson' | 'json' = 'ndjson';
  const opts: ExtractorOptions = { workers: 1 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => args[++i];
    if (a === '--help' || a === '-h') { io.stdout.write(USAGE); return 0; }
    else if (a === '--format') {
      const f = value();
      if (f !== 'ndjson' && f !== 'json') { io.stderr.write(`--format must be ndjson or json\n${USAGE}`); return 2; }
      format = f;
    } else if (a === '--workers') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 64) { io.stderr.write(`--workers must be a whole number from 1 to 64\n${USAGE}`); return 2; }
      opts.workers = n;
    } else if (a === '--engine') {
      const e = value();
      if (e !== 'auto' && e !== 'tesseract.js' && e !== 'native') { io.stderr.write(`--engine must be auto, native or tesseract.js\n${USAGE}`); return 2; }
      opts.engine = e;
    } else if (a === '--languages') {
      const langs = parseLanguages(value() ?? '');
      if (!langs) { io.stderr.write(`--languages takes a list of ${OCR_LANGUAGES.join(', ')}\n${USAGE}`); return 2; }
      opts.languages = langs;
    } else if (a === '--fields') {
      const f = value();
      if (f !== 'rules' && f !== 'learned' && f !== 'combined') { io.stderr.write(`--fields must be rules, learned or combined\n${USAGE}`); return 2; }
      opts.fields = f;
    } else if (a === '--no-line-reader') opts.lineReader = false;
    else if (a.startsWith('--')) { io.stderr.write(`unknown option ${a}\n${USAGE}`); return 2; }
    else files.push(a);
  }
  if (!files.length) { io.stderr.write(USAGE); return 2; }

  let extractor;
  try {
    extractor = await createExtractor(opts);
  } catch (e) {
    io.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const results: Array<string | undefined> = new Array(files.length);
  const rows: unknown[] = new Array(files.length);
  let next = 0;
  let failed = 0;
  // Print in input order as soon as each file's turn comes.
  const flush = (): void => {
    while (next < files.length && results[next] !== undefined) {
      if (format === 'ndjson') io.stdout.write(`${results[next]}\n`);
      next++;
    }
  };
  // Bound the files in flight so decoded pages of a long list do not pile up in memory.
  const limit = Math.max(2, (opts.workers ?? 1) * 2);
  let cursor = 0;
  const runOne = async (file: string, i: number): Promise<void> => {
      const name = basename(file);
      let row: Record<string, unknown>;
      try {
        const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
          throw new Error(e.code === 'ENOENT' ? `${name} does not exist.` : `${name} cannot be read (${e.code ?? e.message}).`);
        });
        const r = await extractor.extract([{ name, bytes }]);
        row = { file: name, extractedData: r.extractedData };
      } catch (e) {
        failed++;
        row = { file: name, error: isExtractError(e) || e instanceof Error ? e.message : String(e) };
      }
      rows[i] = row;
      results[i] = JSON.stringify(row);
      flush();
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, files.length) }, async () => {
      while (cursor < files.length) {
        const i = cursor++;
        await runOne(files[i]!, i);
      }
    }));
  } finally {
    await extractor.close();
  }
  if (format === 'json') io.stdout.write(`${JSON.stringify(rows, null, 1)}\n`);
  return failed ? 1 : 0;
}
