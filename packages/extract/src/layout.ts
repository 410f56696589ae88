import type { Word } from './types.ts';

/** A run of words on one printed line with no wide gap inside: usually one label, value or table cell. */
export interface Segment {
  text: string;
  words: Word[];
  bbox: [number, number, number, number];
  page: number;
  /** Typical letter height on the line, the unit for distances. */
  lineHeight: number;
  /** Left and right rulings of the grid cell the segment sits in, when the form is ruled. */
  cell?: [number, number];
}

/** Upper-case, accents removed, spaces collapsed: the form labels and values are compared in. */
export function normalizeText(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** Text without the dots or bullets OCR reads from specks at a word's edge ("ON ·REELS"): never a value's character. */
export function withoutSpecks(s: string): string {
  return s.replace(/(?<=^|\s)[·•]+|[·•]+(?=\s|$)/g, '');
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/** How many letters and digits a text holds (marks and spaces left out). */
export const alnumCount = (t: string): number => t.replace(/[^\p{L}\p{N}]/gu, '').length;
/** A word's letters and digits alone, in capitals: how two readings of one word are compared. */
const lettersOf = (t: string): string => t.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
/** A word of two or more letters or digits read fairly well (not a speck or a mark read as a letter). */
const solid = (w: Word): boolean => w.confidence >= 0.5 && alnumCount(w.text) >= 2;

/** A line's letter height: specks read as marks are a few pixels tall, so its solid words set it. */
const letterHeight = (ws: Word[]): number => median((ws.some(solid) ? ws.filter(solid) : ws).map((w) => w.bbox[3] - w.bbox[1])) || 10;

/**
 * The printed rows of one engine line. A second reading of weak lines may give two stacked rows one line identity
 * ("2612 BOUL. INDUSTREL" over "QUEBEC, QC G2E 9K7"); read in order across, their words would interleave. Words are
 * chained left to right, each to the row whose last word is level with it and ends before it; the line is parted
 * only when words of two rows stand one over the other, and only rows of two or more solid words stand alone.
 */
function printedRows(ws: Word[]): Word[][] {
  if (ws.length < 4) return [ws];
  const h = letterHeight(ws);
  const mid = (w: Word): number => (w.bbox[1] + w.bbox[3]) / 2;
  const rows: Word[][] = [];
  for (const w of [...ws].sort((a, b) => a.bbox[0] - b.bbox[0])) {
    let best: Word[] | undefined, nearest = 0.6 * h;
    for (const r of rows) {
      const last = r[r.length - 1]!;
      const d = Math.abs(mid(last) - mid(w));
      if (last.bbox[2] <= w.bbox[0] + 0.2 * h && d < nearest) { best = r; nearest = d; }
    }
    if (best) best.push(w); else rows.push([w]);
  }
  const over = (a: Word, b: Word): boolean => xOverlap(a.bbox, b.bbox) > 0.3 * Math.min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0])
    && (a.bbox[3] <= b.bbox[1] || b.bbox[3] <= a.bbox[1]);
  const stacked = rows.some((a, i) => rows.slice(i + 1).some((b) => a.some((x) => solid(x) && b.some((y) => solid(y) && over(x, y)))));
  const big = rows.filter((r) => r.filter(solid).length >= 2);
  if (!stacked || big.length < 2) return [ws];
  // Words of rows too small to stand alone (a speck, a mark) go with the level row nearest.
  const at = (r: Word[]): number => median(r.map(mid));
  for (const r of rows) if (!big.includes(r)) big.reduce((a, b) => (Math.abs(at(b) - at(r)) < Math.abs(at(a) - at(r)) ? b : a)).push(...r);
  return big;
}

/** A vertical ruling of a page (a cell or box border), in the words' coordinates. */
export interface PageRule { page: number; x: number; y0: number; y1: number }

/**
 * Joins words into printed lines (by engine line and vertical overlap), then splits lines at wide gaps and at the
 * page's vertical rulings (the engine joins the values of neighbouring cells across their border now and then).
 */
