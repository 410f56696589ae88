import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from '@ladingwise/extract';
import { degrade, type Profile } from '../synthetic/degrade.ts';
import { Rng } from '../synthetic/random.ts';
import { PageRenderer } from '../synthetic/render.ts';
import { FAMILIES, HELDOUT_FAMILIES } from './families.ts';
import { EVAL_HAND_FONTS } from './fonts.ts';
import { composePlanned, drawLayoutPage, mapBox, planLayoutSet, type PlannedPage } from './plan.ts';

const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((c, k) => (c && typeof c === 'object' ? (c as Record<string, unknown>)[k.charAt(0).toLowerCase() + k.slice(1)] : undefined), o);

const norm = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();

/** Whether a printed value spells the truth value of its field. */
function spells(field: string, printed: string, planned: PlannedPage): boolean {
  const t = planned.row.truth;
  if (field === 'Dates.Pickup' || field === 'Dates.Delivery') {
    const want = get(t, field) as string;
    return [parseDate(printed, 'MDY')?.iso, parseDate(printed, 'DMY')?.iso].includes(want);
  }
  if (field === 'ShipmentDetails.Weight') return Number(printed.replace(/[^0-9]/g, '')) === t.shipmentDetails.weight;
  if (field === 'ShipmentDetails.WeightUnit') return (/^k/i.test(printed) ? 'K' : 'L') === t.shipmentDetails.weightUnit;
  if (field === 'FreightTerms') return printed.length > 0;
  if (field.endsWith('.Country')) return printed.length > 0;
  return norm(printed) === norm(String(get(t, field)));
}

const VALUE_FIELDS = ['Shipper.Name', 'Shipper.Address', 'Shipper.City', 'Shipper.Zip', 'Consignee.Name', 'Consignee.Address', 'Consignee.City', 'Consignee.Zip',
  'ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'ShipmentDetails.Commodity', 'ShipmentDetails.FreightClass', 'Dates.Pickup', 'Dates.Delivery',
  'References.BolNumber', 'References.PoNumber', 'References.OrderNumber', 'References.ProNumber', 'Carrier.Name', 'Carrier.Scac'];


/** Every word of a page but its labels' own, with its field, in order ("Shipper.Name:ACME"). */
const unlabelledWords = (html: string): string[] => [...html.matchAll(/<span class="w" data-f="([^"]*)"[^>]*>([^<]*)<\/span>/g)]
  .filter((m) => !m[1]!.startsWith('label:')).map((m) => `${m[1]}:${m[2]}`);

