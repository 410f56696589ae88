// Prints a stored dataset page as text lines (top to bottom), each word tagged with its truth field, to study where
// the readers go wrong on TRAINED families' pages. usage: npx tsx bench/tools/show-page.ts ID FILES...
import { readTruthPages } from '../lib/field-pages.ts';

const [id, ...files] = process.argv.slice(2);
for (const file of files) for await (const p of readTruthPages(file)) {
  if (p.id !== id) continue;
  process.stdout.write(`${p.id} ${p.family} ${p.lang} ${p.profile} ${p.writing} ${p.width}x${p.height}\n`);
  const lines = new Map<string, typeof p.words>();
  for (const w of p.words) lines.set(String(w.line), [...(lines.get(String(w.line)) ?? []), w]);
  const sorted = [...lines.values()].sort((a, b) => a[0]!.box[1] - b[0]!.box[1] || a[0]!.box[0] - b[0]!.box[0]);
  for (const ws of sorted) {
    const tag = (w: typeof ws[number]): string => (w.role === 'value' ? `{${w.field}}` : w.role === 'label' ? `<${w.field ?? ''}>` : '');
    process.stdout.write(`${String(ws[0]!.box[1]).padStart(5)} ${String(ws[0]!.box[0]).padStart(5)}  ${ws.map((w) => w.text + tag(w)).join(' ')}\n`);
  }
  process.exit(0);
}