export function buildSegments(words: Word[], rules: PageRule[] = []): Segment[] {
  const usable = mergeInterleavedLines(dropRepeatsInLine(joinOverlappingReadings(words.filter((w) => w.text.trim() && !/^[|[\]{}_—–-]+$/.test(w.text.trim())))))
    .flatMap(splitGluedValue).flatMap((w) => dropRuledBar(w, rules));
  const byLine = new Map<string, Word[]>();
  for (const w of usable) {
    const k = `${w.page}:${w.line}`;
    (byLine.get(k) ?? byLine.set(k, []).get(k)!).push(w);
  }
  const segments: Segment[] = [];
  // Each row of an engine line keeps the whole line's letter height.
  for (const [lineWords, h] of [...byLine.values()].flatMap((ws) => { const h = letterHeight(ws); return printedRows(ws).map((row) => [row, h] as const); })) {
    lineWords.sort((a, b) => a.bbox[0] - b.bbox[0]);
    // Engines sometimes put two vertically offset rows on one line; split those too.
    let cur: Word[] = [];
    const flush = (): void => {
      if (!cur.length) return;
      segments.push({ text: cur.map((w) => w.text).join(' '), words: cur, bbox: boxAround(cur), page: cur[0]!.page, lineHeight: h });
      cur = [];
    };
    for (const w of lineWords) {
      // A speck a fraction of a letter tall read as "2" or ":" joins nothing.
      if (w.bbox[3] - w.bbox[1] < 0.35 * h && alnumCount(w.text) <= 2 && w.confidence < 0.5) continue;
      // Nor does a dot of a mark no label or value uses ("…" for a speck after NAME), however surely read.
      if (w.bbox[3] - w.bbox[1] < 0.35 * h && w.bbox[2] - w.bbox[0] < 0.35 * h && /^[^\p{L}\p{N}.,:;#/&()-]+$/u.test(w.text)) continue;
      // Nor does a short word read weakly inside a surely read word's box (a label printed under a handwritten value).
      if (alnumCount(w.text) <= 3 && w.confidence < 0.5 && lineWords.some((o) => o !== w && o.confidence >= 0.8 && alnumCount(o.text) > alnumCount(w.text)
        && o.bbox[3] - o.bbox[1] >= 1.5 * (w.bbox[3] - w.bbox[1]) && xOverlap(o.bbox, w.bbox) >= 0.8 * (w.bbox[2] - w.bbox[0]))) continue;
      // Nor does a letter or two well under half a word's height lying wholly within that word's box, however surely
      // read: a piece of the word's own ink (the descender of "Description" read as "p").
      if (alnumCount(w.text) <= 2 && lineWords.some((o) => o !== w && alnumCount(o.text) >= 4 && o.bbox[3] - o.bbox[1] >= 2.5 * (w.bbox[3] - w.bbox[1])
        && w.bbox[0] >= o.bbox[0] && w.bbox[2] <= o.bbox[2] && w.bbox[1] >= o.bbox[1] && w.bbox[3] <= o.bbox[3])) continue;
      const prev = cur[cur.length - 1];
      if (prev) {
        const gap = w.bbox[0] - prev.bbox[2];
        const yOverlap = Math.min(prev.bbox[3], w.bbox[3]) - Math.max(prev.bbox[1], w.bbox[1]);
        // A gap wider than about two letter heights separates columns; ordinary word spaces are far smaller.
        if (gap > 1.9 * h || yOverlap < -0.2 * h || ruledBetween(prev, w, rules, h)) flush();
      }
      cur.push(w);
    }
    flush();
  }
  segments.sort((a, b) => a.page - b.page || a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  // The engine sometimes cuts one printed word run into two lines ("2" + "27067-31"): join runs that touch on a row.
  for (let i = 0; i < segments.length; i++) {
    const a = segments[i]!;
    for (let j = i + 1; j < segments.length; j++) {
      const b = segments[j]!;
      if (b.page !== a.page || b.bbox[1] > a.bbox[3]) break;
      const h = Math.min(a.lineHeight, b.lineHeight);
      const [l, r] = a.bbox[0] <= b.bbox[0] ? [a, b] : [b, a];
      const gap = r.bbox[0] - l.bbox[2];
      if (gap > 0.6 * h || gap < -0.2 * h || !sameRow(a, b) || ruledBetween(l.words[l.words.length - 1]!, r.words[0]!, rules, h)) continue;
      let words = [...l.words, ...r.words];
      // Hardly any gap at all: one printed word cut in two ("2" + "27067-31" is 227067-31), not two words.
      const lw = l.words[l.words.length - 1]!, rw = r.words[0]!;
      // A weakly read word beside a clearly read one is a speck or a mark of the form, not the number's first piece.
      if (gap < 0.15 * h && /[\p{L}\p{N}]$/u.test(lw.text) && /^[\p{L}\p{N}]/u.test(rw.text) && Math.min(lw.confidence, rw.confidence) >= 0.5) {
        const joined: Word = { ...lw, text: lw.text + rw.text, confidence: Math.min(lw.confidence, rw.confidence),
          bbox: [lw.bbox[0], Math.min(lw.bbox[1], rw.bbox[1]), rw.bbox[2], Math.max(lw.bbox[3], rw.bbox[3])] };
        words = [...l.words.slice(0, -1), joined, ...r.words.slice(1)];
      }
      segments[i] = {
        text: words.map((w) => w.text).join(' '), words, page: a.page, lineHeight: Math.max(a.lineHeight, b.lineHeight),
        bbox: [Math.min(a.bbox[0], b.bbox[0]), Math.min(a.bbox[1], b.bbox[1]), Math.max(a.bbox[2], b.bbox[2]), Math.max(a.bbox[3], b.bbox[3])],
      };
      segments.splice(j, 1);
      i--;
      break;
    }
  }
  const columned = splitAtColumns(segments);
  if (rules.length) for (const sg of columned) sg.cell = cellOf(sg, rules);
  return columned;
}

/**
 * A line run across two columns with a gap only somewhat wider than a space ("TIDEWATER CABINETRY COMPANY   SILVERLINE
 * COATINGS INC" over rows the engine did split): it is cut where two lines above or below it start, the other column's
 * left edge.
 */
function splitAtColumns(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const sg of segments) {
    const h = sg.lineHeight;
    const cut = sg.words.findIndex((w, k) => k > 0 && w.bbox[0] - sg.words[k - 1]!.bbox[2] > 1.0 * h
      && segments.filter((o) => o !== sg && o.page === sg.page && Math.abs(o.bbox[0] - w.bbox[0]) < 0.5 * h && Math.abs(o.bbox[1] - sg.bbox[1]) < 4 * h && !sameRow(o, sg)).length >= 2);
    if (cut < 0) { out.push(sg); continue; }
    for (const ws of [sg.words.slice(0, cut), sg.words.slice(cut)]) out.push(partOf(sg, ws));
  }
  return out;
}

/**
 * A cell border read as a character of the word it touches: "1143" for 143 with a ruling through its first
 * character, "91PCS" for 9 | PCS (a count and the next cell's unit). The border's character goes and the word is cut
 * there, its confidence lowered for the repair; a border read as nothing between digits and letters cuts them too.
 */
export function dropRuledBar(w: Word, rules: PageRule[]): Word[] {
  const cw = (w.bbox[2] - w.bbox[0]) / w.text.length;
  const mid = (w.bbox[1] + w.bbox[3]) / 2;
  const crossing = rules.filter((r) => r.page === w.page && r.y0 <= mid && r.y1 >= mid && r.x >= w.bbox[0] - 2 && r.x < w.bbox[2] - 0.5 * cw);
  for (const r of crossing) {
    if (r.x <= w.bbox[0] + 0.8 * cw) {
      if (!/^[1|lI]\d/.test(w.text)) continue;
      return [{ ...splitWord(w, 1)[1], confidence: w.confidence * 0.9 }];
    }
    // Inside the word: the character under the ruling must be one a ruling reads as, with letters or digits either side.
    const at = Math.floor((r.x - w.bbox[0]) / cw);
    if (!/^[\p{L}\p{N}]+$/u.test(w.text.replace(/[|\]![]/g, ''))) continue;
    const bar = [at, at - 1, at + 1].find((i) => i > 0 && i < w.text.length - 1 && /[1|lI\]![]/.test(w.text[i]!));
    if (bar !== undefined) {
      const [left, rest] = splitWord(w, bar);
      return [{ ...left, confidence: w.confidence * 0.9 }, { ...splitWord(rest, 1)[1], confidence: w.confidence * 0.9 }];
    }
    // Or the border swallowed: digits on one side of it and letters on the other ("84PCS").
    const edge = [at, at + 1].find((i) => i > 0 && i < w.text.length && /\d/.test(w.text[i - 1]!) !== /\d/.test(w.text[i]!)
      && /^(\d+|\p{L}+)$/u.test(w.text.slice(0, i)) && /^(\d+|\p{L}+)$/u.test(w.text.slice(i)));
    if (edge !== undefined) return splitWord(w, edge).map((x) => ({ ...x, confidence: w.confidence * 0.9 }));
  }
  return [w];
}

/** A word cut after its first `at` characters into two, the box cut in proportion to their lengths. */
export function splitWord(w: Word, at: number): [Word, Word] {
  const cut = Math.round(w.bbox[0] + ((w.bbox[2] - w.bbox[0]) * at) / w.text.length);
  return [{ ...w, text: w.text.slice(0, at), bbox: [w.bbox[0], w.bbox[1], cut, w.bbox[3]] }, { ...w, text: w.text.slice(at), bbox: [cut, w.bbox[1], w.bbox[2], w.bbox[3]] }];
}

/**
 * A label and its number read as one word ("NO._126859-42", "SID#:1633381"): two words, the box cut in proportion to
 * their lengths. The label must end in a point, colon, # or underscore, so codes such as "PO-4411" stay whole.
 */
export function splitGluedValue(w: Word): Word[] {
  // After a number sign or a colon a code may begin with letters ("PO#JB75814", "P/O:AB1234"): a code holds a digit.
  const m = /^(\p{L}[\p{L}.'’]*[.:#_]+)(\d[\p{L}\p{N}/-]*)$/u.exec(w.text) ?? /^(\p{L}[\p{L}.'’/]*[:#]+)(\p{L}{1,3}[\p{L}\p{N}-]*\d[\p{L}\p{N}/-]*)$/u.exec(w.text);
  if (!m) return [w];
  const [label, value] = splitWord(w, m[1]!.length);
  return [{ ...label, text: label.text.replace(/_+$/, '') }, value];
}

/** Two boxes over the same stretch of a row: each spans more than half the narrower's width and height of the other. */
const sameSpot = (o: Word, w: Word): boolean =>
  xOverlap(o.bbox, w.bbox) > 0.5 * Math.min(o.bbox[2] - o.bbox[0], w.bbox[2] - w.bbox[0])
  && Math.min(o.bbox[3], w.bbox[3]) - Math.max(o.bbox[1], w.bbox[1]) > 0.5 * Math.min(o.bbox[3] - o.bbox[1], w.bbox[3] - w.bbox[1]);

/**
 * Two words of one engine line over the same spot with the same letters ("TX" read twice): the engine read the spot
 * twice; the surer stays (ties: the first). Other words may overlap: a box drawn too wide takes in its neighbour
 * ("SASKATOON," over "SK", "Nombre" over "Razón").
 */
function dropRepeatsInLine(words: Word[]): Word[] {
  const gone = new Set<number>();
  words.forEach((w, i) => {
    if (alnumCount(w.text) < 2) return;
    words.forEach((o, j) => {
      if (j <= i || gone.has(i) || gone.has(j) || o.page !== w.page || o.line !== w.line || alnumCount(o.text) < 2 || !sameSpot(o, w)) return;
      if (lettersOf(w.text) === lettersOf(o.text)) gone.add(w.confidence >= o.confidence ? j : i);
    });
  });
  return gone.size ? words.filter((_, i) => !gone.has(i)) : words;
}

/** A word's letters and digits in capitals, as two readings of one stretch of ink are compared. */
const inked = (w: Word): string => w.text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether two words stand on one line: their middles less than half the taller one's height apart. */
const oneLine = (a: Word, b: Word): boolean => Math.abs(midY(a.bbox) - midY(b.bbox)) < 0.5 * Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);

/**
 * The words of a run with each stretch of ink read once. A weak line read again can lay its words over the page
 * pass's own, and one stretch of print can come back as two words whose boxes mostly overlap ("VINY" over "VINYL",
 * "C" over "CERAMICS", "WHITEWATE" and "ATER"). Where two neighbours on one line overlap by half the narrower one and
 * their texts overlap too (one holds the other, or one ends as the other begins), they are one word: the longer text,
 * or the two joined at their common letters. Overlapping words whose texts share nothing are left as read.
 * `readingsOf` gives the words a merged one stands for.
 */
export function oneReading(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const merged = prev ? overlapped(prev, w) : null;
    if (!merged) { out.push(w); continue; }
    READINGS.set(merged, [...readingsOf(prev!), ...readingsOf(w)]);
    out[out.length - 1] = merged;
  }
  return out;
}

const READINGS = new WeakMap<Word, Word[]>();

/**
 * The words of a value with a comma between two words read as one ("GREENVILLE,SC"): a comma is followed by a space in
 * print, so the letters after it are a word of their own. Digits about a comma are one number ("41,841").
 */
export function apartAtCommas(words: Word[]): Word[] {
  return apartAt(words, /^(\p{L}{2,},)(\p{L}{2,}\.?)$/u);
}

/** The words of a value, each word `pattern` matches cut in two at its first group's end (kept as its readings). */
export function apartAt(words: Word[], pattern: RegExp, when: (second: string) => boolean = () => true): Word[] {
  return words.flatMap((w) => {
    const m = pattern.exec(w.text);
    if (!m || !when(m[2]!)) return [w];
    const cut = Math.round(w.bbox[0] + (w.bbox[2] - w.bbox[0]) * m[1]!.length / w.text.length);
    const parts: Word[] = [{ ...w, text: m[1]!, bbox: [w.bbox[0], w.bbox[1], cut, w.bbox[3]] }, { ...w, text: m[2]!, bbox: [cut, w.bbox[1], w.bbox[2], w.bbox[3]] }];
    for (const p of parts) READINGS.set(p, readingsOf(w));
    return parts;
  });
}

/** The page's own words a word of `oneReading` or `apartAtCommas` stands for: itself, the readings merged into it, or the word it was cut from. */
export const readingsOf = (w: Word): Word[] => READINGS.get(w) ?? [w];

function overlapped(a: Word, b: Word): Word | null {
  if (a.page !== b.page || !oneLine(a, b)) return null;
  const over = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);
  if (over < 0.5 * Math.min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0])) return null;
  const ta = inked(a), tb = inked(b);
  if (!ta || !tb) return null;
  const bbox = boxAround([a, b]);
  if (ta.includes(tb)) return { ...a, bbox };
  if (tb.includes(ta)) return { ...b, bbox };
  // One reading ends as the other begins: the word is both, joined at the letters they share (at least two).
  if (!/^[\p{L}\p{N}]+$/u.test(a.text) || !/^[\p{L}\p{N}]+$/u.test(b.text)) return null;
  for (let k = Math.min(ta.length, tb.length) - 1; k >= 2; k--) {
    if (ta.endsWith(tb.slice(0, k))) return { ...a, text: a.text + b.text.slice(k), bbox, confidence: Math.min(a.confidence, b.confidence) };
  }
  return null;
}

