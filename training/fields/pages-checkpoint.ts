/**
 * Keeps the field tagger's built training pages in the repository, so a build that spans sessions (and machines that
 * lose their data folder) resumes instead of starting again: building every page costs some 4.5 CPU-hours.
 *
 *   save [DATA]     appends the pages built since the last save (new pages, and pages built again because the
 *                   generator now composes them otherwise) as a new gzipped part; parts are never rewritten, so each
 *                   built page enters git history once
 *   restore [DATA]  writes each file back from its parts where DATA lacks it or holds fewer pages: a page saved twice
 *                   is taken from its later part, and the pages come in the order the build wrote them
 *
 * DATA defaults to $FIELDS_DATA, then training/data/fields. Parts: training/checkpoints/fields-pages/FILE.from-N.jsonl.gz
 * (N: the first row's number among all the file's saved rows); PAGES_CKPT=DIR keeps them elsewhere.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '../..');
const ckpt = resolve(root, process.env.PAGES_CKPT ?? 'training/checkpoints/fields-pages');
const [cmd, dataArg] = process.argv.slice(2);
const data = resolve(root, dataArg ?? process.env.FIELDS_DATA ?? 'training/data/fields');

/** A stored row's identity: its page and the fingerprint of the page the generator composed. */
const keyOf = (line: string): { id: string; key: string } => {
  const row = JSON.parse(line) as { id: string; composed?: string };
  return { id: row.id, key: `${row.id} ${row.composed ?? ''}` };
};

/** The parts of one file, in the order they were saved. */
function parts(base: string): string[] {
  if (!existsSync(ckpt)) return [];
  const re = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.from-(\\d+)\\.jsonl\\.gz$`);
  return readdirSync(ckpt).flatMap((f) => { const m = re.exec(f); return m ? [{ f, n: Number(m[1]) }] : []; })
    .sort((a, b) => a.n - b.n).map((p) => join(ckpt, p.f));
}

const savedLines = (base: string): string[] => parts(base).flatMap((p) => gunzipSync(readFileSync(p)).toString('utf8').split('\n').filter(Boolean));

/** Each page's latest saved row, in the order a build leaves them: a page built again stands where it was appended. */
function latest(lines: string[]): string[] {
  const last = new Map<string, number>();
  lines.forEach((l, i) => last.set(keyOf(l).id, i));
  return lines.filter((l, i) => last.get(keyOf(l).id) === i);
}

/** The whole lines of a file (a build may be appending to it right now). */
const wholeLines = (file: string): string[] => {
  const text = readFileSync(file, 'utf8');
  return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter(Boolean);
};

if (cmd === 'save') {
  mkdirSync(ckpt, { recursive: true });
  for (const f of readdirSync(data).filter((x) => x.endsWith('.jsonl')).sort()) {
    const base = basename(f, '.jsonl');
    const saved = savedLines(base);
    const have = new Set(latest(saved).map((l) => keyOf(l).key));
    const fresh = wholeLines(join(data, f)).filter((l) => !have.has(keyOf(l).key));
    if (fresh.length === 0) { console.log(`${base}: ${have.size} pages, nothing new`); continue; }
    writeFileSync(join(ckpt, `${base}.from-${saved.length + 1}.jsonl.gz`), gzipSync(`${fresh.join('\n')}\n`, { level: 9 }));
    console.log(`${base}: ${fresh.length} pages saved (rows ${saved.length + 1}-${saved.length + fresh.length})`);
  }
} else if (cmd === 'restore') {
  mkdirSync(data, { recursive: true });
  const bases = existsSync(ckpt) ? [...new Set(readdirSync(ckpt).flatMap((f) => /^(.*)\.from-1\.jsonl\.gz$/.exec(f)?.[1] ?? []))].sort() : [];
  if (bases.length === 0) console.log(`no saved pages in ${ckpt}`);
  for (const base of bases) {
    const rows = latest(savedLines(base));
    const file = join(data, `${base}.jsonl`);
    const there = existsSync(file) ? wholeLines(file).length : 0;
    if (there >= rows.length) { console.log(`${base}: ${there} pages there, kept`); continue; }
    writeFileSync(file, `${rows.join('\n')}\n`);
    console.log(`${base}: ${rows.length} pages restored`);
  }
} else {
  process.stderr.write('usage: tsx training/fields/pages-checkpoint.ts save|restore [DATA]\n');
  process.exit(2);
}