describe('layout-randomising generator', () => {
  let renderer: PageRenderer;
  beforeAll(async () => { renderer = await PageRenderer.launch(); });
  afterAll(async () => { await renderer?.close(); });

  it('plans the same pages for the same seed and other pages for another seed', () => {
    const a = planLayoutSet(20, 7).map((p) => [p.name, p.row]);
    expect(planLayoutSet(20, 7).map((p) => [p.name, p.row])).toEqual(a);
    expect(planLayoutSet(20, 8).map((p) => p.row)).not.toEqual(a.map((x) => x[1]));
  });

  it('never puts a held-out family in a training plan, and a held-out plan holds only those', () => {
    expect(HELDOUT_FAMILIES.length).toBeGreaterThanOrEqual(3);
    expect(FAMILIES.length).toBeGreaterThanOrEqual(8);
    const train = planLayoutSet(200, 3, 'train');
    expect(train.some((p) => HELDOUT_FAMILIES.includes(p.family.id) || p.row.split !== 'train')).toBe(false);
    expect(new Set(train.map((p) => p.family.id)).size).toBe(FAMILIES.length - HELDOUT_FAMILIES.length);
    const heldout = planLayoutSet(30, 3, 'heldout');
    expect(heldout.every((p) => HELDOUT_FAMILIES.includes(p.family.id) && p.row.split === 'heldout')).toBe(true);
  });

  it('writes a trained genre in other languages and trades some of the time, and leaves held-out genres as they are', () => {
    const own = new Map(FAMILIES.map((f) => [f.id, f]));
    const train = planLayoutSet(400, 5, 'train');
    const mixed = train.filter((p) => {
      const genre = own.get(p.family.id)!;
      return p.family.trade !== genre.trade || ![genre.lang, genre.altLang].includes(p.row.lang);
    });
    expect(mixed.length / train.length).toBeGreaterThan(0.12);
    expect(mixed.length / train.length).toBeLessThan(0.35);
    // A French or Spanish page never prints month-first dates.
    expect(train.filter((p) => p.row.lang !== 'en').every((p) => p.family.dateOrder === 'dayfirst')).toBe(true);
    expect(planLayoutSet(60, 5, 'heldout').every((p) => p.family === own.get(p.family.id))).toBe(true);
  });

  it('writes training pages in npm hands only and keeps Debian hands for held-out pages', () => {
    const hand = (sel: 'train' | 'heldout'): string[] => planLayoutSet(120, 11, sel).filter((p) => p.row.writing === 'handwritten').map((p) => composePlanned(p).html);
    const train = hand('train');
    const heldout = hand('heldout');
    expect(train.length).toBeGreaterThan(5);
    expect(heldout.length).toBeGreaterThan(5);
    for (const html of train) for (const f of EVAL_HAND_FONTS) expect(html).not.toContain(`'${f}'`);
    for (const html of heldout) expect(html).not.toContain("'fs-");
  });

  it('numbers the boxes of some trained pages, always of CMR pages, and a box number is a word of no field', () => {
    // The fields of the words inside each box number.
    const numberFields = (html: string): string[] => [...html.matchAll(/<span class="num"[^>]*><span class="w" data-f="([^"]*)"/g)].map((m) => m[1]!);
    const train = planLayoutSet(300, 13, 'train').map((p) => composePlanned(p).html);
    const numbered = train.filter((h) => h.includes('class="num"'));
    expect(numbered.length / train.length).toBeGreaterThan(0.07);
    expect(numbered.length / train.length).toBeLessThan(0.25);
    for (const html of numbered) {
      expect(numberFields(html).length).toBeGreaterThan(1);
      expect(numberFields(html).every((f) => f === '')).toBe(true);
    }
    const heldout = planLayoutSet(60, 13, 'heldout');
    for (const p of heldout) expect(composePlanned(p).html.includes('class="num"')).toBe(p.family.id === 'cmr');
    // A probe forces the numbers on or off and changes nothing else: each page is one of its two probed forms.
    for (const p of planLayoutSet(40, 13, 'train')) {
      const on = composePlanned({ ...p, probe: { boxNumbers: true } }).html;
      const off = composePlanned({ ...p, probe: { boxNumbers: false } }).html;
      expect(on).toContain('class="num"');
      expect(off).not.toContain('class="num"');
      expect([on, off]).toContain(composePlanned(p).html);
    }
  });

  it('describes a share of trained pages\' party labels, a probe forcing it, and changes nothing else', () => {
    // A party label's words, joined: the description follows the wording inside brackets.
    const described = (html: string): boolean => /data-f="label:(Shipper|Consignee)\.Name">\(/.test(html);
    const plan = planLayoutSet(40, 17, 'train');
    const on = plan.map((p) => composePlanned({ ...p, probe: { describedLabels: true } }).html);
    expect(on.filter(described).length).toBeGreaterThan(30);
    for (const [i, p] of plan.entries()) {
      const off = composePlanned({ ...p, probe: { describedLabels: false } }).html;
      expect(described(off)).toBe(false);
      expect([on[i], off]).toContain(composePlanned(p).html);
      // Only the labels' words differ: every other word of the page is drawn as without the notes.
      expect(unlabelledWords(on[i]!)).toEqual(unlabelledWords(off));
    }
    const drawn = planLayoutSet(300, 17, 'train').filter((p) => described(composePlanned(p).html)).length;
    expect(drawn / 300).toBeGreaterThan(0.05);
    expect(drawn / 300).toBeLessThan(0.18);
    expect(planLayoutSet(20, 17, 'heldout').every((p) => composePlanned({ ...p, probe: { describedLabels: true } }).html === composePlanned(p).html)).toBe(true);
  });

  it('words a share of trained pages\' labels as international forms do, a probe forcing it, and changes nothing else', () => {
    const international = (html: string): boolean => /data-f="label:[^"]*">(Sender|Exporter|Recipient|Haulier|Exportador|Porteador|Exportateur|Envoyeur)</i.test(html);
    const plan = planLayoutSet(40, 23, 'train');
    const on = plan.map((p) => composePlanned({ ...p, probe: { internationalLabels: true } }).html);
    expect(on.filter(international).length).toBeGreaterThan(5);
    for (const [i, p] of plan.entries()) {
      const off = composePlanned({ ...p, probe: { internationalLabels: false } }).html;
      expect(international(off)).toBe(false);
      expect([on[i], off]).toContain(composePlanned(p).html);
      expect(unlabelledWords(on[i]!)).toEqual(unlabelledWords(off));
    }
    expect(planLayoutSet(20, 23, 'heldout').every((p) => composePlanned({ ...p, probe: { internationalLabels: true } }).html === composePlanned(p).html)).toBe(true);
  });

  it('prints an NMFC description\'s "NOI" as a word of the commodity, as its truth holds it', () => {
    const pages = planLayoutSet(200, 29, 'train').filter((p) => /, NOI$/.test(p.row.truth.shipmentDetails.commodity));
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) expect(composePlanned(p).html).toMatch(/data-f="ShipmentDetails\.Commodity"[^>]*>NOI</);
  });

  it('types a share of trained pages\' party blocks as running text, a probe forcing it, and changes nothing else', () => {
    // A line that holds a party's name and its city: the block typed as running text.
    const runOn = (html: string): boolean => [...html.matchAll(/<div class="pl">(.*?)<\/div>/g)]
      .some((m) => /data-f="Shipper\.Name"/.test(m[1]!) && /data-f="Shipper\.City"/.test(m[1]!));
    const plan = planLayoutSet(40, 19, 'train');
    const on = plan.map((p) => composePlanned({ ...p, probe: { runOnParties: true } }).html);
    const off = plan.map((p) => composePlanned({ ...p, probe: { runOnParties: false } }).html);
    // Half the blocks keep the name on a line of its own.
    expect(on.filter(runOn).length).toBeGreaterThan(8);
    expect(off.some(runOn)).toBe(false);
    const drawn = planLayoutSet(300, 19, 'train').filter((p) => composePlanned(p).html !== composePlanned({ ...p, probe: { runOnParties: false } }).html).length;
    expect(drawn / 300).toBeGreaterThan(0.06);
    expect(drawn / 300).toBeLessThan(0.2);
    for (const [i, p] of plan.entries()) {
      expect([on[i], off[i]]).toContain(composePlanned(p).html);
      // The same words (a contact line may move after the running text).
      expect(unlabelledWords(on[i]!).sort()).toEqual(unlabelledWords(off[i]!).sort());
    }
    expect(planLayoutSet(20, 19, 'heldout').every((p) => composePlanned({ ...p, probe: { runOnParties: true } }).html === composePlanned(p).html)).toBe(true);
  });

  it('writes whom to ask for into a share of trained pages\' party blocks, a probe forcing it, and changes nothing else', () => {
    const contacts = (html: string): number => (html.match(/data-f="">(?:ATTN:|Attn:|Attn\.|Contact:|C\/O|Atn:|Atención:|Contacto:|A\/A|À)<\/span>/g) ?? []).length;
    const plan = planLayoutSet(40, 23, 'train');
    for (const p of plan) {
      const on = composePlanned({ ...p, probe: { contacts: true } }).html;
      const off = composePlanned({ ...p, probe: { contacts: false } }).html;
      expect(contacts(on)).toBeGreaterThan(contacts(off));
      expect([on, off]).toContain(composePlanned(p).html);
      // The contact's words are no field's: every field's words stay as they were.
      const fields = (html: string): string[] => unlabelledWords(html).filter((w) => !w.startsWith(':'));
      expect(fields(on)).toEqual(fields(off));
    }
    const drawn = planLayoutSet(300, 23, 'train').filter((p) => composePlanned(p).html !== composePlanned({ ...p, probe: { contacts: false } }).html).length;
    expect(drawn / 300).toBeGreaterThan(0.08);
    expect(drawn / 300).toBeLessThan(0.25);
  });

  it('prints a fax machine\'s line on a share of trained pages, a probe forcing it, and changes nothing else', () => {
    const plan = planLayoutSet(30, 29, 'train');
    for (const p of plan) {
      const on = composePlanned({ ...p, probe: { faxHeader: true } }).html;
      const off = composePlanned({ ...p, probe: { faxHeader: false } }).html;
      expect([on, off]).toContain(composePlanned(p).html);
      // The line is added to the sheet outside the form, and its words are no field's: the form is drawn as before.
      const form = off.split('</body>')[0]!;
      expect(on.startsWith(form)).toBe(true);
      const line = on.slice(form.length, on.lastIndexOf('</body>'));
      expect(line).toMatch(/^<div style="position:absolute;.*monospace.*<\/div>$/);
      expect(unlabelledWords(line).length).toBeGreaterThan(4);
      expect(unlabelledWords(line).every((w) => w.startsWith(':'))).toBe(true);
    }
    const drawn = planLayoutSet(300, 29, 'train').filter((p) => composePlanned(p).html !== composePlanned({ ...p, probe: { faxHeader: false } }).html).length;
    expect(drawn / 300).toBeGreaterThan(0.05);
    expect(drawn / 300).toBeLessThan(0.18);
    expect(planLayoutSet(20, 29, 'heldout').every((p) => composePlanned({ ...p, probe: { faxHeader: true } }).html === composePlanned(p).html)).toBe(true);
  });

  it('fills a share of printed trained pages\' dock values in by hand, a probe forcing it, and changes nothing else', () => {
    const handWords = (html: string): string[] => [...html.matchAll(/<span class="hw"[^>]*>(.*?)<\/span><\/span>/g)]
      .flatMap((m) => [...m[1]!.matchAll(/data-f="([^"]*)"/g)].map((x) => x[1]!));
    const plan = planLayoutSet(30, 31, 'train').filter((p) => p.row.writing === 'printed');
    for (const p of plan) {
      const on = composePlanned({ ...p, probe: { handFilled: true } }).html;
      const off = composePlanned({ ...p, probe: { handFilled: false } }).html;
      expect([on, off]).toContain(composePlanned(p).html);
      expect(handWords(off)).toEqual([]);
      // Only dock values are written by hand, and every word of the page is the same word as before.
      expect(handWords(on).every((f) => /^(ShipmentDetails|Dates\.Pickup|References\.ProNumber|Carrier\.)/.test(f))).toBe(true);
      expect(unlabelledWords(on)).toEqual(unlabelledWords(off));
    }
    const filled = plan.filter((p) => composePlanned({ ...p, probe: { handFilled: true } }).html.includes('class="hw"'));
    expect(filled.length).toBeGreaterThan(plan.length * 0.8);
    const printed = planLayoutSet(300, 31, 'train').filter((p) => p.row.writing === 'printed');
    const drawn = printed.filter((p) => composePlanned(p).html !== composePlanned({ ...p, probe: { handFilled: false } }).html).length;
    expect(drawn / printed.length).toBeGreaterThan(0.06);
    expect(drawn / printed.length).toBeLessThan(0.2);
  });

  it('lists two or three lines of goods on a share of trained pages, each line\'s own counts no field\'s and the total row the bill\'s', () => {
    const plan = planLayoutSet(30, 37, 'train');
    let several = 0;
    for (const p of plan) {
      const on = composePlanned({ ...p, probe: { severalItems: true } });
      const off = composePlanned({ ...p, probe: { severalItems: false } });
      expect([on.html, off.html]).toContain(composePlanned(p).html);
      const table = /<table class="tb items">(.*?)<\/table>/.exec(on.html)![1]!;
      if (table.split('<tr>').length - 1 >= 4) several++;
      // Whatever the lines, every value the page prints for a field spells the bill's own value: the totals.
      for (const v of on.printed) expect(spells(v.field, v.text, p), `${p.name} ${v.field} ${v.text}`).toBe(true);
      expect(on.printed.some((v) => v.field === 'ShipmentDetails.Pieces')).toBe(true);
      // The page around the table is drawn as before.
      const around = (html: string): string => html.replace(/<table class="tb items">.*?<\/table>/, '').replace(/ data-o="\d+"/g, '');
      expect(around(on.html)).toBe(around(off.html));
    }
    expect(several).toBeGreaterThan(20);
    const drawn = planLayoutSet(300, 37, 'train').filter((p) => composePlanned(p).html !== composePlanned({ ...p, probe: { severalItems: false } }).html).length;
    expect(drawn / 300).toBeGreaterThan(0.12);
    expect(drawn / 300).toBeLessThan(0.28);
    expect(planLayoutSet(20, 37, 'heldout').every((p) => composePlanned({ ...p, probe: { severalItems: true } }).html === composePlanned(p).html)).toBe(true);
  });

  it('leaves at most one party block of a page without its heading, so whose each block is can be read', () => {
    // A party block without a heading opens straight on its lines; one with a heading opens on it.
    const bare = planLayoutSet(300, 13, 'train').map((p) => (composePlanned(p).html.match(/<div class="party">(?!<div class="ph">)/g) ?? []).length);
    expect(Math.max(...bare)).toBe(1);
    // Bare blocks are still drawn: a reader has to learn to take the one left over.
    expect(bare.filter((n) => n === 1).length).toBeGreaterThan(30);
  });

  it('gives every printed value words whose boxes lie on the page and whose joined text is the value', async () => {
    // One page of each family, whatever capture it drew.
    const plan = planLayoutSet(FAMILIES.length, 5, 'all');
    for (const planned of plan) {
      const drawn = await drawLayoutPage(planned, renderer, 120);
      const where = `${planned.name} ${planned.family.id} ${planned.row.profile}`;
      for (const w of drawn.words) {
        expect(w.box[0], where).toBeGreaterThanOrEqual(0);
        expect(w.box[1], where).toBeGreaterThanOrEqual(0);
        expect(w.box[2], where).toBeLessThanOrEqual(drawn.width);
        expect(w.box[3], where).toBeLessThanOrEqual(drawn.height);
        expect(w.box[2] > w.box[0] && w.box[3] > w.box[1], where).toBe(true);
      }
      for (const p of drawn.printed) {
        const ws = drawn.words.filter((w) => w.occ === p.occ);
        expect(ws.length, `${where} ${p.field} "${p.text}"`).toBeGreaterThan(0);
        expect(ws.every((w) => w.tag === p.field)).toBe(true);
        expect(ws.map((w) => w.text).join(' '), `${where} ${p.field}`).toBe(p.text.split(/\s+/).filter(Boolean).join(' '));
        expect(spells(p.field, p.text, planned), `${where} ${p.field} "${p.text}"`).toBe(true);
      }
      // Every value the truth holds is printed at least once.
      for (const f of VALUE_FIELDS) {
        const v = get(planned.row.truth, f);
        if (v === null || v === '') continue;
        expect(drawn.printed.some((p) => p.field === f), `${where} ${f} not printed`).toBe(true);
      }
      // Label words are tagged as labels, and the page has some.
      expect(drawn.words.some((w) => w.tag.startsWith('label:'))).toBe(true);
    }
  }, 120_000);

  it('carries a box through every capture onto the ink it marks', async () => {
    const dpi = 240;
    // Near a corner, where a turn about the centre moves it most.
    const box: [number, number, number, number] = [220, 260, 420, 380];
    const png = await sharp({ create: { width: 2040, height: 2640, channels: 3, background: '#fff' } })
      .composite([{ input: { create: { width: box[2] - box[0], height: box[3] - box[1], channels: 3, background: '#000' } }, left: box[0], top: box[1] }])
      .png().toBuffer();
    for (const [profile, seed] of [['clean', 1], ['scan', 2], ['lowres', 3], ['fax', 4], ['photo', 5], ['photo', 11]] as Array<[Profile, number]>) {
      const out = await degrade(png, dpi, profile, new Rng(seed));
      const want = mapBox(box, out.map);
      const { data, info } = await sharp(out.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
      // The dark pixels near where the map says the square went.
      const m = 25;
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
      for (let y = Math.max(0, Math.floor(want[1] - m)); y < Math.min(info.height, want[3] + m); y++) {
        for (let x = Math.max(0, Math.floor(want[0] - m)); x < Math.min(info.width, want[2] + m); x++) {
          if (data[y * info.width + x]! < 80) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1); }
        }
      }
      const tol = Math.max(4, 0.04 * (want[2] - want[0]));
      expect(Math.abs(x0 - want[0]), profile).toBeLessThan(tol);
      expect(Math.abs(y0 - want[1]), profile).toBeLessThan(tol);
      expect(Math.abs(x1 - want[2]), profile).toBeLessThan(tol);
      expect(Math.abs(y1 - want[3]), profile).toBeLessThan(tol);
    }
  }, 60_000);
});