/**
 * Two lines that read the same words twice: two or more words of one lie over words of the other (one of each pair
 * a solid word), and two solid words at least read at the same height (tall handwritten boxes overlap the next row).
 */
const reread = (a: Word[], b: Word[]): boolean => {
  const level = (o: Word, w: Word): boolean => solid(o) && solid(w) && Math.abs(midY(o.bbox) - midY(w.bbox)) < 0.3 * Math.min(o.bbox[3] - o.bbox[1], w.bbox[3] - w.bbox[1]);
  const pairs = b.flatMap((w) => a.filter((o) => (solid(o) || solid(w)) && sameSpot(o, w)).map((o) => [o, w] as const));
  return new Set(pairs.map(([, w]) => w)).size >= 2 && pairs.some(([o, w]) => level(o, w));
};

/**
 * The engine now and then reads one printed row as two lines whose words interleave ("EDISON, Nj 088" and "N, N 17"
 * for EDISON, NJ 08817; "Cedar Rapids 5240" and "apids, IA 4"): such lines become one, and of two words read over the
 * same spot the less confident goes.
 */
export function mergeInterleavedLines(words: Word[]): Word[] {
  const lines = new Map<string, Word[]>();
  for (const w of words) { const k = `${w.page}:${w.line}`; (lines.get(k) ?? lines.set(k, []).get(k)!).push(w); }
  // Per line: its letter height and the height its typical words sit at, both from its words (specks read as marks
  // are a few pixels tall, and a tall speck must not join a line to its neighbour).
  const info = [...lines.entries()].map(([k, ws]) => ({
    k, ws, h: median((ws.some(solid) ? ws.filter(solid) : ws).map((w) => w.bbox[3] - w.bbox[1])), mid: median(ws.filter(solid).map((w) => (w.bbox[1] + w.bbox[3]) / 2)),
  }));
  const rename = new Map<string, string>();
  const root = (k: string): string => { while (rename.has(k)) k = rename.get(k)!; return k; };
  for (let i = 0; i < info.length; i++) {
    for (let j = i + 1; j < info.length; j++) {
      const a = info[i]!, b = info[j]!;
      if (a.ws[0]!.page !== b.ws[0]!.page) continue;
      const h = Math.min(a.h, b.h), midA = a.mid, midB = b.mid;
      // Interleaved: a word of one line stands between two words of the other, on the same row.
      // Specks and marks read as letters do not count: only words of two or more letters or digits read fairly well.
      const between = (x: Word[], y: Word[]): boolean => y.some((w) => solid(w) && x.some((l) => solid(l) && l.bbox[2] <= w.bbox[0] + 0.2 * h) && x.some((r) => solid(r) && r.bbox[0] >= w.bbox[2] - 0.2 * h)
        && Math.min(...x.map((o) => Math.abs((o.bbox[1] + o.bbox[3]) / 2 - (w.bbox[1] + w.bbox[3]) / 2))) < 0.5 * h);
      // Two readings of the same words are one row whatever else the engine put on either line (a label of the
      // next row across the form).
      const interleaved = !!midA && !!midB && Math.abs(midA - midB) <= 0.4 * h && (between(a.ws, b.ws) || between(b.ws, a.ws));
      if (!interleaved && !reread(a.ws, b.ws) && !reread(b.ws, a.ws)) continue;
      const ra = root(a.k), rb = root(b.k);
      if (ra !== rb) rename.set(rb, ra);
    }
  }
  if (!rename.size) return words;
  const merged = words.map((w) => { const k = root(`${w.page}:${w.line}`); return k === `${w.page}:${w.line}` ? w : { ...w, line: k.slice(k.indexOf(':') + 1) }; });
  const moved = new Set(merged.filter((w, i) => w !== words[i]).map((w) => `${w.page}:${w.line}`));
  // Two readings of one spot: one holding the other's letters and more wins (`ITA,` read over the end of `WICHITA,` is
  // a piece of it, however surely read); else the weaker goes; of two as sure, the shorter (it missed letters), else
  // the later.
  // Not a reading that glued two words the other line read apart ("PRONO." over "PRO" and "NO."): it lies over both.
  const holds = (o: Word, w: Word): boolean => lettersOf(w.text).length >= 2 && lettersOf(o.text).length > lettersOf(w.text).length && lettersOf(o.text).includes(lettersOf(w.text))
    && !merged.some((x) => x !== o && x !== w && x.page === o.page && x.line === w.line && sameSpot(o, x));
  const surer = (o: Word, w: Word, earlier: boolean): boolean => holds(o, w) || (!holds(w, o) && (o.confidence > w.confidence
    || (o.confidence === w.confidence && (alnumCount(o.text) > alnumCount(w.text) || (alnumCount(o.text) === alnumCount(w.text) && earlier)))));
  const kept = merged.map((w, i) => ({ w, from: words[i]!.line })).filter(({ w }, i) => !moved.has(`${w.page}:${w.line}`) || !merged.some((o, j) => j !== i && o.page === w.page && o.line === w.line
    && surer(o, w, j < i) && sameSpot(o, w)));
  return joinCutWords(kept, moved);
}

/**
 * Two readings of one run on different lines, each holding part of it ("12/16/2" of the second reading over "16/26" of
 * the page pass, for 12/16/26): where the left one's text ends with the right one's start over three or more letters
 * or digits, their boxes overlap by about that many characters' width and each reaches well past the other, they are
 * one word.
 */
export function joinOverlappingReadings(words: Word[]): Word[] {
  const out = [...words];
  const gone = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    for (let j = 0; j < out.length; j++) {
      const a = out[i]!, b = out[j]!;
      if (i === j || gone.has(i) || gone.has(j) || a.page !== b.page || a.line === b.line) continue;
      if (a.bbox[0] >= b.bbox[0] || a.bbox[2] >= b.bbox[2] || a.bbox[2] <= b.bbox[0] || a.confidence < 0.5 || b.confidence < 0.5) continue;
      if (Math.abs(midY(a.bbox) - midY(b.bbox)) > 0.5 * Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])) continue;
      // Marks at the join are read differently by the two ("PORT!" and "'ORTLAN"): compared without them.
      const at = a.text.replace(/[^\p{L}\p{N}]+$/u, ''), bt = b.text.replace(/^[^\p{L}\p{N}]+/u, '');
      const cw = (a.bbox[2] - a.bbox[0]) / a.text.length, px = a.bbox[2] - b.bbox[0];
      let k = Math.min(at.length, bt.length) - 1;
      // Numbers may share a single digit when the boxes overlap by just that ("72" and "2000" for 72000).
      const digits = /^\d+$/.test(at) && /^\d+$/.test(bt);
      const fits = (n: number): boolean => at.endsWith(bt.slice(0, n)) && (alnumCount(bt.slice(0, n)) >= 3 ? Math.abs(n * cw - px) <= 1.5 * cw : digits && Math.abs(n * cw - px) <= 0.5 * cw);
      while (k > 0 && !fits(k)) k--;
      // Each holds letters or digits of its own past the other's box: not one word read twice ("MONCTON", "NCTON,").
      if (k <= 0 || alnumCount(at.slice(0, -k)) < 1 || alnumCount(bt.slice(k)) < 1 || b.bbox[0] - a.bbox[0] < 0.8 * cw || b.bbox[2] - a.bbox[2] < 0.8 * cw) continue;
      out[i] = { ...a, text: at + bt.slice(k), confidence: Math.min(a.confidence, b.confidence), bbox: boxAround([a, b]) };
      gone.add(j);
    }
  }
  return gone.size ? out.filter((_, i) => !gone.has(i)) : words;
}

/** Two readings' words side by side on a merged line, touching (closer than a space), the left one's index first. */
function touchingPairs(kept: { w: Word; from: string }[], moved: Set<string>, gap: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  kept.forEach((b, i) => {
    if (!moved.has(`${b.w.page}:${b.w.line}`)) return;
    const h = b.w.bbox[3] - b.w.bbox[1];
    kept.forEach((o, j) => {
      if (j !== i && o.w.page === b.w.page && o.w.line === b.w.line && o.from !== b.from && o.w.bbox[0] < b.w.bbox[0]
        && Math.abs(o.w.bbox[2] - b.w.bbox[0]) <= gap * h && Math.abs(midY(o.w.bbox) - midY(b.w.bbox)) < 0.5 * h) out.push([j, i]);
    });
  });
  return out;
}

/**
 * A word both readings read, with boxes cut differently so that they do not overlap ("MEX" of one and "MEX" of the
 * other, each half as wide as the word; "8" of one and "83000" of the other, touching): one word over both boxes.
 */
function dropRepeatedPieces(kept: { w: Word; from: string }[], moved: Set<string>): { w: Word; from: string }[] {
  const gone = new Set<number>();
  const out = [...kept];
  for (const [a, b] of touchingPairs(kept, moved, 0.3)) {
    const l = kept[a]!.w, r = kept[b]!.w, lt = lettersOf(l.text), rt = lettersOf(r.text);
    if (!lt || gone.has(a) || gone.has(b)) continue;
    // The word spans both boxes (each reading cut it short).
    if (lt === rt || rt.startsWith(lt)) {
      gone.add(a);
      out[b] = { ...kept[b]!, w: { ...r, bbox: boxAround([l, r]) } };
    }
  }
  return out.filter((_, i) => !gone.has(i));
}

/**
 * One word cut in two by the two readings ("Vi" of one and "ancouver," of the other, "MO" and "NTREAL,", touching):
 * a piece starting with three letters right where a piece of the other reading ends goes on that word.
 */
function joinCutWords(all: { w: Word; from: string }[], moved: Set<string>): Word[] {
  const kept = dropRepeatedPieces(all, moved);
  const out = kept.map(({ w }) => w);
  const gone = new Set<number>();
  for (const [a, i] of touchingPairs(kept, moved, 0.15)) {
    const b = kept[i]!;
    if (gone.has(i) || gone.has(a) || !/^\p{L}{3}/u.test(b.w.text) || !/\p{L}$/u.test(kept[a]!.w.text)) continue;
    const o = out[a]!;
    out[a] = { ...o, text: o.text + b.w.text, confidence: Math.min(o.confidence, b.w.confidence), bbox: boxAround([o, b.w]) };
    gone.add(i);
  }
  return out.filter((_, i) => !gone.has(i));
}

/** The vertical rulings left and right of a segment that both reach its line: the grid cell it is in. */
function cellOf(sg: Segment, rules: PageRule[]): [number, number] | undefined {
  const y = (sg.bbox[1] + sg.bbox[3]) / 2, h = sg.lineHeight;
  let left = -Infinity, right = Infinity;
  for (const r of rules) {
    if (r.page !== sg.page || r.y0 > y || r.y1 < y) continue;
    if (r.x <= sg.bbox[0] + 0.3 * h) left = Math.max(left, r.x);
    else if (r.x >= sg.bbox[2] - 0.3 * h) right = Math.min(right, r.x);
  }
  return Number.isFinite(left) && Number.isFinite(right) ? [left, right] : undefined;
}

/** True when a vertical ruling runs between two neighbouring words of a line (through the gap, or the border glyph). */
function ruledBetween(a: Word, b: Word, rules: PageRule[], h: number): boolean {
  const y = (Math.max(a.bbox[1], b.bbox[1]) + Math.min(a.bbox[3], b.bbox[3])) / 2;
  return rules.some((r) => r.page === a.page && r.y0 <= y && r.y1 >= y && r.x >= a.bbox[2] - 0.3 * h && r.x <= b.bbox[0] + 0.3 * h);
}

/** Some of a segment's words as a segment of their own, on its line. */
export function partOf(sg: Segment, words: Word[]): Segment {
  return { ...sg, words, text: words.map((w) => w.text).join(' '), bbox: boxAround(words) };
}

/** The box around some boxed items (words, engine words). */
export function boxAround(items: ReadonlyArray<{ bbox: [number, number, number, number] }>): [number, number, number, number] {
  return [Math.min(...items.map((w) => w.bbox[0])), Math.min(...items.map((w) => w.bbox[1])), Math.max(...items.map((w) => w.bbox[2])), Math.max(...items.map((w) => w.bbox[3]))];
}

/** Vertical centre of a box. */
export const midY = (b: [number, number, number, number]): number => (b[1] + b[3]) / 2;

/** Horizontal overlap of two boxes in pixels (negative when apart). */
export const xOverlap = (a: [number, number, number, number], b: [number, number, number, number]): number =>
  Math.min(a[2], b[2]) - Math.max(a[0], b[0]);

/** True when two segments sit on the same printed row. */
export function sameRow(a: Segment, b: Segment): boolean {
  if (a.page !== b.page) return false;
  const ov = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  return ov > 0.4 * Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]);
}
