import { describe, expect, it } from 'vitest';
import { extractFields } from '../src/fields/extract-fields.ts';
import { assignUnlabelledDates, namesCountryAbroad, numericOrderShown } from '../src/fields/extract-fields.ts';
import { cleanCommodity, isPackageKindOnly, spellCommodity } from '../src/fields/goods-table.ts';
import { findDates } from '../src/fields/parse-date.ts';
import { unlabelledBlocks, unshareWords } from '../src/fields/find-parties.ts';
import { parseCityStateZip, stripCityLabel } from '../src/fields/city-line.ts';
import { nearLabel, parseParty, partyLines, type ParsedParty, stripSubLabel, wrappedEnding } from '../src/fields/party.ts';
import { looksLikeStreet, oddStreetEnd, repairHouseNumber, repairStreetLine, repairStreetSuffix, shortNameWord, splitGluedStreetWords, stripLeadingJunk } from '../src/fields/street-line.ts';
import { endAtLegalForm, endsAsName, readCompanyName, repairCompanySuffix, suffixFromHint } from '../src/fields/company-name.ts';
import { parseReference } from '../src/fields/references.ts';
import { nearCityOfState } from '../src/fields/geo.ts';
import { readBarcodePayload } from '../src/fields/barcode-payload.ts';
import { findLabels, isLabelPart, leadingLabelWords, ocrDistance, shortTailCost, startsWithLabel, type LabelHit } from '../src/fields/find-labels.ts';
import { buildSegments, mergeInterleavedLines, type Segment } from '../src/layout.ts';
import { cleanStrip, missedRegions, weakLines } from '../src/ocr/reread.ts';
import type { EngineWord } from '../src/ocr/engine.ts';
import type { ReadPage, Word } from '../src/types.ts';
import { line, page } from './helpers.ts';

/** The kinds of the labels found on one printed line. */
const kinds = (text: string): string[] => findLabels(buildSegments(line(100, 100, text))).map((h) => h.field);

/** A page with one party block: heading, name, street and city line stacked in one column. */
const block = (heading: string, name: string, street: string, city: string): ReadPage[] =>
  page(line(100, 100, heading), line(100, 125, name), line(100, 150, street), line(100, 175, city));

describe('references', () => {
  it('prefers a label that names the field over an ambiguous one, and reads a value under a centred column heading', () => {
    const d = extractFields(page(
      line(100, 100, 'SID #'), line(400, 100, '685284'),
      line(100, 300, 'PO Number'), line(520, 300, 'Order No.'), line(900, 300, '# Pkgs'),
      line(100, 340, 'FW80589'), line(330, 340, 'SO105426'), line(900, 340, '48'),
    ));
    expect(d.References?.OrderNumber).toBe('SO105426');
    expect(d.References?.PoNumber).toBe('FW80589');
  });

  it('leaves the order number empty when the form\'s own order column is empty, and gives the SID number to no other field', () => {
    const rows = (...more: ReturnType<typeof line>[]) => extractFields(page(
      line(100, 100, 'SID #'), line(400, 100, '685284'),
      line(100, 300, 'PO Number'), line(520, 300, 'Order No.'), line(900, 300, '# Pkgs'),
      line(100, 340, 'FW80589'), line(900, 340, '48'), ...more,
    ));
    expect(rows().References).toMatchObject({ OrderNumber: null, PoNumber: 'FW80589' });
    expect(rows(line(700, 20, 'BILL OF LADING'), line(1100, 20, 'No. 685284')).References?.BolNumber).toBeNull();
    // With no order label of its own on the form, the SID number is the order number, as a doubt.
    const alone = extractFields(page(line(100, 100, 'SID #'), line(400, 100, '685284')));
    expect(alone.References?.OrderNumber).toBe('685284');
    expect(alone.ConfidenceScores['References.OrderNumber']).toBeLessThan(0.9);
  });
});

describe('values right of their label', () => {
  it('passes over specks read as marks or a stray letter between a label and its value far along the row', () => {
    const speck = line(1245, 102, ';', 0.5), letter = line(1300, 100, 'ë', 0.21);
    const d = extractFields(page(line(963, 100, 'Order #'), speck, letter, line(1530, 101, '13249-6')));
    expect(d.References?.OrderNumber).toBe('13249-6');
  });
});

describe('a table row read as one line', () => {
  it('takes, under a column heading, only the words of the row in its own column', () => {
    const d = extractFields(page(
      line(70, 186, 'BA NUMBER SHIP DATE'), line(330, 186, 'DUE DATE'), line(470, 186, 'PURCHASE ORDER NO.'),
      line(71, 209, 'SH6202883 Aug 22, 2026 Aug 25, 2026 2095302'),
    ));
    expect(d.Dates?.Delivery).toBe('2026-08-25');
    // SHIP DATE after the garbled BOL NUMBER is a heading of that row too.
    expect(d.Dates?.Pickup).toBe('2026-08-22');
  });

  it('leaves a count of the column before out of a description read in the same run', () => {
    // Handwritten: tall letters, so the pieces count and the description are one run of words.
    const hand = (text: string, x0: number, x1: number): Word => ({ text, confidence: 0.85, bbox: [x0, 1240, x1, 1305], page: 0, line: 'row' });
    const d = extractFields(page(
      line(170, 1200, 'Handling units'), line(480, 1200, 'Pieces'), line(631, 1200, 'Description'), line(1297, 1200, 'Class'), line(1725, 1200, 'Weight'),
      [hand('28', 476, 530), hand('BOTTLED', 624, 873), hand('WATER', 923, 1086)],
    ));
    expect(d.ShipmentDetails?.Commodity).toBe('BOTTLED WATER');
  });

  it('parts a handwritten goods row read as one run across every column at the gaps between the headings', () => {
    // Letters twice the headings' height: the engine's word gaps stay under two letter heights, so the row is one run.
    const hand = (text: string, x0: number, x1: number): Word => ({ text, confidence: 0.85, bbox: [x0, 1490, x1, 1610], page: 0, line: 'row' });
    const headings = [line(166, 1468, 'Handling units'), line(494, 1468, 'Pieces'), line(654, 1468, 'Description'), line(1642, 1468, 'Class'), line(1779, 1468, 'NMFC'), line(2128, 1468, 'Weight')];
    const row = [hand('Jo', 146, 226), hand('SKID', 245, 385), hand('5o', 484, 564), hand('COPPER', 644, 883), hand('WIRE', 942, 1082), hand('ON', 1122, 1201),
      hand('REEL5', 1241, 1460), hand('11o', 1625, 1714), hand('98395-09', 1773, 2040), hand('5,540', 2129, 2262), hand('lbs', 2277, 2351)];
    const d = extractFields(page(...headings, row, line(150, 1650, 'Notes: Appointment required')));
    expect(d.ShipmentDetails).toMatchObject({ Weight: 5540, WeightUnit: 'L', Pieces: 50, Commodity: 'COPPER WIRE ON REELS', FreightClass: '110' });
    // A row ending inside the description column keeps all its words there.
    const short = extractFields(page(...headings, [hand('8CRATE', 163, 330), hand('8', 450, 470), hand('SPORTING', 561, 749), hand('GOODS,', 770, 920), hand('NOI', 940, 1011)]));
    expect(short.ShipmentDetails).toMatchObject({ Pieces: 8, Commodity: 'SPORTING GOODS, NOI' });
    // Prose crossing the table has no gap between some two headings: it gives no column a value.
    const prose = extractFields(page(...headings, line(150, 1500, 'Received subject to the classifications and tariffs in effect on the date of issue of this Bill of Lading')));
    expect(prose.ShipmentDetails?.Commodity ?? null).toBeNull();
  });

  it('takes the last column\'s words for the last heading of its row', () => {
    const d = extractFields(page(
      line(56, 236, 'BL NUMBER SP DATE'), line(341, 236, 'DUE DATE'),
      line(53, 273, '897574631 2026-06-19 2026-06-23'),
    ));
    expect(d.Dates?.Delivery).toBe('2026-06-23');
  });
});

describe('dates under their labels', () => {
  it('reads a short date with both slashes read as 7 under a date label, as a doubt', () => {
    const d = extractFields(page(line(100, 100, 'ORDER No. 50969759'), line(500, 100, 'DELIVER ON'), line(640, 100, '4727726')));
    expect(d.Dates?.Delivery).toBe('2026-04-27');
    expect(d.ConfidenceScores['Dates.Delivery']).toBeLessThan(0.9);
  });
});

describe('column headings read as one line', () => {
  it('reads each heading of the line and its value below its own words, never a value beside the line', () => {
    // "SHIP DATE DUE DATE PURCHASE ORDER NO. SALES ORDER NO." runs from x 340 to ~930 with 11 px a character.
    const d = extractFields(page(
      line(104, 300, 'BOL NUMBER'), line(340, 300, 'SHIP DATE DUE DATE PURCHASE ORDER NO. SALES ORDER NO.'), line(1100, 300, 'CARRIER'),
      line(104, 340, '08545487688283361'), line(330, 342, '11/01/2026'), line(455, 342, '11/02/2026'), line(600, 342, '7245936'), line(790, 342, 'SO216012'),
      line(1100, 342, 'MIDWEST CONSOLIDATED FREIGHT'),
    ));
    expect(d.References).toMatchObject({ PoNumber: '7245936', OrderNumber: 'SO216012' });
    expect(d.Dates).toMatchObject({ Pickup: '2026-11-01', Delivery: '2026-11-02' });
    // A heading with nothing below it takes nothing from beside the line.
    const empty = extractFields(page(line(340, 300, 'SHIP DATE DUE DATE SALES ORDER NO.'), line(900, 296, '7139550006'), line(340, 342, '11/01/2026'), line(460, 342, '11/02/2026')));
    expect(empty.References?.OrderNumber ?? null).toBeNull();
  });
});

describe('one number for two references', () => {
  it('gives a number read under both the PO and the order heading to the PO alone', () => {
    // The order cell was empty; its reading reached into the PO cell beside it.
    const d = extractFields(page(line(100, 300, 'PO #: PO-631865'), line(100, 340, 'ORDER #: PO-631865')));
    expect(d.References?.PoNumber).toBe('PO-631865');
    expect(d.References?.OrderNumber).toBeNull();
  });

  it('keeps a kind prefix joined to its number by a hyphen, however spaced, and reads "number" words as a label', () => {
    expect(extractFields(page(line(100, 300, 'CUSTOMER PO: PO - 304344'))).References?.PoNumber).toBe('PO-304344');
    expect(extractFields(page(line(100, 300, 'PO - 304344'))).References?.PoNumber).toBe('PO-304344');
    expect(parseReference('NO - 550305')?.value).toBe('550305');
  });

  it('gives it to the label it is written beside when the other label only has it below', () => {
    const d = extractFields(page(line(900, 610, 'Bon de commande :'), line(900, 650, 'N° de commande client : 86856-4')));
    expect(d.References?.OrderNumber).toBe('86856-4');
    expect(d.References?.PoNumber).toBeNull();
  });

  it('gives a number under two column headings to the one whose column it is clearly nearer', () => {
    // The grid's rulings put both headings in one cell (the border between them was not found).
    const grid = page(line(378, 1476, 'PO Number'), line(857, 1476, 'Order No.'), line(1259, 1477, '# Pkgs'),
      line(719, 1533, '16686-7'), line(1160, 1533, '40'));
    grid[0]!.rules = [[300, 1450, 1580], [1100, 1450, 1580], [1500, 1450, 1580]];
    const d = extractFields(grid);
    expect(d.References?.OrderNumber).toBe('16686-7');
    expect(d.References?.PoNumber).toBeNull();
  });
});

describe('the document number in a grid cell', () => {
  it('reads the code right of a BILL OF LADING cell in ordinary print, not the title, as a doubt', () => {
    const title = line(700, 40, 'BILL OF LADING').map((w) => ({ ...w, bbox: [w.bbox[0] * 2 - 700, 40, w.bbox[2] * 2 - 700, 90] as [number, number, number, number] }));
    const d = extractFields(page(
      title,
      line(900, 200, 'BILL OF LADING'), line(1080, 196, 'iT', 0.4), line(1120, 200, '03235852683897489'),
      line(100, 300, 'SHIPPER'), line(100, 340, 'Acme Foods Inc'),
    ));
    expect(d.References?.BolNumber).toBe('03235852683897489');
    expect(d.ConfidenceScores['References.BolNumber']).toBeLessThanOrEqual(0.85);
  });

  it('reads the number beside the title after its mark, and never cuts the N off a number that starts with one', () => {
    const read = (number: string) => extractFields(page(line(100, 40, 'BILL OF LADING'), line(700, 40, number), line(100, 300, 'SHIPPER'), line(100, 340, 'Acme Foods Inc')));
    expect(read('No. 3813-23474').References?.BolNumber).toBe('3813-23474');
    expect(read('N° HV835552').References?.BolNumber).toBe('HV835552');
    expect(read('NHV835552').References?.BolNumber).not.toBe('HV835552');
  });
});

describe('segments', () => {
  it('sets a line\'s height by its letters, not by specks read on it, and lets specks join nothing', () => {
    const city = line(200, 962, 'CEDAR RAPIDS, IA 52404');
    const specks = [':', 'ue', 'TE', 'NE', 'a'].map((t, k) => ({ ...city[0]!, text: t, confidence: 0.3, bbox: [1500 + k * 150, 992, 1510 + k * 150, 995] as [number, number, number, number] }));
    const head = line(100, 860, 'Tarimas'), cant = line(300, 859, 'Cantidad');
    const dot = { ...head[0]!, text: '2', confidence: 0.22, bbox: [262, 865, 264, 867] as [number, number, number, number] };
    const segs = buildSegments([...city, ...specks, ...head, ...cant.map((w) => ({ ...w, line: head[0]!.line })), dot]);
    expect(segs.map((s) => s.text)).toContain('CEDAR RAPIDS, IA 52404');
    expect(segs.map((s) => s.text)).toContain('Cantidad');
  });

  it('joins two engine lines whose words interleave on one row, keeping the surer of two readings of a spot', () => {
    const a = line(100, 100, 'Cedar Rapids 5240'), b = line(170, 101, 'apids, IA 4');
    // The second line's words sit between and over the first's: "apids," over "Rapids", "4" after "5240".
    const r = a[1]!.bbox[2];
    a[2]!.bbox = [r + 50, 100, r + 94, 120];
    b[0]!.bbox = [a[1]!.bbox[0] + 10, 101, r + 5, 121]; b[0]!.confidence = 0.9;
    b[1]!.bbox = [r + 12, 101, r + 34, 121];
    b[2]!.bbox = [a[2]!.bbox[2] + 3, 101, a[2]!.bbox[2] + 14, 121];
    expect(buildSegments([...a, ...b]).map((s) => s.text)).toEqual(['Cedar Rapids IA 5240 4']);
    // Lines side by side in two columns stay apart.
    const columns = [...line(100, 100, 'ACME FOODS'), ...line(900, 102, 'PRAIRIE WIND')];
    expect(mergeInterleavedLines(columns)).toBe(columns);
    // A line's stray word sitting low does not join it to the next row down.
    const name = line(100, 100, 'Manufacturas Huasteca SA');
    name.push({ ...name[0]!, text: '132', bbox: [900, 118, 940, 138] });
    const street = line(100, 140, 'Av. Industrias 4800');
    street.push({ ...street[0]!, text: 'ate', bbox: [800, 118, 840, 138] });
    const rows = [...name, ...street];
    expect(mergeInterleavedLines(rows)).toBe(rows);
  });

  it('keeps a word over a surer reading of its own end, and two words over a reading that glued them', () => {
    const at = (text: string, confidence: number, bbox: [number, number, number, number], l: string): Word => ({ text, confidence, bbox, page: 0, line: l });
    const city = [at('WICHITA,', 0.9, [316, 1081, 459, 1113], 'a'), at('KS', 0.92, [509, 1081, 555, 1113], 'a'), at('67202', 0.96, [571, 1081, 690, 1113], 'a'),
      at('ITA,', 0.96, [425, 1082, 491, 1117], 'b'), at('7', 0.96, [596, 1082, 617, 1111], 'b')];
    expect(buildSegments(city).map((s) => s.text)).toEqual(['WICHITA, KS 67202']);
    const label = [at('PRO', 0.96, [762, 404, 809, 430], 'a'), at('NO.', 0.95, [816, 408, 853, 426], 'a'), at('5415317755', 0.88, [985, 402, 1105, 431], 'a'),
      at('PRONO.', 0.88, [754, 383, 866, 451], 'b')];
    expect(buildSegments(label).map((s) => s.text)).toContain('PRO NO.');
  });

  it('parts two stacked rows given one engine line, and keeps a small row label beside its tall value', () => {
    // A second reading gave a street and the city line under it one line identity, a third row beside them too.
    const one = (ws: Word[]): Word[] => ws.map((w) => ({ ...w, line: 'same' }));
    const at = (text: string, confidence: number, bbox: [number, number, number, number]): Word => ({ text, confidence, bbox, page: 0, line: 'same' });
    const words = [at('2612', 0.89, [98, 463, 142, 480]), at('BOUL.', 0.79, [155, 463, 215, 480]), at('INDUSTREL', 0.77, [229, 462, 343, 481]),
      at('QUEBEC,', 0.73, [97, 487, 193, 511]), at('QC', 0.91, [207, 492, 240, 511]), at('G2E', 0.78, [255, 493, 295, 514]), at('9K7', 0.52, [311, 495, 350, 515]),
      at('Carrier', 0.96, [688, 475, 754, 503]), at('TRANSPORTS', 0.93, [876, 480, 1033, 504]), at('BOREAL', 0.9, [1049, 478, 1135, 501]), at('INC', 0.94, [1161, 477, 1202, 501])];
    expect(buildSegments(words).map((s) => s.text)).toEqual(expect.arrayContaining(['2612 BOUL. INDUSTREL', 'QUEBEC, QC G2E 9K7']));
    const d = extractFields(page(line(98, 413, 'SHIP TO'), line(97, 435, 'PLASTIQUES MONTCALM LTEE'), words));
    // (The weakly read INDUSTREL is put right from the French word list.)
    expect(d.Consignee).toMatchObject({ Address: '2612 BOUL. INDUSTRIEL', City: 'QUEBEC', State: 'QC', Zip: 'G2E 9K7' });
    // Side by side, not stacked: a small-caps row label sitting low beside its written value stays on its row.
    const label = line(794, 601, 'CITY STATE ZIP').map((w) => ({ ...w, bbox: [w.bbox[0], 601, w.bbox[2], 613] as [number, number, number, number] }));
    const value = line(935, 581, 'CHICAGO, IL 60632').map((w) => ({ ...w, bbox: [w.bbox[0], 581, w.bbox[2], 616] as [number, number, number, number] }));
    expect(buildSegments(one([...label, ...value])).map((s) => s.text)).toEqual(['CITY STATE ZIP CHICAGO, IL 60632']);
  });

  it('joins two readings that each hold part of one run and overlap where their texts do', () => {
    // The page pass read "16/26" of 12/16/26; the second reading "12/16/2" over it, four characters overlapping.
    const head = line(100, 100, 'Ship date'), pass = line(400, 100, '16/26');
    const second = line(356, 98, '12/16/2', 0.88);
    expect(buildSegments([...head, ...pass, ...second]).map((s) => s.text)).toContain('12/16/26');
    // Marks at the join read differently by the two readings do not keep them apart ("PORT!" and "'ORTLAN").
    const w = (text: string, x0: number, x1: number, id: string): Word => ({ text, confidence: 0.91, bbox: [x0, 692, x1, 714], page: 0, line: id });
    expect(buildSegments([w('PORT!', 128, 199, 'p'), w("'ORTLAN", 143, 253, 'q')]).map((s) => s.text)).toEqual(['PORTLAN']);
    // Numbers may share a single digit where their boxes overlap by just that.
    expect(buildSegments([w('72', 431, 466, 'p'), w('2000', 454, 527, 'q')]).map((s) => s.text)).toEqual(['72000']);
    // Two values side by side that happen to share digits, their boxes apart, stay two.
    const apart = [...line(100, 200, '4411'), ...line(300, 200, '4112')];
    expect(buildSegments(apart).map((s) => s.text)).toEqual(['4411', '4112']);
  });

  it('keeps one reading of a row the engine read twice as two lines, word by word the surer', () => {
    // The page pass read "Chihuahua, CHH 3100" and, a few pixels lower with specks after it, "hihuahua, CHH 31000".
    const a = line(179, 696, 'Chihuahua, CHH 3100'), b = line(190, 698, 'hihuahua, CHH 31000');
    // "hihuahua," is less sure than "Chihuahua,"; "3100" and "31000" are as sure, and the one that lost a digit goes.
    b[0]!.confidence = 0.87;
    const specks = ['de', ';', 'i'].map((t, k) => ({ ...b[0]!, text: t, confidence: 0.3, bbox: [950 + k * 300, 698, 980 + k * 300, 700] as [number, number, number, number] }));
    expect(buildSegments([...a, ...b, ...specks]).map((s) => s.text)).toEqual(['Chihuahua, CHH 31000']);
    // "MONCTON A 851" with a label of the next row far right on the same engine line, and "NCTON, NB E1A": a tall
    // speck-like "A" over E1A is a second reading of it.
    const w = (text: string, x0: number, y0: number, x1: number, y1: number, confidence: number, id: string): Word => ({ text, confidence, bbox: [x0, y0, x1, y1], page: 0, line: id });
    const first = [w('MONCTON', 162, 684, 294, 707, 0.96, 'm'), w('A', 391, 685, 408, 738, 0.72, 'm'), w('851', 418, 685, 464, 706, 0.91, 'm'), w('SCAC', 947, 706, 1013, 727, 0.92, 'm'), w('MWCF', 1539, 706, 1626, 726, 0.88, 'm')];
    const second = [w('NCTON,', 204, 685, 301, 708, 0.91, 'n'), w('NB', 314, 686, 348, 705, 0.93, 'n'), w('E1A', 360, 684, 411, 705, 0.89, 'n')];
    expect(buildSegments([...second, ...first]).map((s) => s.text)).toContain('MONCTON NB E1A 851');
    // Tall handwritten boxes that reach into the next row do not make two rows one.
    const street = [w('14022', 167, 747, 258, 778, 0.92, 's'), w('Foundry', 344, 746, 458, 780, 0.87, 's')];
    const city = [w('Dayton,', 161, 781, 286, 843, 0.89, 'c'), w('45402', 377, 753, 480, 842, 0.71, 'c'), w('OH', 190, 755, 250, 840, 0.9, 'c')];
    expect(mergeInterleavedLines([...street, ...city])).toEqual([...street, ...city]);
    // One reading cut the city's first letter off ("Vi"), the other read the rest ("ancouver,"): one word again.
    const top = [w('Vi', 95, 491, 111, 515, 0.95, 't'), w('BC', 222, 491, 242, 515, 0.94, 't'), w('VEB', 246, 494, 283, 509, 0.67, 't')];
    const low = [w('ancouver,', 110, 497, 201, 509, 0.8, 'u'), w('BC', 226, 494, 238, 509, 0.96, 'u'), w('VEB', 260, 494, 270, 509, 0.82, 'u'), w('8J6', 292, 494, 321, 513, 0.68, 'u')];
    expect(buildSegments([...top, ...low]).map((s) => s.text)).toEqual(['Viancouver, BC VEB 8J6']);
    // Each reading holds a piece of a word the other read too, the boxes touching without overlapping: "SON" twice,
    // "8" of one and "83000" of the other; "MO" of one and "NTREAL," of the other in capitals.
    const hA = [w('Hermosillo,', 132, 657, 274, 681, 0.96, 'a'), w('SON', 324, 658, 339, 678, 0.96, 'a'), w('8', 351, 658, 365, 678, 0.96, 'a')];
    const hB = [w('ermosillo,', 150, 662, 236, 679, 0.85, 'b'), w('SON', 285, 658, 321, 679, 0.96, 'b'), w('83000', 368, 658, 431, 679, 0.96, 'b')];
    expect(buildSegments([...hA, ...hB]).map((s) => s.text)).toEqual(['Hermosillo, SON 83000']);
    const mA = [w('NTREAL,', 176, 658, 283, 682, 0.91, 'c'), w('H', 342, 658, 358, 678, 0.93, 'c')];
    const mB = [w('MO', 133, 658, 173, 679, 0.96, 'd'), w('EAL,', 230, 658, 277, 679, 0.9, 'd'), w('QC', 294, 658, 331, 682, 0.91, 'd'), w('H1P', 362, 658, 391, 679, 0.89, 'd'), w('5V2', 402, 658, 449, 679, 0.92, 'd')];
    expect(buildSegments([...mA, ...mB]).map((s) => s.text)).toEqual(['MONTREAL, QC H1P 5V2']);
    // One engine line reading a spot twice ("TX" over "TX"); a box drawn too wide over another word keeps both.
    const twice = [w('LAREDO,', 643, 380, 708, 400, 0.96, 'l'), w('TX', 714, 381, 734, 393, 0.96, 'l'), w('TX', 706, 371, 735, 402, 0.48, 'l'), w('78040', 740, 371, 786, 402, 0.63, 'l')];
    expect(buildSegments(twice).map((s) => s.text)).toEqual(['LAREDO, TX 78040']);
    const wide = [w('SASKATOON,', 393, 352, 589, 373, 0.9, 'k'), w('SK', 561, 342, 588, 381, 0.9, 'k'), w('S7N', 600, 352, 640, 373, 0.9, 'k'), w('0K5', 650, 352, 690, 373, 0.9, 'k')];
    expect(buildSegments(wide).map((s) => s.text)).toEqual(['SASKATOON, SK S7N 0K5']);
  });

  it('keeps a second reading of one word over two words of the page pass, whichever line comes first', () => {
    // The page pass read "Si , BC VAN 9A6" (Surrey garbled); a second reading of its weak piece gave "Surrey," alone.
    const w = (text: string, x0: number, y0: number, x1: number, y1: number, confidence: number, id: string): Word => ({ text, confidence, bbox: [x0, y0, x1, y1], page: 0, line: id });
    const pass = [w('Si', 110, 557, 127, 588, 0.92, 'p'), w(',', 187, 575, 192, 582, 0.92, 'p'), w('BC', 211, 557, 235, 588, 0.96, 'p'), w('VAN', 240, 561, 288, 579, 0.93, 'p'), w('9A6', 312, 561, 342, 579, 0.91, 'p')];
    const second = [w('Surrey,', 111, 561, 192, 584, 0.96, 's')];
    expect(buildSegments([...pass, ...second]).map((s) => s.text)).toEqual(['Surrey, BC VAN 9A6']);
    expect(buildSegments([...second, ...pass]).map((s) => s.text)).toEqual(['Surrey, BC VAN 9A6']);
  });

  it('cuts a line run across two columns where the lines below it start the other column', () => {
    const rows = [line(157, 560, 'TIDEWATER CABINETRY COMPANY'), line(157, 585, '29073 SYCAMORE AVE'), line(157, 610, 'ORLANDO, FL 32824')];
    // The name row's gap to the other column is 1.5 letter heights: too narrow alone to part columns.
    const right = [line(487, 560, 'SILVERLINE COATINGS INC'), line(487, 585, '195 HICKORY ST'), line(487, 610, 'FORT WORTH, TX 76102')];
    for (const w of right[0]!) w.line = rows[0]![0]!.line;
    expect(buildSegments([...rows, ...right].flat()).map((s) => s.text)).toContain('TIDEWATER CABINETRY COMPANY');
    // A line with no column starting under its gap stays whole.
    const alone = [...line(157, 560, 'TIDEWATER CABINETRY'), ...line(398, 560, 'COMPANY').map((w) => ({ ...w, line: 'x' }))].map((w) => ({ ...w, line: 'x' }));
    expect(buildSegments([...alone, ...line(157, 585, '29073 SYCAMORE AVE'), ...line(157, 610, 'ORLANDO, FL 32824')]).map((s) => s.text)).toContain('TIDEWATER CABINETRY COMPANY');
  });

  it('drops a short weak word lying inside a taller, surely read word of its line (a label printed under a value)', () => {
    const w = (text: string, x0: number, y0: number, x1: number, y1: number, confidence: number): Word => ({ text, confidence, bbox: [x0, y0, x1, y1], page: 0, line: 'c' });
    const city = [w('CITY,', 965, 641, 1013, 655, 0.51), w('state,', 1019, 641, 1081, 666, 0.88), w('ze', 1084, 641, 1112, 655, 0.29), w('Torreon,', 1083, 635, 1243, 667, 0.93), w('COA', 1241, 635, 1318, 667, 0.88), w('27019', 1323, 622, 1408, 667, 0.96)];
    expect(buildSegments(city).map((s) => s.text)).toEqual(['CITY, state, Torreon, COA 27019']);
    // A word the engine boxed inside another of the same height stays ("ZIP" boxed inside "STATE").
    const label = [w('STATE', 196, 551, 331, 573, 0.92), w('ZIP', 295, 551, 331, 573, 0.4)];
    expect(buildSegments(label).map((s) => s.text)).toEqual(['STATE ZIP']);
  });

  it('drops a leading 1 that is the cell border a ruling runs through, and keeps a 1 clear of it', () => {
    const w: Word = { text: '1143', confidence: 0.92, bbox: [614, 1474, 707, 1503], page: 0, line: 'a' };
    const rule = { page: 0, x: 621, y0: 1456, y1: 1679 };
    expect(buildSegments([w], [rule]).map((s) => s.text)).toEqual(['143']);
    expect(buildSegments([w], [{ ...rule, x: 600 }]).map((s) => s.text)).toEqual(['1143']);
  });

  it('cuts a word at a cell border read as a bar inside it (a count and the next cell\'s unit), and keeps one no ruling crosses', () => {
    const w: Word = { text: '91PCS', confidence: 0.45, bbox: [533, 682, 601, 700], page: 0, line: 'a' };
    const rule = { page: 0, x: 553, y0: 630, y1: 914 };
    const cut = buildSegments([w], [rule]);
    expect(cut.flatMap((s) => s.words.map((x) => x.text))).toEqual(['9', 'PCS']);
    expect(buildSegments([w], [{ ...rule, x: 900 }]).map((s) => s.text)).toEqual(['91PCS']);
    // A ruling over a letter no border reads as leaves the word whole.
    expect(buildSegments([{ ...w, text: 'PALLET' }], [{ ...rule, x: 545 }]).map((s) => s.text)).toEqual(['PALLET']);
    // A border read as nothing between a count and its unit cuts them too.
    const glued: Word = { text: '84PCS', confidence: 0.84, bbox: [546, 663, 633, 721], page: 0, line: 'b' };
    expect(buildSegments([glued], [{ ...rule, x: 585 }]).flatMap((s) => s.words.map((x) => x.text))).toEqual(['84', 'PCS']);
  });

  it('joins a word the engine cut in two with hardly any gap into one word', () => {
    const a: Word = { text: '2', confidence: 0.96, bbox: [1788, 129, 1807, 156], page: 0, line: 'a' };
    const b: Word = { text: '27067-31', confidence: 0.92, bbox: [1809, 129, 1965, 156], page: 0, line: 'b' };
    const c: Word = { text: 'B/L', confidence: 0.92, bbox: [1500, 129, 1560, 156], page: 0, line: 'c' };
    expect(buildSegments([a, b]).map((s) => s.text)).toEqual(['227067-31']);
    // A weakly read speck beside a clearly read number is no piece of it.
    expect(buildSegments([{ ...a, text: 'UIT', confidence: 0.36 }, b]).map((s) => s.text)).toEqual(['UIT 27067-31']);
    // An ordinary word space keeps two words.
    expect(buildSegments([c, { ...a, bbox: [1570, 129, 1589, 156] }]).map((s) => s.text)).toEqual(['B/L 2']);
  });
});

describe('label matching', () => {
  it('reads no party of its own from the block of a party the bill names for another role (notify party, broker, remit-to)', () => {
    const d = extractFields(page(
      line(100, 100, 'SHIPPER'), line(100, 125, 'ACME TOOLS INC'), line(100, 150, '12 MAIN ST'), line(100, 175, 'DAYTON, OH 45402'),
      line(900, 100, 'NOTIFY PARTY'), line(900, 125, 'BLUE RIVER CUSTOMS LLC'), line(900, 150, '400 DOCK RD'), line(900, 175, 'NEWARK, NJ 07102'),
    ));
    expect(d.Shipper?.Name).toBe('ACME TOOLS INC');
    expect(d.Consignee?.Name ?? null).toBeNull();
    expect(findLabels(buildSegments(line(100, 100, 'Pour livraison s\'adresser à :'))).map((h) => h.field)).toEqual(['otherParty']);
  });

  it('takes party row labels joined by slashes as labels without a colon, but a single row word only with one', () => {
    const hit = findLabels(buildSegments(line(100, 100, 'CITY/STATE/ZIP EDISON, NJ 08837')))[0]!;
    expect([hit.field, hit.valueWords.map((w) => w.text).join(' ')]).toEqual(['cityStateZip', 'EDISON, NJ 08837']);
    expect(findLabels(buildSegments(line(100, 100, 'STREET / DOMICILIO 5475 WILLOW RD')))[0]!.valueWords.map((w) => w.text)).toEqual(['5475', 'WILLOW', 'RD']);
    expect(findLabels(buildSegments(line(100, 100, 'CIUDAD JUAREZ, CHH 32000')))).toEqual([]);
  });

  it('takes a label name in parentheses at the end of a garbled heading as the label', () => {
    const d = extractFields(page(line(100, 100, 'Cannas No (PRO)'), line(400, 100, '6897255915')));
    expect(d.References?.ProNumber).toBe('6897255915');
  });

  it('reads a short label read clearly whose point closes its cell after one garbled word (Cant. PO. for CUST. PO.)', () => {
    const d = extractFields(page(line(100, 100, 'Cant. PO.'), line(300, 100, '2793797')));
    expect(d.References?.PoNumber).toBe('2793797');
    // Its point read as a comma, and a little less surely.
    const comma = line(100, 100, 'Cit. PO,'); comma[1]!.confidence = 0.75;
    expect(extractFields(page(comma, line(300, 100, 'JT74119'))).References?.PoNumber).toBe('JT74119');
    // Not read clearly, or in running text, it is no label.
    const weak = line(100, 100, 'sane Po.'); weak[1]!.confidence = 0.49;
    expect(extractFields(page(weak, line(300, 100, '201'))).References?.PoNumber ?? null).toBeNull();
    expect(findLabels(buildSegments(line(100, 100, 'ACME PO. BOX 12'))).map((h) => h.field)).not.toContain('po');
  });

  it('reads a number glued to its label by a point, colon, # or underscore, and leaves a code with a hyphen whole', () => {
    const d = extractFields(page(line(100, 100, "SHIPPER'S BOL NO._126859-42")));
    expect(d.References?.BolNumber).toBe('126859-42');
    expect(findLabels(buildSegments(line(100, 100, 'SID#:1633381')))[0]!.valueWords.map((w) => w.text)).toEqual(['1633381']);
    expect(buildSegments(line(100, 100, 'PO-4411'))[0]!.words.map((w) => w.text)).toEqual(['PO-4411']);
    // After a number sign or a colon a code may begin with letters; a word after a colon is no code.
    expect(findLabels(buildSegments(line(100, 100, 'PO#JB75814')))[0]!.valueWords.map((w) => w.text)).toEqual(['JB75814']);
    expect(buildSegments(line(100, 100, 'NAME:ACME'))[0]!.words.map((w) => w.text)).toEqual(['NAME:ACME']);
  });

  it('reads a long label marked by its colon whose first word is garbled, and N° read N*', () => {
    expect(findLabels(buildSegments(line(100, 100, 'Gielen de compra: 6314653'))).map((h) => h.field)).toEqual(['po']);
    // Without its colon the words could be running text.
    expect(findLabels(buildSegments(line(100, 100, 'Gielen de compra 6314653'))).map((h) => h.field)).toEqual([]);
    expect(findLabels(buildSegments(line(100, 100, 'N* de commande : 02070-1'))).map((h) => h.field)).toEqual(['order']);
    // Or one long word with two slips, the others exact.
    expect(findLabels(buildSegments(line(100, 100, 'Fecha de envega: 10 de mayo de 2026'))).map((h) => h.field)).toEqual(['deliveryDate']);
    // Two words: a short first one a slip off before a long exact one.
    expect(findLabels(buildSegments(line(100, 100, 'Paso bruto'))).map((h) => h.field)).toEqual(['weight']);
    expect(findLabels(buildSegments(line(100, 100, 'Paso firme'))).map((h) => h.field)).toEqual([]);
  });

  it('knows the wordings forms use beyond the commonest, and a street word as a label only with its colon', () => {
    expect(kinds('Consignataire: GOLDEN VALLEY MILLWORKS')).toEqual(['consignee']);
    expect(kinds('Freight Bill No. 9048170776')).toEqual(['pro']);
    expect(kinds('Shipped On: 12/13/22')).toEqual(['pickupDate']);
    expect(kinds('Shipped on the date above, see conditions 06/01/2026')).toEqual([]);
    expect(kinds('Requested Delivery 1/7/23')).toEqual(['deliveryDate']);
    expect(kinds('No. de Carta Porte 88213')).toEqual(['bol']);
    expect(kinds('Guía del transportista 55102')).toEqual(['pro']);
    expect(kinds('P/O: 4506313767')).toEqual(['po']);
    expect(kinds('Pkg Qty')).toEqual(['pieces']);
    expect(kinds('Frt Class')).toEqual(['freightClass']);
    expect(kinds('Calle: Morelos 4109')).toEqual(['address']);
    expect(kinds('Calle Morelos 4109')).toEqual([]);
    // A carta porte's tax ids and place of issue are items of the form, not a party's heading.
    expect(kinds('R.F.C. REMITENTE')).toEqual(['stop']);
    expect(kinds('LUGAR Y FECHA DE EXPEDICIÓN')).toEqual(['stop']);
    // A freight-terms choice, not the bill-to party's heading.
    expect(kinds('Prepaid Collect Third Party')).not.toContain('billTo');
  });

  it('reads a heading after its box number in square brackets, the number misread as a letter or not', () => {
    expect(kinds('[3] Destination (Name and full address)')).toEqual(['consignee']);
    expect(kinds('[L] From (full style and address):')).toEqual(['shipper']);
    expect(kinds('E] Consignee')).toEqual(['consignee']);
    // A word before the heading is no box number: the heading is then mid-line and needs its colon.
    expect(kinds('Final Destination')).toEqual([]);
    // Bracketed with its mark, or a frame's bracket against a short heading's first word.
    expect(kinds('[2)] SHIPMENT NO.')).toEqual(['bol']);
    expect(kinds('[To (complete name and address) |')).toEqual(['consignee']);
    expect(kinds('[Ship From (full style and address) ]')).toEqual(['shipper']);
  });

  it('reads a heading after a box number read weakly as letters or digits, and after one read clearly', () => {
    const weakBox = (text: string): string[] => {
      const ws = line(100, 100, text);
      ws[0]!.confidence = 0.36;
      return findLabels(buildSegments(ws)).map((h) => h.field);
    };
    expect(weakBox('BY Consigned To')).toEqual(['consignee']);
    expect(weakBox('1711 c ORIGIN')).toEqual(['shipper']);
    // A clear number before a party's or reference's heading is its box; before a unit's it is a count.
    expect(kinds('2 BILL TO (FULL STYLE AND ADDRESS):')).toEqual(['billTo']);
    expect(kinds('1 Forwarding Agent (name and address)')).toEqual(['otherParty']);
    expect(kinds('14 PALLETS')).toEqual([]);
    // A clear word before a heading is still no box number.
    expect(kinds('BY Consigned To')).toEqual([]);
  });

  it('reads two names of one field joined as a label wherever they stand, the dash between them lost or not', () => {
    expect(kinds('RED OAK PAPER MILLS LTEE NO DE QUAI - VENDOR ID')).toEqual(['stop']);
    expect(kinds('RED OAK PAPER MILLS LTEE NO DE QUAI VENDOR ID')).toEqual(['stop']);
    // One name mid-line is still no label without its colon, nor a name's last word one letter off a label's.
    expect(kinds('RED OAK NO DE QUAI')).toEqual([]);
    expect(kinds('PRAIRIE WIND CARRIERS TRANSPORTISTA')).toEqual([]);
    expect(kinds('TO CONSIGNATAIRE')).toEqual(['consignee']);
  });

  it('reads N. as the NO closing a label (SHIPPER\'S BOL N.)', () => {
    const hits = findLabels(buildSegments(line(100, 100, "SHIPPCR's BOL N. JHF788125")));
    expect(hits.map((h) => h.field)).toEqual(['bol']);
    expect(hits[0]!.valueWords.map((w) => w.text)).toEqual(['JHF788125']);
    // A short middle word one letter off after a long first word with one slip of its own.
    expect(findLabels(buildSegments(line(100, 100, 'SHPPERS DOL NO. AJR853739'))).map((h) => h.field)).toEqual(['bol']);
  });

  it('reads B/L NO with its slash read as a letter', () => {
    const d = extractFields(page(line(100, 100, 'BAL No'), line(300, 100, '766410-60')));
    expect(d.References?.BolNumber).toBe('766410-60');
  });

  it('accepts a long label whose short last word is misread by one letter', () => {
    const d = extractFields(page(line(100, 100, 'DELIVER sy Aug 29, 2026'), line(100, 140, 'SHIPMENT DATE Aug 26, 2026')));
    expect(d.Dates).toEqual({ Pickup: '2026-08-26', Delivery: '2026-08-29' });
    expect(shortTailCost('SY', 'BY', ['DELIVER'])).toBe(1);
    // A four-letter word that lost a narrow letter, after words read exactly; not a wide one.
    expect(shortTailCost('BLL', 'BILL', ['THIRD', 'PARTY'])).toBe(1);
    expect(shortTailCost('BIL', 'BILL', ['THIRD', 'PARTY'])).toBe(1);
    expect(shortTailCost('BLL', 'BALL', ['THIRD', 'PARTY'])).toBe(-1);
    // Too little read before it, or more than one letter off: no label.
    expect(shortTailCost('SY', 'BY', ['BOL'])).toBe(-1);
    expect(shortTailCost('XY', 'ON', ['DELIVER'])).toBe(-1);
  });

  it('accepts a short word in the middle of a long label read with a digit for a letter', () => {
    const hits = findLabels(buildSegments(line(100, 100, 'DESCRIPTION 06 ARTICLES')));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ field: 'commodity', label: 'DESCRIPTION OF ARTICLES', valueWords: [] });
  });

  it('takes a word one letter off a number label for a label only when no worded phrase follows it', () => {
    // GLASS reads one look-alike letter off CLASS: a description in the goods table, not a class label.
    expect(findLabels(buildSegments(line(100, 100, 'GLASS BOTTLES, EMPTY'))).map((h) => h.field)).toEqual([]);
    expect(findLabels(buildSegments(line(100, 100, 'GLASS 150'))).map((h) => h.field)).toEqual(['freightClass']);
    expect(findLabels(buildSegments(line(100, 100, 'CLASS BOTTLES, EMPTY'))).map((h) => h.field)).toEqual(['freightClass']);
  });
});

describe('goods table ends', () => {
  it('takes a declared value under the goods for no description', () => {
    const d = extractFields(page(
      line(100, 500, 'Nombre de colis'), line(400, 500, 'Description des marchandises'), line(900, 500, 'Poids'),
      line(100, 530, '144'), line(400, 530, 'PIECES DE QUINCAILLERIE'), line(900, 530, '222 KG'),
      line(100, 620, 'INSTRUCTIONS SPÉCIALES'), line(400, 620, 'VALEUR DÉCLARÉE'), line(100, 645, 'Ne pas empiler'), line(400, 645, '24100 $'),
    ));
    expect(d.ShipmentDetails?.Commodity).toBe('PIECES DE QUINCAILLERIE');
  });
  it('reads the description right of its label when the row holds keyed pairs, not when it is a table heading row', () => {
    const keyed = extractFields(page(
      line(72, 759, 'Handling units'), line(260, 752, '1 CRATE'), line(660, 765, 'Description'), line(860, 760, 'COPPER WIRE ON REELS'),
      line(73, 801, 'Pieces'), line(200, 801, '5'), line(660, 801, 'Class'), line(794, 804, '200'),
    ));
    expect(keyed.ShipmentDetails?.Commodity).toBe('COPPER WIRE ON REELS');
    // The pair's value read on with its label, as one run.
    const runOn = extractFields(page(
      line(86, 1042, 'Handing units 4 SKID'), line(926, 1052, 'Description'), line(1116, 1045, 'HOUSEHOLD CLEANING SUPPLIES'),
      line(86, 1115, 'Pieces'), line(273, 1112, '36'), line(919, 1117, 'Class'), line(1116, 1110, '85'),
    ));
    expect(runOn.ShipmentDetails?.Commodity).toBe('HOUSEHOLD CLEANING SUPPLIES');
    const table = extractFields(page(
      line(78, 562, 'HANDLING UNIT'), line(193, 561, 'PACKAGE'), line(291, 557, 'WEIGHT'), line(460, 561, 'COMMODITY DESCRIPTION'), line(736, 563, 'LTL ONLY'),
      line(78, 600, '2'), line(193, 600, '14'), line(291, 600, '1200'), line(460, 600, 'PACKAGING MATERIALS'),
    ));
    expect(table.ShipmentDetails?.Commodity).toBe('PACKAGING MATERIALS');
  });

  it('does not take the joining word of a heading read in pieces for the description', () => {
    const d = extractFields(page(
      line(100, 500, 'Nombre de colis'), line(400, 500, 'Description des'), line(900, 500, 'Poids'),
      line(100, 530, '144'), line(400, 530, 'MEUBLES EN PIECES'), line(900, 530, '222 KG'),
    ));
    expect(d.ShipmentDetails?.Commodity).toBe('MEUBLES EN PIECES');
  });
  it("does not take the form's 'not negotiable' for the description", () => {
    const d = extractFields(page(
      line(100, 100, 'Transport routier de'), line(400, 100, 'marchandises Non negociable'),
      line(100, 500, 'Nombre de colis'), line(400, 500, 'Description des marchandises'), line(900, 500, 'Poids'),
      line(100, 530, '144'), line(400, 530, "SIROP D'ERABLE"), line(900, 530, '222 KG'),
    ));
    expect(d.ShipmentDetails?.Commodity).toBe("SIROP D'ERABLE");
  });
});

describe('piece counts', () => {
  it('reads a handwritten zero read as a letter of its own after the count (6 o), and a class read digit by digit, as doubts', () => {
    const d = extractFields(page(line(118, 1079, 'Pieces'), line(220, 1079, '6 o -'), line(500, 1079, 'Class'), line(620, 1079, '. 2 5 o')));
    expect(d.ShipmentDetails).toMatchObject({ Pieces: 60, FreightClass: '250' });
    expect(d.ConfidenceScores['ShipmentDetails.Pieces']).toBeLessThan(0.9);
    expect(d.ConfidenceScores['ShipmentDetails.FreightClass']).toBeLessThan(0.9);
  });
  it('does not take the first digits of a weight in the next column as a count', () => {
    const d = extractFields(page(
      line(100, 300, 'Order No.'), line(520, 300, '# Pkgs'), line(760, 300, 'Weight'),
      line(100, 340, 'SO492433'), line(530, 340, '15'), line(700, 336, '8,798 lb'),
    ));
    expect(d.ShipmentDetails?.Pieces).toBe(15);
  });

  it('reads the count under a heading read on with the next one (Pieces Description)', () => {
    const d = extractFields(page(
      line(96, 601, 'Handling units'), line(300, 601, 'Pieces Description'), line(712, 601, 'Class NMFC'), line(872, 601, 'Weight'),
      line(96, 635, '13 SKID'), line(304, 635, '156'), line(384, 635, 'CORRUGATED BOXES, KD FLAT'), line(715, 635, '125'), line(784, 635, '47859'), line(872, 635, '22,156 lb'),
    ));
    expect(d.ShipmentDetails?.Pieces).toBe(156);
  });

  it('reads the one count of packages named by their kind on the weight\'s row when no count heading was read, as a doubt', () => {
    const d = extractFields(page(line(100, 100, 'Nombre d unites'), line(300, 100, 'Nombre de cobs.'), line(560, 100, 'Poids'),
      line(100, 140, '11 PALETTES'), line(326, 140, '77 COLIS'), line(547, 140, '2170 kg')));
    expect(d.ShipmentDetails.Pieces).toBe(77);
    expect(d.ConfidenceScores['ShipmentDetails.Pieces']).toBeLessThan(0.9);
  });

  it('takes no weight with its unit under the count heading for a count', () => {
    const d = extractFields(page(
      line(100, 300, 'Order No.'), line(520, 300, '# Pkgs'), line(760, 300, 'Weight'),
      line(100, 340, '56769-7'), line(560, 340, '484 kg'),
    ));
    expect(d.ShipmentDetails?.Weight).toBe(484);
    expect(d.ShipmentDetails?.Pieces ?? null).toBeNull();
  });
});

describe('dates whose labels were lost', () => {
  it('takes lone dates as pickup then delivery, as doubts', () => {
    const d = extractFields(page(
      line(100, 100, 'Dans', 0.5), line(400, 100, '06/24/2026'),
      line(100, 140, 'Dever on', 0.5), line(400, 140, '06/20/2026'),
      line(100, 180, 'Shipped on the date above, see conditions 06/01/2026'),
    ));
    expect(d.Dates).toEqual({ Pickup: '2026-06-20', Delivery: '2026-06-24' });
    expect(d.ConfidenceScores['Dates.Pickup']).toBeLessThanOrEqual(0.85);
  });

  it('keeps a lone date\'s far year (2076) as printed, as a doubt, as it does for a labelled one', () => {
    const d = extractFields(page(line(100, 100, 'Ship date'), line(400, 100, '02/26/2026'), line(100, 140, 'Dever on', 0.5), line(400, 140, '03/02/2076')));
    expect(d.Dates.Delivery).toBe('2076-03-02');
    expect(d.ConfidenceScores['Dates.Delivery']).toBeLessThan(0.9);
  });

  it('takes a date after a few words of a label garbled past matching as an unlabelled date, as a guess', () => {
    const d = extractFields(page(line(127, 414, 'SI PMLN I 1DAI 1 10/19/2026', 0.5), line(824, 414, 'PZN443353')));
    expect(d.Dates.Pickup).toBe('2026-10-19');
    expect(d.ConfidenceScores['Dates.Pickup']).toBeLessThan(0.9);
    // A sentence ending with a date is no garbled label.
    expect(extractFields(page(line(100, 180, 'Shipped on the date above, see conditions 06/01/2026'))).Dates.Pickup).toBeNull();
  });

  it('takes no date stamped with a time of day (a fax machine\'s line) as one of the shipment\'s dates', () => {
    const fax = line(30, 10, '11/06/22 |09:40AM |(244) 640-8876 |SUMMIT RIDGE PAPER MILLS |P.01');
    const d = extractFields(page(fax, line(100, 300, '11/04/22'), line(500, 300, 'PZN443353')));
    expect(d.Dates.Pickup).toBe('2022-11-04');
    expect(d.Dates.Delivery).toBeNull();
    // The same date with no time beside it is the form's second date.
    const plain = extractFields(page(line(30, 10, '11/06/22 |SUMMIT RIDGE PAPER MILLS'), line(100, 300, '11/04/22'), line(500, 300, 'PZN443353')));
    expect(plain.Dates.Delivery).toBe('2022-11-06');
  });

  it('fills only the missing side, and only when one date fits', () => {
    const w = line(0, 0, 'x');
    const at = (iso: string) => ({ iso, words: w });
    expect(assignUnlabelledDates([at('2026-06-20')], null, '2026-06-24').pickup?.iso).toBe('2026-06-20');
    expect(assignUnlabelledDates([at('2026-06-28')], null, '2026-06-24').pickup).toBeNull();
    expect(assignUnlabelledDates([at('2026-06-21'), at('2026-06-22')], '2026-06-20', null).delivery).toBeNull();
    expect(assignUnlabelledDates([at('2026-06-21'), at('2026-06-22'), at('2026-06-23')], null, null).pickup).toBeNull();
  });
});

describe('party blocks on grid and keyed forms', () => {
  it('reads row labels printed without colons in their own cells (NAME | value), a rule end read onto one (ZIP_|)', () => {
    for (const cityLabel of ['CITY / STATE / ZIP', 'CITY / STATE / ZIP_|']) {
      const d = extractFields(page(
        line(100, 100, 'SHIP FROM'),
        line(100, 140, 'NAME'), line(400, 140, 'Trillium Millworks LLC'),
        line(100, 180, 'ADDRESS'), line(400, 180, '27396 Garfield Hwy Ste 3'),
        line(100, 220, cityLabel), line(400, 220, 'Cheyenne, WY 82007'),
      ));
      expect(d.Shipper).toMatchObject({ Name: 'TRILLIUM MILLWORKS LLC', Address: '27396 GARFIELD HWY STE 3', City: 'CHEYENNE', State: 'WY', Zip: '82007' });
    }
  });

  it('reads values beside row labels the OCR garbled on a keyed form, and ends the block at its city line', () => {
    const d = extractFields(page(
      line(100, 100, 'CONSIGNED pes', 0.6), line(400, 100, 'Whitewater Fasteners Inc'),
      line(100, 140, 'Sr', 0.3), line(400, 140, '29139 Central Rd'),
      line(100, 180, 'Pratt', 0.4), line(400, 180, 'Seattle, WA 98104'),
      line(100, 220, 'Fin ion)', 0.4), line(400, 220, 'Stonebridge Wire & Cable Ltd'),
      line(100, 260, 'Sor', 0.3), line(400, 260, '2372 N Willow Pl'),
      line(100, 300, 'Trams', 0.3), line(400, 300, 'Fargo, ND 58103'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'WHITEWATER FASTENERS INC', Address: '29139 CENTRAL RD', City: 'SEATTLE', State: 'WA', Zip: '98104' });
  });

  it('reads the value beside a row label the OCR turned into a mark, where the other keyed rows show the value column', () => {
    const d = extractFields(page(
      line(100, 60, 'SHIP FROM'),
      line(100, 100, '=', 0.5), line(400, 100, 'Empaques Tolteca SA de CV'),
      line(100, 140, 'ADDRESS'), line(410, 140, 'Calle Morelos 2021'),
      line(100, 180, 'CITY / STATE / ZIP'), line(405, 180, 'Torreon, COA 27000'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'EMPAQUES TOLTECA SA DE CV', Address: 'CALLE MORELOS 2021', Zip: '27000' });
  });

  it('sets a party column from the line under its header, not from the neighbouring column that grazes it', () => {
    const d = extractFields(page(
      line(200, 100, 'ORIGEN'), line(500, 100, 'DESTINATARIO'),
      line(100, 134, 'Trillium Paper Mills Holdings INC'), line(510, 140, 'Red Oak Coatings INC'),
      line(100, 170, '29090 Chestnut Way'), line(510, 172, '12651 Garfield Way'),
      line(100, 204, 'South Bend, IN 46628'), line(510, 206, 'Austin, TX 78701'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'RED OAK COATINGS INC', Address: '12651 GARFIELD WAY', City: 'AUSTIN', State: 'TX', Zip: '78701' });
  });

  it('does not trust a street line that is one word without a number', () => {
    const d = extractFields(page(line(100, 100, 'CONSIGNEE'), line(100, 140, 'Red Oak Coatings INC'), line(100, 180, 'Carretera'), line(100, 220, 'Austin, TX 78701')));
    expect(d.Consignee?.Address).toBe('CARRETERA');
    expect(d.ConfidenceScores['Consignee.Address']).toBeLessThanOrEqual(0.85);
  });

  it('keeps large handwritten lines under a small printed header together', () => {
    const big = (x: number, y: number, t: string): Word[] => line(x, y, t).map((w) => ({ ...w, bbox: [w.bbox[0], y, w.bbox[2], y + 26] as [number, number, number, number] }));
    const small = line(100, 100, 'SHIPPER').map((w) => ({ ...w, bbox: [w.bbox[0], 100, w.bbox[2], 113] as [number, number, number, number] }));
    const d = extractFields(page(small, big(100, 126, 'Stonebridge Millworks LTD'), big(100, 176, '15265 Railroad Way'), big(100, 234, 'Cedar Rapids, IA 52404')));
    expect(d.Shipper).toMatchObject({ Name: 'STONEBRIDGE MILLWORKS LTD', City: 'CEDAR RAPIDS', State: 'IA', Zip: '52404' });
  });

  it('finds an address block whose header and row labels were lost, as a doubt', () => {
    const d = extractFields(page(
      line(100, 60, 'CONSIGNEE'), line(400, 60, 'Whitewater Fasteners Inc'),
      line(100, 100, 'STREET'), line(400, 100, '29139 Central Rd'),
      line(100, 140, 'CITY STATE ZIP'), line(400, 140, 'Seattle, WA 98104'),
      line(100, 200, 'Fin ion)', 0.4), line(400, 200, 'Stonebridge Wire & Cable Ltd *'),
      line(400, 240, '2372 N Willow Pl'),
      line(400, 280, 'Fargo, ND 58103'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'WHITEWATER FASTENERS INC', City: 'SEATTLE' });
    expect(d.Shipper).toMatchObject({ Name: 'STONEBRIDGE WIRE & CABLE LTD', Address: '2372 N WILLOW PL', City: 'FARGO', State: 'ND', Zip: '58103' });
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThanOrEqual(0.85);
  });

  it('strips a row label read with a slip, cut short, or given two names', () => {
    const text = (ws: Word[]): string => ws.map((w) => w.text).join(' ');
    expect(text(stripSubLabel(line(0, 0, 'Nombre / Raron social Red Oak Coatings INC')).words)).toBe('Red Oak Coatings INC');
    expect(text(stripSubLabel(line(0, 0, 'nombre / Razón soc. Trillium Paper Mills')).words)).toBe('Trillium Paper Mills');
    // The second name's first word garbled past matching and read weakly, the rest exact; read clearly, it stays.
    const garbled = line(0, 0, 'Nombre / Fauzde social LOGISTICA CUMBRES SA DE CV');
    garbled[2]!.confidence = 0.06;
    expect(text(stripSubLabel(garbled).words)).toBe('LOGISTICA CUMBRES SA DE CV');
    expect(stripSubLabel(garbled).guessedLabel).toBe(true);
    // The second name read as weak words before a clearly read value: dropped, and the name left in doubt.
    const weak = line(0, 0, 'Nombre / Mazos vocal Comercial del Bajio SA de CV');
    weak[2]!.confidence = 0.38; weak[3]!.confidence = 0.44;
    expect(text(stripSubLabel(weak).words)).toBe('Comercial del Bajio SA de CV');
    const d = extractFields(page(line(100, 100, 'DESTINATARIO'), weak.map((w) => ({ ...w, bbox: [w.bbox[0] + 100, 125, w.bbox[2] + 100, 145] as [number, number, number, number] })),
      line(100, 150, 'Domicilio: Av. de los Insurgentes 1045'), line(100, 175, 'Ciudad, Estado, C.P.: San Luis Potosi, SLP 78395')));
    expect(d.Consignee?.Name).toBe('COMERCIAL DEL BAJIO SA DE CV');
    expect(d.ConfidenceScores['Consignee.Name']).toBeLessThan(0.9);
    expect(text(stripSubLabel(line(0, 0, 'Nombre / Fauzde social LOGISTICA CUMBRES SA DE CV')).words)).toBe('Fauzde social LOGISTICA CUMBRES SA DE CV');
    // The second name's first word read whole, the rest garbled up to its colon; and the slash read as a 7.
    const colon = stripSubLabel(line(0, 0, 'Nombre / Razon voca: Blue Ridge Electric Group LLC'));
    expect([text(colon.words), colon.guessedLabel]).toEqual(['Blue Ridge Electric Group LLC', true]);
    expect(text(stripSubLabel(line(0, 0, 'Nombre 7 Razon sal: ACEROS DEL BAJIO SA DE CV')).words)).toBe('ACEROS DEL BAJIO SA DE CV');
    // Both names garbled but the second's first word.
    const both = stripSubLabel(line(0, 0, 'MEMBRE / RAZON VOST BLUE RIDGE CONTAINERS LLC'));
    expect([text(both.words), both.sub, both.guessedLabel]).toEqual(['BLUE RIDGE CONTAINERS LLC', 'name', true]);
    // A 7 before a value that does not start the row label's second name stays.
    expect(text(stripSubLabel(line(0, 0, 'Nombre 7 Hermanos Transportes SA')).words)).toBe('7 Hermanos Transportes SA');
    // The second name's first word read whole, the rest weakly, before a clearly read value.
    const weakSecond = line(0, 0, 'Nombre / Razón sort COMERCIAL HUASTECA SA DE CV');
    weakSecond[3]!.confidence = 0.29;
    expect(text(stripSubLabel(weakSecond).words)).toBe('COMERCIAL HUASTECA SA DE CV');
    // ... or weakly with the label word's first letter, the value itself read none too well.
    const initial = line(0, 0, 'Nombre / Razón soont Manufacturas Tolteca SA de CV');
    initial[3]!.confidence = 0.4; initial[4]!.confidence = 0.62;
    expect(text(stripSubLabel(initial).words)).toBe('Manufacturas Tolteca SA de CV');
    // ... or fairly weakly with that letter, before a value read surely.
    const fairly = line(0, 0, 'Nombre / Razón soos GRUPO DEL BAJIO SA DE CV');
    fairly[3]!.confidence = 0.6; fairly[4]!.confidence = 0.96;
    expect(text(stripSubLabel(fairly).words)).toBe('GRUPO DEL BAJIO SA DE CV');
    // ... or surely enough but two slips off the label's long second word.
    const slips = line(0, 0, 'Nombre / Razón socat Silverline Containers Group LLC');
    slips[3]!.confidence = 0.61; slips[4]!.confidence = 0.62;
    expect(text(stripSubLabel(slips).words)).toBe('Silverline Containers Group LLC');
    // A weak word of another letter after RAZON, before a weakly read value, is not taken for the label.
    const other = line(0, 0, 'Nombre / Razón Imports Manufacturas Tolteca SA de CV');
    other[3]!.confidence = 0.4; other[4]!.confidence = 0.62;
    expect(text(stripSubLabel(other).words)).toBe('Razón Imports Manufacturas Tolteca SA de CV');
    expect(stripLeadingJunk('DOMICÑO: 12651 GARFIELD WAY')).toEqual({ value: '12651 GARFIELD WAY', repaired: true });
    expect(stripLeadingJunk('BLVD: AEROPUERTO 2815')).toEqual({ value: 'BLVD. AEROPUERTO 2815', repaired: true });
    expect(nearLabel('NAMCO', 'NAME')).toBe(false);
    expect(nearLabel('COMPANIA', 'COMPANY')).toBe(false);
  });

  it('strips a row label the OCR joined to its value', () => {
    expect(stripSubLabel(line(0, 0, 'NAME Acme Foods Inc')).sub).toBe('name');
    expect(stripSubLabel(line(0, 0, 'CITY, STATE, ZIP Austin, TX 78701')).words.map((w) => w.text).join(' ')).toBe('Austin, TX 78701');
    // A city that starts with a label-like word keeps it.
    expect(stripSubLabel(line(0, 0, 'CIUDAD JUAREZ, CHIH 32000')).sub).toBeNull();
  });

  it('joins city, state and postal code printed on separate rows under a party column', () => {
    const d = extractFields(page(
      line(400, 100, 'SHIPPER'),
      line(400, 140, 'Kestrel Ceramics Holdings INC'),
      line(400, 180, '17054 N Monroe Parkway'),
      line(400, 220, 'LANSING'),
      line(400, 260, 'MI'),
      line(400, 300, '48906'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'KESTREL CERAMICS HOLDINGS INC', Address: '17054 N MONROE PARKWAY', City: 'LANSING', State: 'MI', Zip: '48906' });
    // A province code that is also a label (BC, bon de commande) alone on its row is the state.
    const bc = extractFields(page(line(400, 100, 'CONSIGNEE'), line(400, 140, 'Golden Valley Wire & Cable INC'), line(400, 180, '4915 Dundas Dr'),
      line(400, 220, 'SURREY'), line(400, 260, 'BC'), line(400, 300, 'V3S 0K4')));
    expect(bc.Consignee).toMatchObject({ City: 'SURREY', State: 'BC', Zip: 'V3S 0K4' });
    expect(bc.References?.PoNumber ?? null).toBeNull();
    // A city of five words on its row.
    const long = extractFields(page(line(400, 100, 'SHIPPER'), line(400, 140, 'Comercial Queretana SA de CV'), line(400, 180, 'Av. Revolucion 2786'),
      line(400, 220, 'SAN NICOLAS DE LOS GARZA'), line(400, 260, 'NL'), line(400, 300, '66450')));
    expect(long.Shipper).toMatchObject({ Address: 'AV. REVOLUCION 2786', City: 'SAN NICOLAS DE LOS GARZA', State: 'NL', Zip: '66450' });
    // Its state row unread: no state code stands where the line has its state, so its city is in doubt.
    const lost = extractFields(page(line(400, 100, 'SHIPPER'), line(400, 140, 'Comercial Queretana SA de CV'), line(400, 180, 'Av. Revolucion 2786'),
      line(400, 220, 'SAN NICOLAS DE LOS GARZA', 0.99), line(400, 260, '66450', 0.99)));
    expect(lost.ConfidenceScores['Shipper.City'] ?? 0).toBeLessThan(0.9);
  });

  it('reads a keyed-row form: the name right of the header, DESTINATION as the city row', () => {
    const d = extractFields(page(
      line(100, 100, 'CONSIGNED TO'), line(450, 100, 'BRIGHTON GLASSWORKS INC'),
      line(100, 150, 'STREET'), line(450, 150, '1002 PORTAGE ST'),
      line(100, 200, 'DESTINATION'), line(450, 200, 'SURREY, BC V4N 8K4'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'BRIGHTON GLASSWORKS INC', Address: '1002 PORTAGE ST', City: 'SURREY', State: 'BC', Zip: 'V4N 8K4' });
  });

  it('takes one sign read with next to no confidence, or a garbled label with its colon read as 1, in the label column for its row label', () => {
    const weak = line(100, 150, '5');
    weak[0]!.confidence = 0.02;
    const rows = (street: Word[]) => page(
      line(100, 100, 'CONSIGNED TO'), line(450, 100, 'INDUSTRIAS DEL BAJIO SA DE CV'),
      street, line(450, 150, 'CALLE MORELOS 3219'),
      line(100, 200, 'o.'), line(450, 200, 'VERACRUZ, VER 91700'),
    );
    expect(extractFields(rows(weak)).Consignee?.Address).toBe('CALLE MORELOS 3219');
    // So is a garbled label with its colon read as a 1.
    const colon = line(100, 150, 'STRFF. 1');
    colon[0]!.confidence = 0.29;
    expect(extractFields(rows(colon)).Consignee?.Address).toBe('CALLE MORELOS 3219');
  });

  it('ends a keyed block at its DESTINATION row: the rows after it, under a garbled heading, are the next party', () => {
    // Row labels left, values at x 450, one row every 50 px.
    const rows: Array<[string, string]> = [['CONSIGNED 1m', 'LOGISTICA ANAHUAC SA DE CV'], ['smn', 'AV. INDUSTRIAS 3675'],
      ['DESTINATION', 'CHIHUAHUA, CHH 31136'], ['Fuma (ven)', 'GRUPO REGIOMONTANA SA DE OV'], ['STRFET', 'CARRETERA FEDERAL 57 KM 2588'],
      ['DESTINATRIN', 'SAN LUIS POTOSI, SLP 78395']];
    const d = extractFields(page(...rows.flatMap(([label, value], i) => [line(100, 100 + 50 * i, label), line(450, 100 + 50 * i, value)])));
    expect(d.Consignee).toMatchObject({ Name: 'LOGISTICA ANAHUAC SA DE CV', Address: 'AV. INDUSTRIAS 3675', City: 'CHIHUAHUA', State: 'CHH', Zip: '31136' });
    expect(d.Shipper).toMatchObject({ Name: 'GRUPO REGIOMONTANA SA DE CV', Address: 'CARRETERA FEDERAL 57 KM 2588', State: 'SLP', Zip: '78395' });
  });

  it('takes a lone short word after a heading for the heading\'s misread last word, and a clearly read word left of the values for a row label', () => {
    const d = extractFields(page(
      line(100, 100, 'CONSIGNEE 1'), line(450, 100, 'BRIGHTON GLASSWORKS INC'),
      line(100, 150, 'Smuer'), line(450, 150, '1002 PORTAGE ST'),
      line(100, 200, 'DESTINATION'), line(450, 200, 'SURREY, BC V4N 8K4'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'BRIGHTON GLASSWORKS INC', Address: '1002 PORTAGE ST', City: 'SURREY', Zip: 'V4N 8K4' });
  });

  it('keeps reading a typed form whose rows stand far apart, at the pitch of its first row', () => {
    const d = extractFields(page(
      line(100, 100, 'CONSIGNED TO'), line(450, 95, 'BRIGHTON GLASSWORKS INC'),
      line(100, 175, 'STREET'), line(450, 168, '1002 PORTAGE ST'),
      line(100, 250, 'DESTINATION'), line(450, 242, 'SURREY, BC V4N 8K4'),
      line(100, 325, 'FROM (SHIPPER)'), line(450, 320, 'ALDER HARDWARE CORP'),
      line(100, 400, 'STREET'), line(450, 393, '3554 INDUSTRIAL BLVD'),
      line(100, 475, 'DESTINATION'), line(450, 468, 'MONCTON, NB E1A 4A9'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'BRIGHTON GLASSWORKS INC', Address: '1002 PORTAGE ST', City: 'SURREY', Zip: 'V4N 8K4' });
    expect(d.Shipper).toMatchObject({ Name: 'ALDER HARDWARE CORP', Address: '3554 INDUSTRIAL BLVD', City: 'MONCTON', Zip: 'E1A 4A9' });
  });

  it('takes FROM with a misread word in parentheses as the shipper heading', () => {
    const hits = findLabels(buildSegments(line(100, 100, 'From (sturrer)')));
    expect(hits.map((h) => h.field)).toEqual(['shipper']);
    expect(findLabels(buildSegments(line(100, 100, 'From Austin to Dallas'))).map((h) => h.field)).toEqual([]);
    // The parenthesised word read in pieces, glued to the heading.
    const glued = findLabels(buildSegments(line(100, 100, 'FROM(S PPER) INDUSTRIAS DEL NORTE SA DE CV')));
    expect(glued.map((h) => h.field)).toEqual(['shipper']);
    expect(glued[0]!.valueWords.map((w) => w.text).join(' ')).toBe('INDUSTRIAS DEL NORTE SA DE CV');
  });

  it('lets a whole address block stand in for a heading that gave one stray line', () => {
    const d = extractFields(page(
      line(100, 100, 'SHIPPER'), line(100, 125, 'ALDER HARDWARE CORP'), line(100, 150, '3554 INDUSTRIAL BLVD'), line(100, 175, 'MONCTON, NB E1A 4A9'),
      line(100, 260, 'Consarao 0'), line(100, 285, 'COPPERFIELD NUTRITION CO'), line(100, 310, '947 ENTERPRISE HWY'), line(100, 335, 'RENO, NV 89502'),
      line(100, 420, 'DESTINATION'), line(100, 445, 'Cuances'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'COPPERFIELD NUTRITION CO', City: 'RENO', Zip: '89502' });
    expect(d.ConfidenceScores['Consignee.Name']).toBeLessThan(0.9);
  });

  it('ends the street at a city line whose postal code is unreadable, and doubts the code', () => {
    expect(parseCityStateZip(line(0, 0, 'SASKATOON, SK S7N JE7'))).toMatchObject({ cityText: 'SASKATOON', stateText: 'SK', zipUnread: true });
    // No comma after the city, or no state code: not a city line.
    expect(parseCityStateZip(line(0, 0, 'MAGNOLIA BLVD UNIT 34'))).toBeNull();
    // A state code read in two pieces is one code again, when it is one.
    expect(parseCityStateZip(line(0, 0, 'CHIHUAHUA, CH H 31000'))).toMatchObject({ cityText: 'CHIHUAHUA', stateText: 'CHH', zipText: '31000' });
    // A province glued to the first half of its postal code, a digit of it read as a letter: the two apart.
    expect(parseCityStateZip(line(0, 0, 'SHERBROOKE, QCJIL 4H5'))).toMatchObject({ cityText: 'SHERBROOKE', stateText: 'QC', zipText: 'J1L 4H5' });
    // Five letters that are no province and code are left whole.
    expect(parseCityStateZip(line(0, 0, 'SHERBROOKE, QCXYZ 4H5'))?.stateText).not.toBe('QC');
    expect(parseCityStateZip(line(0, 0, 'NEW YORK, N Y 10001'))).toMatchObject({ cityText: 'NEW YORK', stateText: 'NY' });
    expect(parseCityStateZip(line(0, 0, 'PEORIA, I 61604'))).toMatchObject({ cityText: 'PEORIA', stateText: 'IL' });
    expect(parseCityStateZip(line(0, 0, 'SOUTH RIVER, XQ COUD'))).toBeNull();
    // Handwritten codes broken apart, cut short or read with a digit too many, after "CITY," and a real state.
    for (const [text, city, st] of [['Dayton, OH 4 402', 'Dayton', 'OH'], ['Ontario, CA 76)', 'Ontario', 'CA'], ['SAVANNAH, GA 231401', 'SAVANNAH', 'GA']]) {
      expect(parseCityStateZip(line(0, 0, text!))).toMatchObject({ cityText: city, stateText: st, zipUnread: true });
    }
    expect(parseCityStateZip(line(0, 0, 'Dayton OH 4 402'))).toBeNull();
    // A repaired Canadian code whose area is another city: the reading of its letters that names the printed city.
    const vancouver = extractFields(block('CONSIGNEE', 'ALDER CERAMICS ULC', '8684 DUNDAS STREET W', 'VANCOUVER, BC VEB 8J6'));
    expect(vancouver.Consignee).toMatchObject({ City: 'VANCOUVER', State: 'BC', Zip: 'V6B 8J6' });
    expect(vancouver.ConfidenceScores['Consignee.Zip']).toBeLessThan(0.9);
    // An S in a digit place may be an 8 as well as a 5 (L5E is Mississauga, L8E Hamilton).
    const hamilton = extractFields(block('SHIPPER', 'HERITAGE CERAMICS CORP', '3587 QUEEN AVENUE', 'HAMILTON, ON LSE 6H9'));
    expect(hamilton.Shipper).toMatchObject({ City: 'HAMILTON', State: 'ON', Zip: 'L8E 6H9' });
    // A Mexican state and a cut-short code read together as a Canadian code ("JAL 451"): still the city line.
    expect(parseCityStateZip(line(0, 0, 'ZAPOPAN, JAL 451'))).toMatchObject({ cityText: 'ZAPOPAN', stateText: 'JAL', zipUnread: true });
    // One letter of the state read: the state the code names, if it starts with that letter; the code then unchecked.
    expect(parseCityStateZip(line(0, 0, 'Pesria, I 61604'))).toMatchObject({ cityText: 'Pesria', stateText: 'IL', stateFromLetter: true });
    expect(parseCityStateZip(line(0, 0, 'Pesria, W 61604'))).toBeNull();
    const letter = extractFields(block('SHIPPER', 'STONEBRIDGE GROCERS INC', '10836 BRIDGE PKWY', 'PEORIA, I 61604'));
    expect(letter.Shipper).toMatchObject({ Address: '10836 BRIDGE PKWY', City: 'PEORIA', State: 'IL', Zip: '61604' });
    expect(letter.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
    // No state written: the ZIP gives it when its own city is the one on the line.
    expect(parseCityStateZip(line(0, 0, 'MEMPHIS 38103'))).toMatchObject({ cityText: 'MEMPHIS', stateText: 'TN', zipText: '38103', stateFromZip: true });
    expect(parseCityStateZip(line(0, 0, 'NEW YORK 10001'))).toMatchObject({ cityText: 'NEW YORK', stateText: 'NY', stateFromZip: true });
    expect(parseCityStateZip(line(0, 0, 'WAREHOUSE 38103'))).toBeNull();
    // No space after the comma.
    expect(parseCityStateZip(line(0, 0, 'CHICAGO,IL 60632'))).toMatchObject({ cityText: 'CHICAGO', stateText: 'IL', zipText: '60632' });
    expect(parseCityStateZip(line(0, 0, 'CELAYA,.GTO 38000'))).toMatchObject({ cityText: 'CELAYA', stateText: 'GTO', zipText: '38000' });
    // With the row's label read before the city.
    expect(parseCityStateZip(line(0, 0, 'CNY, STATE, ZIP Memphis. 38118'))).toMatchObject({ stateText: 'TN', zipText: '38118', stateFromZip: true });
    // A city's last word of three letters is no state when the ZIP's city is the whole of it.
    expect(parseCityStateZip(line(0, 0, 'GREEN BAY 54304'))).toMatchObject({ cityText: 'GREEN BAY', stateText: 'WI', stateFromZip: true });
    expect(parseCityStateZip(line(0, 0, 'TORREON COA 27000'))).toMatchObject({ cityText: 'TORREON', stateText: 'COA' });
    const d = extractFields(block('CONSIGNEE', 'ACME GROCERS INC', '1734 E MAGNOLIA BLVD', 'MINNEAPOLIS, MN COUD'));
    expect(d.Consignee).toMatchObject({ Address: '1734 E MAGNOLIA BLVD', City: 'MINNEAPOLIS', State: 'MN' });
    expect(d.ConfidenceScores['Consignee.Zip']).toBeLessThan(0.9);
  });

  it('reads the block below a heading followed only by marks (a dotted leader read as ". .")', () => {
    const d = extractFields(block('CONSIGNEE . .', 'COPPERFIELD PAPER MILLS LTD', '10684 COMMERCE PL', 'RICHMOND, VA 23224'));
    expect(d.Consignee).toMatchObject({ Name: 'COPPERFIELD PAPER MILLS LTD', Address: '10684 COMMERCE PL', City: 'RICHMOND', State: 'VA', Zip: '23224' });
  });

  it('doubts a postal code whose characters were changed to fit its pattern', () => {
    const d = extractFields(block('SHIPPER', 'BOREAL FOODS LTD', '12 RUE SAINT-PAUL', 'QUEBEC, QC G1K 178'));
    expect(d.Shipper?.Zip).toBe('G1K 1Z8');
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
  });

  it('checks a Mexican postal code that is also a US ZIP against the Mexican state printed with it', () => {
    const d = extractFields(block('REMITENTE', 'EMPAQUES HUASTECA SA DE CV', 'CALLE MORELOS 754', 'TORREON, COA 27019'));
    expect(d.Shipper).toMatchObject({ City: 'TORREON', State: 'COA', Zip: '27019', Country: 'MX' });
    expect(d.ConfidenceScores['Shipper.State']).toBeGreaterThanOrEqual(0.9);
  });

  it('finds a headerless Mexican or French address block whose street starts with its street word', () => {
    expect(looksLikeStreet('CALLE MORELOS 754')).toBe(true);
    expect(looksLikeStreet('AV. JUAREZ 2110')).toBe(true);
    expect(looksLikeStreet('4300 MAGNOLIA LN')).toBe(true);
    expect(looksLikeStreet('CALLE MAYOR')).toBe(false);
    expect(looksLikeStreet('ACME TRADING 2000')).toBe(false);
  });

  it('reads a unit and its number leading an address as the street\'s own, not a misread label', () => {
    expect(looksLikeStreet('ROOM 1409, NO. 53 CENTURY AVENUE')).toBe(true);
    expect(looksLikeStreet('SUITE 200, 123 MAIN ST')).toBe(true);
    expect(looksLikeStreet('ROOM 12')).toBe(false);
    expect(stripLeadingJunk('ROOM 1857, NO. 583 CENTURY AVENUE')).toEqual({ value: 'ROOM 1857, NO. 583 CENTURY AVENUE', repaired: false });
    expect(stripLeadingJunk('SMEER 3359 MACLEOD AVE')).toEqual({ value: '3359 MACLEOD AVE', repaired: true });
  });

  it('takes city and state stacked on grid rows when the postal code below them is unreadable, and stops at the goods table', () => {
    const d = extractFields(page(
      line(200, 100, 'SHIPPER'), line(200, 125, 'CORNERSTONE NUTRITION INC'), line(200, 150, '9179 KING BLVD'),
      line(200, 175, 'EDMONTON'), line(200, 200, 'AB'), line(200, 225, 'Tee «a'),
      line(100, 260, 'PIECES'), line(400, 260, 'DESCRIPTION'), line(800, 260, 'WEIGHT'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'CORNERSTONE NUTRITION INC', Address: '9179 KING BLVD', City: 'EDMONTON', State: 'AB' });
    expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
  });

  it('joins a ZIP split by a space, drops a stray number before the city, and splits a glued company ending', () => {
    expect(parseCityStateZip(line(0, 0, 'FORT WORTH, TX 76 106'))).toMatchObject({ zipText: '76106', stateText: 'TX' });
    expect(parseCityStateZip(line(0, 0, 'CEDAR RAPIDS IA 5240 4'))).toMatchObject({ zipText: '52404', stateText: 'IA' });
    expect(parseCityStateZip(line(0, 0, 'EDISON, N, N NJ 088 17'))).toMatchObject({ cityText: 'EDISON', stateText: 'NJ', zipText: '08817' });
    // A bar for the I of a state; a short bit of the next cell after the code; a Canadian code too damaged to read
    // whose first letter still names the province of a misread state.
    const barred = line(0, 0, 'DES MOINES, IA 50309');
    barred[2]!.text = '|A';
    expect(parseCityStateZip(barred)).toMatchObject({ zipText: '50309', stateText: 'IA' });
    expect(parseCityStateZip(line(0, 0, 'RENO, NV 89512 CUT'))).toMatchObject({ zipText: '89512', stateText: 'NV', zipRepaired: true });
    expect(parseCityStateZip(line(0, 0, 'LAVAL, GC H7L V7'))).toMatchObject({ cityText: 'LAVAL', stateText: 'QC', zipUnread: true });
    // The next cell's label and value read onto the line.
    expect(parseCityStateZip(line(0, 0, 'Albany, NY 12205 CARRIER BLUE HERON FREIGHT'))).toMatchObject({ cityText: 'Albany', zipText: '12205' });
    // A row label missing one of its slashes.
    const grid = extractFields(page(line(100, 100, 'SHIP FROM'), line(100, 140, 'NAME'), line(400, 140, 'Trillium Millworks INC'),
      line(100, 180, 'ADDRESS'), line(400, 180, '4870 Sycamore Hwy'), line(100, 220, 'CITY / STATE ZIP'), line(400, 220, 'Albany, NY 12205')));
    expect(grid.Shipper).toMatchObject({ City: 'ALBANY', State: 'NY', Zip: '12205' });
    const d = extractFields(block('SHIPPER', 'STONEBRIDGE CERAMICSCORP', '1620 AV. LAS TORRES 12', '22 APODACA, NL 66600'));
    expect(d.Shipper).toMatchObject({ Name: 'STONEBRIDGE CERAMICS CORP', City: 'APODACA' });
    expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    const e = extractFields(block('CONSIGNEE', '‘PINNACLE FOUNDRYINC', '3446 QUEEN ST', 'TORONTO, ON M5V 2T6'));
    expect(e.Consignee?.Name).toBe('PINNACLE FOUNDRY INC');
  });

  it('does not trust the city line of a block read as a jumble (a street running on, a house number for a name)', () => {
    const clean = extractFields(block('SHIPPER:', 'ACME FOODS INC', '28425 MILL WAY', 'AKRON, OH 44308'));
    expect(clean.ConfidenceScores['Shipper.Zip']).toBeGreaterThanOrEqual(0.9);
    const runOn = extractFields(block('SHIPPER:', 'ACME FOODS INC', '27009 W MILL PL KNOXVILLE, TN 37902 SU VO MEUBLES', 'AKRON, OH 44308'));
    const numbered = extractFields(block('SHIPPER:', '2672 S MONROE AVE', '28425 MILL WAY', 'AKRON, OH 44308'));
    for (const d of [runOn, numbered]) {
      expect(d.Shipper?.Zip).toBe('44308');
      expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
      expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    }
  });

  it('reads on past a keyed pair beside the block (a carrier label and its value are no goods-table heading row)', () => {
    const d = extractFields(page(
      line(100, 100, 'SHIP TO'), line(100, 125, 'BLUE RIDGE NUTRITION ULC'),
      line(100, 150, '5863 PORTAGE DRIVE E'), line(800, 150, 'Carrier'), line(1060, 152, 'FLETES Y CARGA POTOSINA'),
      line(100, 175, 'HAMILTON, ON L8E 1K4'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'BLUE RIDGE NUTRITION ULC', Address: '5863 PORTAGE DRIVE E', City: 'HAMILTON', Zip: 'L8E 1K4' });
  });

  it('takes the value beside a row label whose centre lines up with it, not a tall speck of the next row', () => {
    const tall = line(345, 150, 'Fre', 0.28);
    tall[0]!.bbox = [345, 150, 429, 206];
    const d = extractFields(page(line(100, 20, 'SHIP FROM'), line(100, 60, 'NAME'), line(350, 60, 'ASHFORD SUPPLY GROUP LLC'),
      line(100, 100, 'ADDRESS'), line(350, 100, '6955 GARFIELD LANE'), line(100, 140, 'CITY/STATE/ZIP'), line(350, 140, 'MEMPHIS, TN 38103'), tall));
    expect(d.Shipper).toMatchObject({ City: 'MEMPHIS', State: 'TN', Zip: '38103' });
  });

  it('takes the value beside a row label past a speck read between them', () => {
    const d = extractFields(page(line(100, 20, 'SHIP TO'), line(100, 60, 'NAME'), line(270, 62, '.', 0.64), line(350, 60, 'MIDLAND FASTENERS LTD'),
      line(100, 100, 'ADDRESS'), line(350, 100, '3855 TECHNOLOGY PKWY'), line(100, 140, 'CITY/STATE/ZIP'), line(350, 140, 'OAKLAND, CA 94621')));
    expect(d.Consignee).toMatchObject({ Name: 'MIDLAND FASTENERS LTD', Address: '3855 TECHNOLOGY PKWY', City: 'OAKLAND' });
  });

  it('puts back the Mexican company ending read with a look-alike or glued on by a hyphen', () => {
    for (const read of ['DISTRIBUIDORA OCCIDENTE $A DE CV', 'DISTRIBUIDORA OCCIDENTE SA DE GV.', 'DISTRIBUIDORA OCCIDENTE-SA DE CV']) {
      const d = extractFields(block('REMITENTE', read, 'AV. JUAREZ 1323', 'REYNOSA, TAM 88500'));
      expect(d.Shipper?.Name).toBe('DISTRIBUIDORA OCCIDENTE SA DE CV');
    }
  });

  it('reads a heading behind two icon marks, and the block under a heading with a note in parentheses', () => {
    for (const heading of ['@© FACTURER A (TIERS)', 'FACTURER A (TIERS)']) {
      const d = extractFields(page(line(91, 236, '@ EXPÉDITEUR'), line(93, 272, 'Brighton Electric LTEE'), line(93, 308, '7023 Macleod Dr'), line(93, 342, 'Quebec, QC G2E 9T7'),
        line(91, 390, heading), line(94, 425, 'MIDLAND GROCERS COMPANY'), line(93, 463, '7086 JACKSON PL'), line(94, 499, 'NEWARK, NJ 07102')));
      expect(d.Shipper).toMatchObject({ Address: '7023 MACLEOD DR', City: 'QUEBEC', State: 'QC', Zip: 'G2E 9T7' });
      expect(d.BillTo).toMatchObject({ Name: 'MIDLAND GROCERS COMPANY', Address: '7086 JACKSON PL', City: 'NEWARK' });
    }
  });

  it('puts back an ampersand read as 6, % or € between two words of a name, as a doubt', () => {
    const d = extractFields(block('SHIPPER:', 'TRILLIUM WIRE 6 CABLE LTD', '2372 N WILLOW PL', 'FARGO, ND 58103'));
    expect(d.Shipper?.Name).toBe('TRILLIUM WIRE & CABLE LTD');
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
    expect(extractFields(block('SHIPPER:', 'ROUTE 66 DINER SUPPLY', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('ROUTE 66 DINER SUPPLY');
    // With a speck read after it ("6:", "8:").
    expect(extractFields(block('SHIPPER:', 'KESTREL WIRE 6: CABLE LLC', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('KESTREL WIRE & CABLE LLC');
    // Or handwritten and read as a per cent sign.
    expect(extractFields(block('SHIPPER:', 'BRIGHTON WIRE % CABLE INC', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('BRIGHTON WIRE & CABLE INC');
    // Or its loop and bar taken for a euro sign.
    expect(extractFields(block('SHIPPER:', 'WHITEWATER WIRE € CABLE INC', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('WHITEWATER WIRE & CABLE INC');
    expect(extractFields(block('SHIPPER:', 'TIDEWATER WIRE £ CABLE INC', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('TIDEWATER WIRE & CABLE INC');
    // Or written by hand as a plus sign.
    expect(extractFields(block('SHIPPER:', 'JIANGSU IMPORT + EXPORT CO LTD', '2372 N WILLOW PL', 'FARGO, ND 58103')).Shipper?.Name).toBe('JIANGSU IMPORT & EXPORT CO LTD');
  });

  it('puts back a street as written: a house number glued on or a compass S read as 5, a digit in a name, a type-first number, as doubts', () => {
    expect(repairHouseNumber('115-PORTAGE ST')).toEqual({ value: '115 PORTAGE ST', repaired: true });
    expect(repairHouseNumber('7561 5 RAILROAD BLVD')).toEqual({ value: '7561 S RAILROAD BLVD', repaired: true });
    expect(repairHouseNumber('17591 £ DEPOT AVE')).toEqual({ value: '17591 E DEPOT AVE', repaired: true });
    expect(repairHouseNumber('19/48 MADISON WAY')).toEqual({ value: '19748 MADISON WAY', repaired: true });
    // A long house number's last figure read as a letter; an S that may be the compass point glued on stays.
    expect(repairHouseNumber('1716Z ENTERPRISE LN')).toEqual({ value: '17162 ENTERPRISE LN', repaired: true });
    expect(repairHouseNumber('1344S N WALNUT CIR')).toEqual({ value: '13445 N WALNUT CIR', repaired: true });
    expect(repairHouseNumber('1344S WALNUT CIR')).toEqual({ value: '1344S WALNUT CIR', repaired: false });
    expect(repairHouseNumber('12B MAIN ST')).toEqual({ value: '12B MAIN ST', repaired: false });
    // A quote mark at a street line's end is a speck.
    expect(repairStreetLine('15473 MONROE DR’', []).value).toBe('15473 MONROE DR');
    // A lone 5 after the street's type is the compass S; after a unit's word it is the unit's number.
    expect(repairStreetLine('1652 DUNDAS AVE 5', []).value).toBe('1652 DUNDAS AVE S');
    expect(repairStreetLine('1652 DUNDAS AVE STE 5', []).value).toBe('1652 DUNDAS AVE STE 5');
    // A unit's number read as marks or letters that look like figures; a unit's lone letter stays.
    expect(repairStreetLine('UNIT | DOCK ROAD', [])).toMatchObject({ value: 'UNIT 1 DOCK ROAD', repaired: true });
    expect(repairStreetLine('2201 MAIN ST STE 1O', []).value).toBe('2201 MAIN ST STE 10');
    expect(repairStreetLine('2201 MAIN ST STE B', []).value).toBe('2201 MAIN ST STE B');
    // A fraction after the house number is the address's own.
    expect(repairHouseNumber('123 1/2 MAIN ST')).toEqual({ value: '123 1/2 MAIN ST', repaired: false });
    expect(repairHouseNumber('28569 $ CENTRAL LN')).toEqual({ value: '28569 S CENTRAL LN', repaired: true });
    expect(repairHouseNumber('2248 CHEMIN DE LA COTE-DE- LIESSE')).toEqual({ value: '2248 CHEMIN DE LA COTE-DE-LIESSE', repaired: true });
    expect(repairHouseNumber('2-B MAIN ST')).toEqual({ value: '2-B MAIN ST', repaired: false });
    expect(repairHouseNumber('25209 PROGRESS PL BIDG 9')).toEqual({ value: '25209 PROGRESS PL BLDG 9', repaired: true });
    expect(repairHouseNumber('113976 TECHNOLOGY PL')).toEqual({ value: '13976 TECHNOLOGY PL', repaired: true });
    expect(repairHouseNumber('100500 OVERSEAS HWY')).toEqual({ value: '100500 OVERSEAS HWY', repaired: false });
    expect(repairHouseNumber('CARRETERA FEDERAL 57KM2064')).toEqual({ value: 'CARRETERA FEDERAL 57 KM 2064', repaired: true });
    expect(repairHouseNumber('CARRETERA FEDERAL 57 KM 2064')).toEqual({ value: 'CARRETERA FEDERAL 57 KM 2064', repaired: false });
    expect(repairHouseNumber('7561 5TH AVE')).toEqual({ value: '7561 5TH AVE', repaired: false });
    // A type-first street whose space before the number was read as a hyphen; a hyphenated number stays.
    expect(repairHouseNumber('AV. INDUSTRIAS-3720')).toEqual({ value: 'AV. INDUSTRIAS 3720', repaired: true });
    expect(repairHouseNumber('CALLE 5 DE MAYO 12-3')).toEqual({ value: 'CALLE 5 DE MAYO 12-3', repaired: false });
    // A whole street read without spaces; a name with a space in it is left to the other rules.
    expect(repairHouseNumber('12857MAGNOLIACT')).toEqual({ value: '12857 MAGNOLIA CT', repaired: true });
    expect(repairHouseNumber('12857 FOREST')).toEqual({ value: '12857 FOREST', repaired: false });
    // A digit inside a word of the name is the letter it looks like; numbers, ordinals and units stay.
    expect(repairHouseNumber('AV. JUARE2 2336')).toEqual({ value: 'AV. JUAREZ 2336', repaired: true });
    expect(repairHouseNumber('880 H0LLY AVE')).toEqual({ value: '880 HOLLY AVE', repaired: true });
    expect(repairHouseNumber('880 HWY1 UNIT 2B')).toEqual({ value: '880 HWY1 UNIT 2B', repaired: false });
    // A type-first street's number glued to the name; a compound name's hyphen read apart.
    expect(repairHouseNumber('AV. JUAREZ4192')).toEqual({ value: 'AV. JUAREZ 4192', repaired: true });
    expect(repairHouseNumber('8039 RUE SAINT -PATRICK')).toEqual({ value: '8039 RUE SAINT-PATRICK', repaired: true });
    expect(repairHouseNumber('123 - 125 MAIN ST')).toEqual({ value: '123 - 125 MAIN ST', repaired: false });
    expect(repairStreetSuffix('13969 W MADISON SI')).toEqual({ value: '13969 W MADISON ST', repaired: true });
    // A unit word and its number, or a type and the name's word, read without the space between them.
    expect(splitGluedStreetWords('4726 HARBORCT STE5')).toEqual({ value: '4726 HARBOR CT STE 5', repaired: true });
    expect(splitGluedStreetWords('257 PORTER ST BLDG20').value).toBe('257 PORTER ST BLDG 20');
    expect(splitGluedStreetWords('10 OXFORD RD 5 CONCORD AVE').repaired).toBe(false);
    // A unit's word read a letter off after the street's type, before its number.
    expect(repairStreetSuffix('8798 E MAGNOLIA DR BLOG 31')).toEqual({ value: '8798 E MAGNOLIA DR BLDG 31', repaired: true });
    const d = extractFields(block('SHIPPER:', 'ACME FOODS INC', '115-PORTAGE ST', 'FARGO, ND 58103'));
    expect(d.Shipper?.Address).toBe('115 PORTAGE ST');
    // A point after a type-first street's house number is a label's mark, not the street's.
    expect(extractFields(block('REMITENTE:', 'LOGISTICA ANAHUAC SA DE CV', 'CALLE ALLENDE 736.', 'CHIHUAHUA, CHH 31000')).Shipper?.Address).toBe('CALLE ALLENDE 736');
    expect(d.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
  });

  it('takes the value above the first keyed row, in the values\' column, for the name when the NAME row label went unread', () => {
    const d = extractFields(page(
      line(75, 130, 'SHIP FROM'), line(75, 159, 'NAME'), line(237, 159, 'Grupo Occidente SA de CV'),
      line(72, 187, 'ADDRESS'), line(236, 187, 'Av. Industrias 3796'), line(74, 216, 'CITY / STATE / ZIP'), line(237, 216, 'Puebla, PUE 72320'),
      line(75, 269, 'SHIP TO'), line(240, 295, 'Logistica Anahuac SA de CV'),
      line(71, 326, 'ADDRESS'), line(236, 326, 'Carretera Federal 57 Km 2776'), line(73, 354, 'CITY/STATE/ZIP'), line(237, 354, 'Mexicali, BC 21395'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'LOGISTICA ANAHUAC SA DE CV', Address: 'CARRETERA FEDERAL 57 KM 2776', City: 'MEXICALI' });
    expect(d.Shipper?.Name).toBe('GRUPO OCCIDENTE SA DE CV');
  });

  it('keeps a city line whose code is misread past parsing out of the street, its city a guess', () => {
    const d = extractFields(block('SHIPPER:', 'HERITAGE COATINGS INC', '6995 RUE PRINCIPALE', 'QUEBEC, GC CLIC 4M7'));
    expect(d.Shipper).toMatchObject({ Address: '6995 RUE PRINCIPALE', City: 'QUEBEC' });
    expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    // A street that starts with its type.
    const es = extractFields(block('DESTINATARIO:', 'DISTRIBUIDORA QUERETANA SA DE CV', 'AV. JUAREZ 3991', 'MONTERREY, ML ¿4420'));
    expect(es.Consignee).toMatchObject({ Address: 'AV. JUAREZ 3991', City: 'MONTERREY' });
    // Without its comma, when a real province code follows the city.
    const bare = extractFields(block('SHIPPER:', 'TIDEWATER MILLWORKS LTEE', '9016 QUEEN BLVD', 'CALGARY AB TA) ET'));
    expect(bare.Shipper).toMatchObject({ Address: '9016 QUEEN BLVD', City: 'CALGARY' });
    // An instruction to the carrier written in the party's box is not its name.
    const called = extractFields(page(line(100, 100, 'CONSIGNEE:'), line(100, 125, 'CALL ON ARRIVAL'), line(100, 150, 'ACME FOODS INC'),
      line(100, 175, '25987 E RAILROAD LN'), line(100, 200, 'MADISON, WI 53703')));
    expect(called.Consignee?.Name).toBe('ACME FOODS INC');
    // A real state code after the comma is kept as a guess too; a misread one is not.
    const lost = extractFields(block('CONSIGNEE:', 'ACME FOODS INC', '25987 E RAILROAD LN', 'MADISON, WI 0 537 ='));
    expect(lost.Consignee).toMatchObject({ Address: '25987 E RAILROAD LN', City: 'MADISON', State: 'WI' });
    expect(lost.ConfidenceScores['Consignee.State']).toBeLessThan(0.9);
    expect(d.Shipper?.State ?? null).toBeNull();
  });

  it('puts back a city\'s lost first word from its ZIP when that word is an article or title, as a doubt', () => {
    const d = extractFields(block('CONSIGNEE:', 'PEORIA STEEL INC', '100 MAIN ST', 'Moines, IA 50313'));
    expect(d.Consignee?.City).toBe('DES MOINES');
    expect(d.ConfidenceScores['Consignee.City']).toBeLessThan(0.9);
    // NORTH CHARLESTON is another city than CHARLESTON.
    expect(extractFields(block('CONSIGNEE:', 'PEORIA STEEL INC', '100 MAIN ST', 'Charleston, SC 29405')).Consignee?.City).toBe('CHARLESTON');
  });

  it('ends a party at its first city line when its block runs on into the next party\'s, that heading unread', () => {
    const d = extractFields(page(line(85, 199, 'SHIP FROM'), line(85, 218, 'PINNACLE GROCERS LTD'), line(85, 240, '5107 DIXIE DR'),
      line(85, 262, 'MISSISSAUGA, ON L5N 9C2'), line(85, 296, 'sui TO'), line(85, 318, 'Copperfield Textile Mills Corp'), line(85, 340, '18980 Depot Cir'),
      line(85, 362, 'Toluca, MEX 50200')));
    expect(d.Shipper).toMatchObject({ Address: '5107 DIXIE DR', City: 'MISSISSAUGA', State: 'ON', Zip: 'L5N 9C2' });
  });

  it('reads a row label with a speck read as a mark after it as the label alone', () => {
    const name = line(111, 238, 'NAME');
    name.push({ ...name[0]!, text: '…', confidence: 0.67, bbox: [210, 261, 212, 263] });
    const d = extractFields(page(line(110, 193, 'SHIP FROM'), name, line(363, 236, 'Empaques Anahuac SA de CV'),
      line(110, 282, 'ADDRESS'), line(362, 281, 'Av. Revolucion 512'), line(111, 326, 'CITY / STATE / ZIP'), line(364, 326, 'San Nicolas de los Garza, NL 66450')));
    expect(d.Shipper?.Name).toBe('EMPAQUES ANAHUAC SA DE CV');
    expect(buildSegments(name).map((sg) => sg.text)).toEqual(['NAME']);
  });

  it('drops a fill-in line read after the name', () => {
    expect(extractFields(block('SHIPPER:', 'ACME FOODS INC._', '115 PORTAGE ST', 'FARGO, ND 58103')).Shipper?.Name).toMatch(/^ACME FOODS INC\.?$/);
  });

  it('drops a quote mark read before the city, behind its row label', () => {
    const d = extractFields(page(line(100, 100, 'CONSIGNEE'), line(100, 140, 'NAME TRILLIUM TEXTILE MILLS LTEE'), line(100, 180, 'STREET 8821 STEELES AVE'),
      line(100, 220, 'CITY, STATE, ZIP “WINNIPEG, MB R3C 3K3')));
    expect(d.Consignee).toMatchObject({ City: 'WINNIPEG', State: 'MB', Zip: 'R3C 3K3' });
    // So are a letter and a hyphen left of the row label (C.P. read as "€. P-").
    const cp = extractFields(page(line(100, 100, 'DESTINATARIO'), line(100, 140, 'COMERCIAL HUASTECA SA DE CV'), line(100, 180, 'CALLE HIDALGO 1201'),
      line(100, 220, 'Ciudad, Estado, €. P- REYNOSA, TAM 88780')));
    expect(cp.Consignee).toMatchObject({ City: 'REYNOSA', State: 'TAM', Zip: '88780' });
  });

  it('doubts a numbered street whose name holds a word of one or two letters that names nothing', () => {
    const odd = ['5219 MU WAY', '4776 W KX AVE'];
    const fine = ['5219 MILL WAY', '4776 N KING AVE', '120 ST LAURENT BLVD', '88 RUE DE LA GAUCHETIERE', '10674 COMMERCE RD', 'AV. DE LOS INSURGENTES 2593', '14 E 5TH ST'];
    expect([...odd, ...fine].filter(shortNameWord)).toEqual(odd);
    const d = extractFields(block('SHIPPER:', 'ACME FOODS INC', '5219 MU WAY', 'FARGO, ND 58103'));
    expect(d.Shipper?.Address).toBe('5219 MU WAY');
    expect(d.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
  });

  it('doubts a numbered street that ends in a short word no street ends with', () => {
    // A compass point with no street type before it: the type was misread ("W." for WAY).
    const odd = ['10674 COMMERCE RA', '18887 CANAL HUY', '14022 W FOUNDRY W.'];
    const fine = ['10674 COMMERCE RD', '18887 CANAL HWY', '1 INFINITE LOOP', '700 PARK ROW', '4776 KING AVE N', '4776 KING AVENUE N', 'CALLE MORELOS 42'];
    expect([...odd, ...fine].filter(oddStreetEnd)).toEqual(odd);
    const d = extractFields(block('SHIPPER:', 'ACME FOODS INC', '10674 COMMERCE RA', 'FARGO, ND 58103'));
    expect(d.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
  });

  it('doubts a name of a few letters: what is left of one the OCR lost most of', () => {
    const d = extractFields(block('SHIPPER:', 'GR', '3358 CALLE MORELOS', 'TORREON, COA 27019'));
    expect(d.Shipper?.Name).toBe('GR');
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
  });

  it('doubts a ZIP printed with another known city of its state far from the ZIP\'s area, and not one of the same area', () => {
    const far = extractFields(block('CONSIGNEE:', 'TRILLIUM PAPER MILLS LTD', '6007 JACKSON AVE', 'KNOXVILLE, TN 37402'));
    expect(far.Consignee?.Zip).toBe('37402');
    expect(far.ConfidenceScores['Consignee.Zip']).toBeLessThan(0.9);
    // 29405 is North Charleston's, next door: Charleston's ZIPs share its 294.
    const near = extractFields(block('CONSIGNEE:', 'TRILLIUM PAPER MILLS LTD', '6007 JACKSON AVE', 'CHARLESTON, SC 29405'));
    expect(near.ConfidenceScores['Consignee.Zip']).toBeGreaterThanOrEqual(0.9);
  });

  it('reads a keyed row\'s value run on to a second line, even one that reads like a row label (COMPANY)', () => {
    const d = extractFields(page(
      line(87, 396, 'SHIP TO'),
      line(88, 440, 'NAME'), line(345, 440, 'STONEBRIDGE GLASSWORKS'), line(344, 469, 'COMPANY'),
      line(87, 514, 'ADDRESS'), line(345, 514, '1271 W MADISON CIR'),
      line(88, 557, 'CITY / STATE / ZIP'), line(344, 557, 'JACKSONVILLE, FL 32202'),
      line(87, 635, 'BILL FREIGHT CHARGES TO'), line(88, 690, 'NAME'), line(345, 690, 'ASHFORD HARDWARE INC'),
      line(87, 734, 'ADDRESS'), line(345, 734, '1001 JUNIPER PKWY'), line(88, 773, 'CITY / STATE / ZIP'), line(344, 773, 'SIOUX FALLS, SD 57107'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'STONEBRIDGE GLASSWORKS COMPANY', Address: '1271 W MADISON CIR', City: 'JACKSONVILLE', Zip: '32202' });
  });

  it('reads the value beside a row label read with a tail of ink below it, by their tops', () => {
    const street = line(280, 148, 'STREET'); street[0]!.bbox[3] = 178;
    const d = extractFields(page(line(279, 100, 'CONSIGNED TO'), line(690, 100, 'INDUSTRIAS TOLTECA SA DE CV'),
      street, line(690, 140, 'CALLE ALLENDE 4949'), line(280, 190, 'DESTINATION'), line(690, 190, 'QUERETARO, QRO 76000')));
    expect(d.Consignee).toMatchObject({ Name: 'INDUSTRIAS TOLTECA SA DE CV', Address: 'CALLE ALLENDE 4949', City: 'QUERETARO' });
  });

  it('reads the value beside the first piece of a row label wrapped over rows (CITY / over STATE / over ZIP)', () => {
    const d = extractFields(page(line(200, 520, 'SHIP TO'),
      line(200, 563, 'NAME'), line(345, 563, 'MIDLAND MILLWORKS COMPANY'),
      line(200, 603, 'ADDRESS'), line(345, 603, '20165 HARBOR BLVD STE 21'),
      line(200, 643, 'CITY /'), line(345, 641, 'DES MOINES, IA 50309'), line(200, 666, 'STATE /'), line(200, 689, 'ZIP')));
    expect(d.Consignee).toMatchObject({ Name: 'MIDLAND MILLWORKS COMPANY', Address: '20165 HARBOR BLVD STE 21', City: 'DES MOINES', State: 'IA', Zip: '50309' });
  });

  it('drops a dash glued to the street\'s end, and doubts a lone letter before the number of a street written name first', () => {
    expect(extractFields(block('CONSIGNEE:', 'ACME FOODS INC', '1574 QUEEN DRIVE-', 'FARGO, ND 58103')).Consignee?.Address).toBe('1574 QUEEN DRIVE');
    const split = extractFields(block('SHIPPER:', 'EMPAQUES CUMBRES SA DE CV', 'CALLE ALLEND E 1465', 'TORREON, COA 27000'));
    expect(split.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
    expect(extractFields(block('SHIPPER:', 'EMPAQUES CUMBRES SA DE CV', 'CALLE ALLENDE 1465', 'TORREON, COA 27000')).ConfidenceScores['Shipper.Address']).toBeGreaterThanOrEqual(0.9);
  });

  it('drops a quote mark read before the street', () => {
    const d = extractFields(block('SHIPPER:', 'EMPAQUES CUMBRES SA DE CV', '“CARRETERA FEDERAL 57 KM 2248', 'MERIDA, YUC 97000'));
    expect(d.Shipper?.Address).toBe('CARRETERA FEDERAL 57 KM 2248');
  });

  it('doubts a street read with a sign no street is written with', () => {
    const d = extractFields(block('SHIPPER:', 'ACME FOODS INC', 'CALLE MORELOS 4%3', 'TORREON, COA 27019'));
    expect(d.Shipper?.Address).toBe('CALLE MORELOS 4%3');
    expect(d.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
    // A parenthesis without its partner is a misread 1; a closed one is a note.
    const street = (s: string) => extractFields(block('SHIPPER:', 'ACME FOODS INC', s, 'TORREON, COA 27019')).ConfidenceScores['Shipper.Address']!;
    expect(street('AV. DE LOS INSURGENTES (435')).toBeLessThan(0.9);
    expect(street('AV. DE LOS INSURGENTES 1435 (REAR)')).toBeGreaterThanOrEqual(0.9);
  });

  it('does not trust a Mexican or Canadian code on its place check alone: only its first characters are known', () => {
    // The code read only fairly well (0.82), as a slip would be.
    const fair = (pages: ReadPage[], code: string): ReadPage[] => { pages[0]!.words.filter((w) => w.text === code).forEach((w) => { w.confidence = 0.82; }); return pages; };
    const mx = extractFields(fair(block('REMITENTE', 'INDUSTRIAS DEL NORTE SA DE CV', 'AV. INDUSTRIAS 1535', 'TORREON, COA 27619'), '27619'));
    expect(mx.Shipper).toMatchObject({ State: 'COA', Zip: '27619' });
    expect(mx.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
    // A US ZIP is looked up whole and keeps the check.
    const us = extractFields(fair(block('SHIPPER', 'ACME FOODS INC', '1200 OAK ST', 'MEMPHIS, TN 38103'), '38103'));
    expect(us.ConfidenceScores['Shipper.Zip']).toBeGreaterThanOrEqual(0.9);
    // Its province agreeing vouches for the first letter only: a last three read at 0.89 (K as X) stays under 0.9.
    const ca = extractFields(fair(block('CONSIGNEE', 'NORTHERN TOOL LTD', '2150 HURON CHURCH RD', 'WINDSOR, ON N8X 2X3'), '2X3').map((p) => { p.words.filter((w) => w.text === '2X3').forEach((w) => { w.confidence = 0.89; }); return p; }));
    expect(ca.Consignee).toMatchObject({ State: 'ON', Zip: 'N8X 2X3' });
    expect(ca.ConfidenceScores['Consignee.Zip']).toBeLessThan(0.9);
  });

  it('takes no note in parentheses under a heading for the party name', () => {
    const d = extractFields(page(line(100, 100, 'BILL FREIGHT TO'), line(100, 125, '(IF OTHER THAN CONSIGNEE)'), line(100, 150, 'RED OAK CABINETRY LLC'),
      line(100, 175, '100 MAIN ST'), line(100, 200, 'MEMPHIS, TN 38103')));
    expect(d.BillTo?.Name).toBe('RED OAK CABINETRY LLC');
  });

  it('takes the state from the ZIP when none was written, as a doubt', () => {
    const d = extractFields(block('SHIPPER', 'RED OAK MILLWORKS LLC', '25802 COMMERCE CT', 'MEMPHIS 38103'));
    expect(d.Shipper).toMatchObject({ Address: '25802 COMMERCE CT', City: 'MEMPHIS', State: 'TN', Zip: '38103' });
    expect(d.ConfidenceScores['Shipper.State']).toBeLessThan(0.9);
  });

  it('does not trust a ZIP whose state is unreadable, even when the ZIP exists', () => {
    const d = extractFields(block('SHIPPER', 'SILVERLINE POLYMERS CORP', '1200 OAK ST', 'OCAMDO, FU 31814'));
    expect(d.Shipper?.Zip).toBe('31814');
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
  });

  it('never gives one printed line to two parties: the party whose heading is nearer keeps it', () => {
    const hit = (x: number): LabelHit => ({ field: 'shipper', lang: 'en', label: 'X', segment: buildSegments(line(x, 0, 'X'))[0]!, labelWords: [], valueWords: [], bbox: [x, 0, x + 10, 20], atStart: true, marked: false });
    const cityLine = line(900, 300, 'ZAPOPAN');
    const party = (x: number): ParsedParty => ({ Name: null, Address: null, City: { value: 'ZAPOPAN', words: cityLine, checks: 1, doubts: 0 }, State: null, Zip: null, country: null, complete: true, headerHit: hit(x) });
    const [left, right] = [party(100), party(880)];
    unshareWords(left, right);
    expect(left.City).toBeNull();
    expect(right.City?.value).toBe('ZAPOPAN');
  });

  it('keeps a party to its own column when the block beside it repeats the row labels', () => {
    const d = extractFields(page(
      line(100, 100, 'REMITENTE'), line(900, 100, 'DESTINATARIO'),
      line(100, 130, 'Nombre: DISTRIBUIDORA DEL BAJIO SA DE CV'), line(900, 130, 'Nombre: GRUPO ANAHUAC SA DE CV'),
      line(100, 160, 'Domicilio: AV. JUAREZ 2110'), line(900, 160, 'Domicilio: AV. JUAREZ 2827'),
      line(100, 190, 'Ciudad: QUERETARO, QRO 76120'), line(900, 190, 'Ciudad: SAN LUIS POTOSI, SLP 78395'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'DISTRIBUIDORA DEL BAJIO SA DE CV', Address: 'AV. JUAREZ 2110' });
    expect(d.Consignee).toMatchObject({ Name: 'GRUPO ANAHUAC SA DE CV', Address: 'AV. JUAREZ 2827' });
    // The left block one row lower (its name ran on to a second line): its street row is level with the right block's
    // city row, which stays the right block's.
    const shifted = extractFields(page(
      line(100, 100, 'REMITENTE'), line(900, 100, 'DESTINATARIO'),
      line(100, 130, 'Nombre: SUMMIT RIDGE GLASSWORKS'), line(900, 130, 'Nombre: DISTRIBUIDORA HUASTECA SA DE CV'),
      line(100, 160, 'SA DE CV'), line(900, 160, 'Domicilio: CALLE ALLENDE 2139'),
      line(100, 190, 'Domicilio: 22963 LINDEN DR'), line(900, 190, 'Ciudad, Estado, C.P.: VERACRUZ, VER 91808'),
      line(100, 220, 'Ciudad, Estado, C.P.: CHEYENNE, WY 82007'),
    ));
    expect(shifted.Shipper).toMatchObject({ Address: '22963 LINDEN DR', City: 'CHEYENNE', State: 'WY', Zip: '82007' });
    expect(shifted.Consignee).toMatchObject({ Address: 'CALLE ALLENDE 2139', City: 'VERACRUZ', State: 'VER', Zip: '91808' });
  });

  it('reads a heading of two names whose slash was read as a letter (REMITENTEIORIGEN)', () => {
    // Two blocks side by side at x 100 and 900, a row every 30 px.
    const rows: Array<[string, string]> = [['REMITENTEIORIGEN', 'DESTINATARIO'], ['ACEROS DEL BAJIO SA DE CV', 'Blue Ridge Electric Group LLC'],
      ['AV. INDUSTRIAS 4813', '7687 Chestnut Pkwy'], ['TORREON, COA 27000', 'Allentown, PA 18102']];
    const d = extractFields(page(...rows.flatMap(([left, right], i) => [line(100, 100 + 30 * i, left), line(900, 100 + 30 * i, right)])));
    expect(findLabels(buildSegments(line(100, 100, 'REMITENTEIORIGEN'))).map((h) => h.field)).toContain('shipper');
    expect(d.Shipper).toMatchObject({ Name: 'ACEROS DEL BAJIO SA DE CV', Address: 'AV. INDUSTRIAS 4813', City: 'TORREON', Zip: '27000' });
    // A long word that only holds a label word is no heading.
    expect(findLabels(buildSegments(line(100, 100, 'REMITENTEINDUSTRIAL')))).toEqual([]);
  });

  it('reads two words of one label read as one word with a look-alike letter (SHIPMENTOATE)', () => {
    const d = extractFields(page(line(100, 100, 'SHIPMENTOATE May 27, 2026 SHIPPER\'S BOL NO. ZTC925718')));
    expect(d.Dates?.Pickup).toBe('2026-05-27');
    // Two label words with a letter that is no look-alike stay one word.
    expect(findLabels(buildSegments(line(100, 100, 'SHIPMENTWATE May 27, 2026'))).map((h) => h.field)).not.toContain('pickupDate');
    // Short words only exactly: BILLOF is BILL OF, BILLUF is no label word.
    expect(findLabels(buildSegments(line(100, 100, 'BILLOF LADING NO: 123456'))).map((h) => h.field)).toEqual(['bol']);
    expect(findLabels(buildSegments(line(100, 100, 'BILLUF LADING NO: 123456')))).toEqual([]);
  });

  it('drops a garbled row label or a label tail from the front of a street and a city', () => {
    expect(stripLeadingJunk('SMREER CALLE MORELOS 1295')).toEqual({ value: 'CALLE MORELOS 1295', repaired: true });
    expect(stripLeadingJunk('DOMOTEC: CARRETERA FEDERAL 57')).toEqual({ value: 'CARRETERA FEDERAL 57', repaired: true });
    // A row label read as a letter and a short piece before the street's first word.
    expect(stripLeadingJunk('D MIC AV. INDUSTRIAS 1655')).toEqual({ value: 'AV. INDUSTRIAS 1655', repaired: true });
    // A label's remains marked by a guillemet; the same word unmarked may be a name and stays.
    expect(stripLeadingJunk('«MEER CALLE MORELOS 3827')).toEqual({ value: 'CALLE MORELOS 3827', repaired: true });
    expect(stripLeadingJunk('MEER CALLE MORELOS 3827').repaired).toBe(false);
    // A word with a street label's first letters before the street's first word (DOMICILIO read DOMCNO).
    expect(stripLeadingJunk('DOMCNO AV. DE LOS INSURGENTES 1045')).toEqual({ value: 'AV. DE LOS INSURGENTES 1045', repaired: true });
    // A row label in letters and pieces, its colon glued to the house number.
    expect(stripLeadingJunk('D OM C O :29737 COMMERCE ROAD')).toEqual({ value: '29737 COMMERCE ROAD', repaired: true });
    expect(stripLeadingJunk('1 :29737 COMMERCE ROAD').repaired).toBe(false);
    // A word read weakly before a Spanish street type, the type being a Spanish street's first word.
    expect(stripLeadingJunk('DEMETE AV. DE LOS INSURGENTES 1137', true)).toEqual({ value: 'AV. DE LOS INSURGENTES 1137', repaired: true });
    expect(stripLeadingJunk('ANTIGUA CARRETERA A PUEBLA 12').repaired).toBe(false);
    expect(stripLeadingJunk('GRANDE RUE 12', true).repaired).toBe(false);
    expect(stripLeadingJunk('NORTE CALLE SIN NUMERO', true).repaired).toBe(false);
    // Read at half confidence, the word is weak enough.
    const half = page(line(100, 100, 'CONSIGNEE'), line(100, 125, 'GRUPO NORTE SA DE CV'), line(100, 150, 'DEMETO AV. DE LOS INSURGENTES 395'), line(100, 175, 'REYNOSA, TAM 88780'));
    half[0]!.words.find((w) => w.text === 'DEMETO')!.confidence = 0.5;
    expect(extractFields(half).Consignee?.Address).toBe('AV. DE LOS INSURGENTES 395');
    // A row number with a mark in front of the city.
    expect(extractFields(block('CONSIGNEE', 'GRUPO ANAHUAC SA DE CV', 'CALLE MORELOS 3827', '5» SAN NICOLAS DE LOS GARZA, NL 66450')).Consignee?.City).toBe('SAN NICOLAS DE LOS GARZA');
    expect(stripLeadingJunk('N W AV. INDUSTRIAS 1655')).toEqual({ value: 'N W AV. INDUSTRIAS 1655', repaired: false });
    // A long row label with three slips and no colon; a street's own first word stays.
    expect(stripLeadingJunk('DUMICIO CIRCUITO EL MARQUES 1785')).toEqual({ value: 'CIRCUITO EL MARQUES 1785', repaired: true });
    expect(stripLeadingJunk('CIRCUITO EL MARQUES 1785')).toEqual({ value: 'CIRCUITO EL MARQUES 1785', repaired: false });
    // The city row's label words before the city, behind a garbled first word ("CONTD" for CIUDAD).
    expect(stripCityLabel('CONTD ESTADO. CP TOLUCA').value).toBe('TOLUCA');
    expect(stripCityLabel('CONTE! ESTADO, CP VERACRUZ').value).toBe('VERACRUZ');
    // A garble before C.P. alone: no city name holds C.P.
    expect(stripCityLabel('EXUDO CP REYNOSA').value).toBe('REYNOSA');
    // C.P. read in two pieces.
    expect(stripCityLabel('CANTAR. ESTADO, C P- VERACRUZ').value).toBe('VERACRUZ');
    // The middle word in pieces before the last word read whole.
    expect(stripCityLabel('CITY ST E, ZIP CHIHUAHUA').value).toBe('CHIHUAHUA');
    expect(stripCityLabel('CITY OF ZIP').value).toBe('CITY OF ZIP');
    expect(stripCityLabel('ESTADO. CP TORREON').value).toBe('TORREON');
    expect(stripCityLabel('SAN LUIS POTOSI').value).toBe('SAN LUIS POTOSI');
    // One label word read whole with its comma; a city named after one stays.
    expect(stripCityLabel('STATE, 219 MONCTON').value).toBe('219 MONCTON');
    expect(stripCityLabel('STATE COLLEGE').value).toBe('STATE COLLEGE');
    // The label's last word left in front of the city, known by its mark; a city's own first word stays.
    expect(stripCityLabel('ZI» CELAYA')).toEqual({ value: 'CELAYA', repaired: true });
    expect(stripCityLabel('CP: TORREON').value).toBe('TORREON');
    expect(stripCityLabel('ZION CROSSROADS').value).toBe('ZION CROSSROADS');
    expect(stripCityLabel('ST. LOUIS').value).toBe('ST. LOUIS');
    // ZIP read as two letters that kept its Z, after two label words.
    expect(stripCityLabel('TY, STATE, ZE ZAPOPAN').value).toBe('ZAPOPAN');
    expect(stripCityLabel('ZE ZAPOPAN').value).toBe('ZE ZAPOPAN');
    expect(stripLeadingJunk('CALLE MORELOS 1295')).toEqual({ value: 'CALLE MORELOS 1295', repaired: false });
    expect(stripCityLabel('CITY, STATE, ZE. MERIDA')).toEqual({ value: 'MERIDA', repaired: true });
    expect(stripCityLabel('ANY, STATE, ZIP HALIFAX')).toEqual({ value: 'HALIFAX', repaired: true });
    expect(stripCityLabel('CITY, STATE, ZP AGUASCALIENTES')).toEqual({ value: 'AGUASCALIENTES', repaired: true });
    expect(stripCityLabel('CITY, STATE, EL PASO')).toEqual({ value: 'EL PASO', repaired: true });
    expect(stripCityLabel('CRY, STARE LEON')).toEqual({ value: 'LEON', repaired: true });
    // A real city that starts like a label word stays.
    expect(stripCityLabel('STATE COLLEGE')).toEqual({ value: 'STATE COLLEGE', repaired: false });
    expect(stripCityLabel('CIUDAD JUAREZ')).toEqual({ value: 'CIUDAD JUAREZ', repaired: false });
  });

  it('finds a headerless block whose postal code was misread, when its state is a real one, as doubts', () => {
    const d = extractFields(page(line(400, 100, 'ASHFORD MILLWORKS LTD'), line(400, 125, '8329 ENTERPRISE DR'), line(400, 150, 'NEWARK, NJ 07162')));
    expect(d.Shipper).toMatchObject({ Name: 'ASHFORD MILLWORKS LTD', Address: '8329 ENTERPRISE DR', State: 'NJ' });
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
    // Not a state: not an address block.
    expect(extractFields(page(line(400, 100, 'ASHFORD MILLWORKS LTD'), line(400, 125, '8329 ENTERPRISE DR'), line(400, 150, 'NEWARK, XQ 07162'))).Shipper).toBeNull();
  });

  /** Two address blocks, each behind a garbled heading in the column left of it. */
  const headedBlocks = (a: [string, string, string, string], b: [string, string, string, string]): ReadPage[] => page(
    line(60, 100, a[0]), line(400, 100, a[1]), line(400, 125, a[2]), line(400, 150, a[3]),
    line(60, 200, b[0]), line(400, 200, b[1]), line(400, 225, b[2]), line(400, 250, b[3]),
  );

  it('gives headerless blocks to the party their garbled headings resemble, not to reading order', () => {
    const d = extractFields(headedBlocks(['Comscnen vo', 'NORTHGATE NUTRITION CO', '26662 W AIRWAY AVE', 'FARGO, ND 58102'],
      ['Fro (sures)', 'RED OAK POLYMERS INC', '20875 S UNION PL DOCK 34', 'HARTFORD, CT 06103']));
    expect(d.Shipper).toMatchObject({ Name: 'RED OAK POLYMERS INC', City: 'HARTFORD' });
    expect(d.Consignee).toMatchObject({ Name: 'NORTHGATE NUTRITION CO', City: 'FARGO' });
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
  });

  it('gives a headerless block to the consignee when its heading reads one slip from CONSIGNED, near as CONSIGNOR is', () => {
    const d = extractFields(headedBlocks(['CONSINED W', 'ASHFORD ELECTRIC CORP', '15337 INDUSTRIAL RD', 'AUSTIN, TX 78744'],
      ['Fara (uerven)', 'ACEROS DEL BAJIO SA DE CV', 'AV. DE LOS INSURGENTES 1634', 'QUERETARO, QRO 76000']));
    expect(d.Consignee).toMatchObject({ Name: 'ASHFORD ELECTRIC CORP', City: 'AUSTIN' });
    expect(d.Shipper).toMatchObject({ Name: 'ACEROS DEL BAJIO SA DE CV', City: 'QUERETARO' });
  });

  it('gives headerless blocks by what the line reader made of a heading Tesseract garbled past likeness', () => {
    const garbled = (altOfSecond?: string) => {
      const pages = headedBlocks(['Came oe', 'TIDEWATER SUPPLY LLC', '4836 MONROE PL', 'KANSAS CITY, MO 64120'],
        ['Focas (sara)', 'SUMMIT RIDGE WIRE & CABLE ULC', '8792 MACLEOD ST', 'WINNIPEG, MB R3C 0Y7']);
      if (altOfSecond) for (const w of pages[0]!.words.filter((x) => x.text === 'Focas' || x.text === '(sara)')) w.alt = altOfSecond;
      return extractFields(pages);
    };
    // Tesseract's words alone resemble neither heading: reading order decides.
    expect(garbled().Shipper?.Name).toBe('TIDEWATER SUPPLY LLC');
    const d = garbled('FRoM (somR)');
    expect(d.Shipper).toMatchObject({ Name: 'SUMMIT RIDGE WIRE & CABLE ULC', City: 'WINNIPEG' });
    expect(d.Consignee).toMatchObject({ Name: 'TIDEWATER SUPPLY LLC', City: 'KANSAS CITY' });
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
  });

  it('knows the VICS heading BILL FREIGHT CHARGES TO, so a consignee whose city line went unread ends above it', () => {
    const d = extractFields(page(line(100, 100, 'SHIP TO'), line(100, 125, 'NAME Distribuidora del Bajio SA de CV'), line(100, 150, 'ADDRESS Av. Revolucion 2458'),
      line(100, 200, 'BILL FREIGHT CHARGES TO'), line(100, 225, 'NAME Empaques Huasteca SA de CV'), line(100, 250, 'ADDRESS Carretera 57 km 12'), line(100, 275, 'CITY / STATE / ZIP Torreon, COA 27019')));
    expect(d.Consignee).toMatchObject({ Name: 'DISTRIBUIDORA DEL BAJIO SA DE CV', City: null, State: null });
    expect(d.BillTo).toMatchObject({ Name: 'EMPAQUES HUASTECA SA DE CV', City: 'TORREON', State: 'COA' });
  });

  it('reads the first line set tight under a heading read with a box twice its letters\' height', () => {
    const heading = line(594, 168, 'DESTINATAIRE');
    heading[0]!.bbox[3] = 212;
    const d = extractFields(page(heading, line(594, 188, 'PLASTIQUES MONTCALM INC'), line(594, 219, '3927 BOUL. CREMAZIE'), line(594, 243, 'SHERBROOKE, QC J1L 0C9')));
    expect(d.Consignee).toMatchObject({ Name: 'PLASTIQUES MONTCALM INC', Address: '3927 BOUL. CREMAZIE', City: 'SHERBROOKE' });
  });

  it('lets a headerless block stand in for a party whose heading gave a word and a number, not a street', () => {
    const blocks = headedBlocks(['Consciao 10', 'WHITEWATER NUTRITION CORP', '13249 CANAL WAY', 'JACKSONVILLE, FL 32254'],
      ['Fons (surren)', 'WHITEWATER CERAMICS LTD', '6472 AIRPORT ST', 'HAMILTON, ON L8N 8V5']);
    const d = extractFields(page(blocks[0]!.words, line(100, 800, 'DESTINATION'), line(100, 830, 'Crances'), line(100, 860, '72')));
    expect(d.Consignee).toMatchObject({ Name: 'WHITEWATER NUTRITION CORP', Address: '13249 CANAL WAY', City: 'JACKSONVILLE' });
    expect(d.Shipper).toMatchObject({ Name: 'WHITEWATER CERAMICS LTD', City: 'HAMILTON' });
  });

  it('pairs two headerless blocks the other way round from reading order only when one heading clearly fits', () => {
    const pair = (first: string, second: string, alt?: string) => {
      const pages = headedBlocks([first, 'BRIGHTON CONTAINERS CO', '10487 MILL LN', 'SOUTH BEND, IN 46628'],
        [second, 'ACEROS ANAHUAC SA DE CV', 'BLVD AEROPUERTO 3723', 'SAN NICOLAS DE LOS GARZA, NL 66450']);
      if (alt) for (const w of pages[0]!.words.filter((x) => second.split(' ').includes(x.text))) w.alt = alt;
      return extractFields(pages);
    };
    // "FRUM" is nearly FROM, though "SEHEN" next to it looks a little like DELIVER: not enough to lean alone.
    const d = pair('Con', 'Prem {sehen R)', 'FRUM {tH R)');
    expect(d.Shipper?.Name).toBe('ACEROS ANAHUAC SA DE CV');
    expect(d.Consignee?.Name).toBe('BRIGHTON CONTAINERS CO');
    // Headings that resemble nothing well: reading order.
    expect(pair('Caux', 'Face: (werven)').Shipper?.Name).toBe('BRIGHTON CONTAINERS CO');
  });

  it('drops a row label read whole enough to name the row from the name of a block found without its heading', () => {
    const name = line(100, 100, 'Nombre / Razón soos TRILLIUM CABINETRY INC');
    name[2]!.confidence = 0.25; name[3]!.confidence = 0.49;
    // The row labels below are garbled past reading too: only the values tell the block.
    const street = line(100, 125, 'Domed 1920 TECHNOLOGY PARKWAY'), city = line(100, 150, 'Cuiud Estago. CP EDISON, NJ 08837');
    street[0]!.confidence = 0.26; city[0]!.confidence = 0.32; city[1]!.confidence = 0.54;
    const d = extractFields(page(name, street, city));
    expect(d.Shipper).toMatchObject({ Name: 'TRILLIUM CABINETRY INC', City: 'EDISON', Zip: '08837' });
  });

  it('ends a party\'s block at the next party\'s small heading, though it stands left of the block\'s values', () => {
    const small = (x: number, y: number, text: string): Word[] => line(x, y, text).map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[1] + 9] }));
    const d = extractFields(page(small(82, 266, 'CONSIGNEE (TO)'),
      line(110, 283, 'Golden Valley Bearings Company'), line(110, 303, '2097 Quarry Avenue'), line(110, 323, 'Greenville, SC 29607'),
      small(82, 363, 'BILL TO (if other than consignee)'),
      line(82, 381, 'name Ashford Containers Company'), line(82, 401, 'STREET 28639 Willow Way'), line(82, 421, 'CITY, STATE, ZIP Cheyenne, WY 82001')));
    expect(d.Consignee).toMatchObject({ Name: 'GOLDEN VALLEY BEARINGS COMPANY', Address: '2097 QUARRY AVENUE', City: 'GREENVILLE', Zip: '29607' });
    expect(d.BillTo).toMatchObject({ Name: 'ASHFORD CONTAINERS COMPANY', City: 'CHEYENNE' });
  });

  it('reads a typed street beside its row label when its characters ride up the line, standing on the label\'s baseline', () => {
    const street = line(400, 0, 'BLVD. AEROPUERTO 518');
    // The typewriter's last digits sit higher: the value's box runs from 18 px above the label to 9 px above its foot.
    for (const w of street) { w.bbox[1] = 562; w.bbox[3] = 592; }
    street[2]!.bbox[1] = 562;
    const d = extractFields(page(line(100, 517, 'FROM (SHIPPER)'), line(400, 517, 'PLASTICOS POTOSINA SA DE CV'),
      [{ text: 'STREET', confidence: 0.95, bbox: [100, 580, 166, 601], page: 0, line: 'lab' }], street,
      line(100, 634, 'DESTINATION'), line(400, 634, 'CHIHUAHUA, CHH 31000')));
    expect(d.Shipper).toMatchObject({ Name: 'PLASTICOS POTOSINA SA DE CV', Address: 'BLVD. AEROPUERTO 518', City: 'CHIHUAHUA', Zip: '31000' });
  });

  it('leaves a lone headerless block whose heading leans to the consignee for the consignee, not the shipper', () => {
    const d = extractFields(page(line(60, 100, 'Consciao 10'), line(400, 100, 'WHITEWATER NUTRITION CORP'), line(400, 125, '13249 CANAL WAY'), line(400, 150, 'JACKSONVILLE, FL 32254')));
    expect(d.Consignee).toMatchObject({ Name: 'WHITEWATER NUTRITION CORP', City: 'JACKSONVILLE' });
    expect(d.Shipper?.Name ?? null).toBeNull();
  });

  it('drops small-caps row labels the OCR read as short lower-case words in front of the values', () => {
    const d = extractFields(block('CONSIGNEE (TO)', 'nue _Kestrel Fasteners Group LLC', 'smerr_11682 Porter Way', 'em sure ze Buffalo, NY 14202'));
    expect(extractFields(block('SHIPPER (FROM)', 'mun_industrias del Bajio SA de CV', 'Calle Allende 1271', 'León, GTO 37000')).Shipper?.Name).toBe('INDUSTRIAS DEL BAJIO SA DE CV');
    const titled = page(line(100, 100, 'CONSIGNEE (TO)'), line(100, 125, 'Nat ASHFORD WIRE & CABLE ULC'), line(100, 150, 'steer 1649 QUEEN BOULEVARD'), line(100, 175, 'cry, stare. ze Hamilton, ON L8E 3E4'));
    titled[0]!.words[2]!.confidence = 0.54;
    expect(extractFields(titled).Consignee).toMatchObject({ Name: 'ASHFORD WIRE & CABLE ULC', City: 'HAMILTON' });
    expect(d.Consignee).toMatchObject({ Name: 'KESTREL FASTENERS GROUP LLC', Address: '11682 PORTER WAY', City: 'BUFFALO', State: 'NY', Zip: '14202' });
  });

  it('reads a city line with marks between its parts', () => {
    expect(parseCityStateZip(line(0, 0, 'EDMONTON AB . T6E 0K6'))).toMatchObject({ cityText: 'EDMONTON', stateText: 'AB', zipText: 'T6E 0K6' });
  });

  it('gives a headerless block to the consignee when its garbled heading still ends in TO (read as 10, Yo, vo or [0)', () => {
    for (const to of ['Conca 10', 'Conucian Yo', 'Conse ns [0', 'Coma vo']) {
      const d = extractFields(headedBlocks([to, 'COPPERFIELD NUTRITION CO', '947 ENTERPRISE HWY', 'RENO, NV 89502'],
        ['Foose (uve)', 'ALDER HARDWARE CORP', '3554 INDUSTRIAL BLVD', 'MONCTON, NB E1A 4A9']));
      expect(d.Consignee).toMatchObject({ Name: 'COPPERFIELD NUTRITION CO', City: 'RENO' });
      expect(d.Shipper).toMatchObject({ Name: 'ALDER HARDWARE CORP', City: 'MONCTON' });
    }
  });

  it('reads a tall written name that starts just under its small heading, whatever else shares the heading\'s engine line', () => {
    const at = (text: string, bbox: [number, number, number, number], l: string, confidence = 0.9): Word => ({ text, confidence, bbox, page: 0, line: l });
    // The heading's engine line also holds a tall value far right: its line height is the value's, not the heading's.
    const heading = [at('SHIP', [196, 829, 277, 851], 'h'), at('TO', [294, 829, 339, 851], 'h'),
      at('HIGH', [1700, 800, 1800, 860], 'h'), at('DESERT', [1820, 800, 1990, 860], 'h'), at('HAULING', [2010, 800, 2200, 860], 'h')];
    const name = [at('CORNERSTONE', [195, 845, 690, 984], 'n'), at('PAPER', [747, 845, 956, 984], 'n'), at('MILLS', [997, 850, 1216, 930], 'n'), at('CORP', [1254, 853, 1436, 930], 'n')];
    const city = [at('PROVIDENCE,', [189, 980, 578, 1046], 'c'), at('RI', [610, 985, 674, 1037], 'c'), at('02907', [712, 984, 848, 1037], 'c')];
    const d = extractFields(page(heading, name, city));
    expect(d.Consignee).toMatchObject({ Name: 'CORNERSTONE PAPER MILLS CORP', City: 'PROVIDENCE', State: 'RI', Zip: '02907' });
  });

  it('reads a block written larger than its small heading, its lines aligned by their own height', () => {
    const big = (x: number, y: number, text: string): Word[] => line(x, y, text).map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[1] + 25] as [number, number, number, number] }));
    const small = line(459, 258, 'SHIPPER (FROM)').map((w) => ({ ...w, bbox: [w.bbox[0], w.bbox[1], w.bbox[2], w.bbox[1] + 10] as [number, number, number, number] }));
    const d = extractFields(page(small, big(494, 272, 'SILVERLINE WIRE & CABLE ULC'), big(460, 300, '2190 DUNDAS BLVD N'), big(462, 328, 'EDMONTON, AB T6E 3K2')));
    expect(d.Shipper).toMatchObject({ Name: 'SILVERLINE WIRE & CABLE ULC', Address: '2190 DUNDAS BLVD N', City: 'EDMONTON', State: 'AB', Zip: 'T6E 3K2' });
  });

  it('doubts a street line starting well right of the name and city lines, which start together (its front lost)', () => {
    const d = extractFields(page(line(100, 100, 'CONSIGNEE'), line(100, 125, 'MIDLAND NUTRITION ULC'), line(125, 150, '46 PORTAGE RD'), line(100, 175, 'MONCTON, NB E1A 3A9')));
    expect(d.Consignee).toMatchObject({ Address: '46 PORTAGE RD', City: 'MONCTON' });
    expect(d.ConfidenceScores['Consignee.Address']).toBeLessThan(0.9);
    const aligned = extractFields(page(line(100, 100, 'CONSIGNEE'), line(100, 125, 'MIDLAND NUTRITION ULC'), line(100, 150, '7446 PORTAGE RD'), line(100, 175, 'MONCTON, NB E1A 3A9')));
    expect(aligned.ConfidenceScores['Consignee.Address']).toBeGreaterThanOrEqual(0.9);
  });

  it('finds a headerless block whose house number was read weakly (not a garbled row label)', () => {
    const street = line(159, 125, '29073 SYCAMORE AVE');
    street[0]!.confidence = 0.59; street[2]!.confidence = 0.59;
    const d = extractFields(page(line(157, 100, 'TIDEWATER CABINETRY COMPANY'), street, line(159, 150, 'ORLANDO, FL 32824')));
    expect(d.Shipper).toMatchObject({ Name: 'TIDEWATER CABINETRY COMPANY', Address: '29073 SYCAMORE AVE', City: 'ORLANDO', State: 'FL', Zip: '32824' });
  });

  it('finds headerless blocks behind row labels garbled on a low-resolution capture: a colon word, a glued state and code, an indented city line', () => {
    const weak = (ws: Word[], n: number, c = 0.45): Word[] => ws.map((w, i) => (i < n ? { ...w, confidence: c } : w));
    const d = extractFields(page(
      weak(line(67, 189, 'Herbes / Basen sow ACEROS TOLTECA SA DE CV'), 4), weak(weak(line(460, 189, 'Montes / on wos. MANUFACTURAS TOLTECA SA DE CV'), 4, 0.62), 3),
      weak(line(67, 214, 'Duma AV. INDUSTRIAS 1373'), 1), line(461, 214, 'Duma: AV. INDUSTRIAS 1671'),
      weak(line(132, 239, '. CP :SANLUISPOTOSI SLP78395'), 3), weak(line(460, 239, 'Cunt Estado CP SAN NICOLAS DE LOS GARZA, NL 66450'), 1),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'ACEROS TOLTECA SA DE CV', Address: 'AV. INDUSTRIAS 1373', State: 'SLP', Zip: '78395' });
    expect(d.Consignee).toMatchObject({ Address: 'AV. INDUSTRIAS 1671', City: 'SAN NICOLAS DE LOS GARZA', State: 'NL', Zip: '66450' });
    expect(d.ConfidenceScores['Shipper.Name']).toBeLessThan(0.9);
  });

  it('finds a headerless block whose city line starts behind a quote mark, left of the street, and keeps the quoted word', () => {
    // The quoted word, read weakly for its mark, juts out 1.9 lines left of the street; the rest of the line starts
    // well right of it.
    const city = line(391, 152, '"SAN NICOLAS DE LOS GARZA, NL 66450').map((w, i) => i === 0 ? { ...w, confidence: 0.5 }
      : { ...w, bbox: [w.bbox[0] + 20, w.bbox[1], w.bbox[2] + 20, w.bbox[3]] as [number, number, number, number] });
    const d = extractFields(page(line(100, 100, 'Commo', 0.3), line(425, 100, 'GRUPO CUMBRES SA DE CV'), line(100, 126, 'Sn', 0.3),
      line(429, 126, 'CIRCUITO EL MARQUES 4516'), city));
    expect(d.Shipper).toMatchObject({ Name: 'GRUPO CUMBRES SA DE CV', Address: 'CIRCUITO EL MARQUES 4516', City: 'SAN NICOLAS DE LOS GARZA', State: 'NL', Zip: '66450' });
  });

  it('finds a headerless block whose garbled row labels stayed in front of its values, and keeps a weakly read city', () => {
    const weak = (ws: Word[], n: number): Word[] => ws.map((w, i) => (i < n ? { ...w, confidence: 0.3 } : w));
    const d = extractFields(page(
      weak(line(60, 100, 'Somes = Manos ACEROS HUASTECA SA DE CV'), 3),
      weak(line(60, 125, 'Doma AV. DE LOS INSURGENTES 1769'), 1),
      weak(line(60, 150, 'Castad CHIHUAHUA, CHH 31000'), 1),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'ACEROS HUASTECA SA DE CV', Address: 'AV. DE LOS INSURGENTES 1769', City: 'CHIHUAHUA', Zip: '31000' });
  });

  it('finds a headerless block whose values stand in a column right of garbled row labels, one of them read onto the city line', () => {
    const weak = (ws: Word[], n: number): Word[] => ws.map((w, i) => (i < n ? { ...w, confidence: 0.3 } : w));
    const d = extractFields(page(
      line(93, 288, 'CONSIGNED TO'), line(347, 288, 'BLUE RIDGE WIRE & CABLE LTD'), weak(line(83, 336, 'Stuart'), 1), line(355, 336, '13140 FOUNDRY ST'),
      weak(line(86, 391, 'Destination'), 1), line(351, 391, 'LAREDO, TX 78040'),
      weak(line(83, 440, 'Paca (marea)'), 2), line(347, 449, 'NORTHGATE FOUNDRY CORP'),
      weak(line(87, 496, 'Stuart'), 1), line(351, 504, '11343 E WALNUT BLVD'),
      // The garbled label's box spans the whole line, as the engine reported it.
      [{ text: 'Doman', confidence: 0.18, bbox: [86, 546, 589, 579], page: 0, line: 'csz' }, { text: 'MIAMI,', confidence: 0.65, bbox: [340, 542, 435, 587], page: 0, line: 'csz' },
        { text: 'FL', confidence: 0.96, bbox: [450, 542, 480, 587], page: 0, line: 'csz' }, { text: '33166', confidence: 0.96, bbox: [498, 542, 592, 587], page: 0, line: 'csz' }],
    ));
    expect(d.Shipper).toMatchObject({ Name: 'NORTHGATE FOUNDRY CORP', Address: '11343 E WALNUT BLVD', City: 'MIAMI', State: 'FL', Zip: '33166' });
  });

  it('finds headings behind a section icon and joins two names for one field', () => {
    const d = extractFields(page(
      line(100, 100, '@ EXPÉDITEUR'),
      line(100, 140, 'Blue Ridge Wire ULC'), line(100, 180, '3702 Queen St S'), line(100, 220, 'Halifax, NS B3K 4P1'),
      line(900, 100, 'REMITENTE / ORIGEN'),
    ));
    expect(d.Shipper?.Name).toBe('BLUE RIDGE WIRE ULC');
    expect(d.Shipper?.Zip).toBe('B3K 4P1');
  });

  it('gives a name cut after a connector its company ending back from the next line', () => {
    const d = extractFields(page(
      line(65, 263, 'REMITENTE/ORIGEN'),
      line(66, 305, 'Nombre / Razón social: MANUFACTURAS REGIOMONTANA SA DE'),
      line(66, 335, 'cv'),
      line(67, 367, 'Domicilio: BLVD. AEROPUERTO 2441'),
      line(66, 400, 'Ciudad, Estado, CP: PUEBLA, PUE 72320'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'MANUFACTURAS REGIOMONTANA SA DE CV', Address: 'BLVD. AEROPUERTO 2441' });
    expect(wrappedEnding('SMITH &', 'Sons')).toBe('SONS');
    // Only after a connector, and only an ending: a street's first word stays the street's.
    expect(wrappedEnding('ACME FOODS', 'INC')).toBeNull();
    expect(wrappedEnding('SA DE', 'CALLE')).toBeNull();
  });

  it('counts the label words printed before a value in its cell, of the value\'s own kinds only, and leaves a word after them', () => {
    const line = (...texts: string[]): Word[] => texts.map((text, i) => ({ text, confidence: 0.9, bbox: [100 + 80 * i, 100, 170 + 80 * i, 120], page: 0, line: '1' }));
    const name = new Set(['name', 'shipper'] as const);
    expect(leadingLabelWords(line('RAZON', 'SOCIAL', 'EMPAQUES', 'ANAHUAC', 'SA', 'DE', 'CV'), name)).toBe(2);
    // Two labels in a row, joined by a slash or a dash, are one label to leave out.
    expect(leadingLabelWords(line('RAISON', 'SOCIALE', '/', 'NAME', 'ACME', 'INC'), name)).toBe(4);
    expect(leadingLabelWords(line('Street', '-', 'Dirección:', '5597', 'ENTERPRISE', 'PL'), new Set(['address'] as const))).toBe(3);
    // Another field's label, a label and nothing after it, and a value that begins like a label read with a slip stay.
    expect(leadingLabelWords(line('CARRIER', 'ACME', 'INC'), name)).toBe(0);
    expect(leadingLabelWords(line('NAME'), name)).toBe(0);
    expect(leadingLabelWords(line('TRANSPORTES', 'DEL', 'GOLFO'), new Set(['carrier', 'name'] as const))).toBe(0);
    // Words that may begin the value itself count only when a colon marks them as a label.
    const city = new Set(['city', 'cityStateZip', 'zip'] as const);
    expect(leadingLabelWords(line('CIUDAD', 'JUAREZ'), city, new Set(['city'] as const))).toBe(0);
    expect(leadingLabelWords(line('CIUDAD:', 'RENO'), city, new Set(['city'] as const))).toBe(1);
    expect(leadingLabelWords(line('ZIP', 'LANSING'), city, new Set(['city'] as const))).toBe(1);
    // Or when they are one of a pair with another label ("RUE / ADDR"); alone, they begin the street.
    const address = new Set(['address'] as const);
    expect(leadingLabelWords(line('RUE', '/', 'ADDR', '15364', 'RAILROAD', 'CIR'), address)).toBe(3);
    // The pair's slash read as a stroke of like shape; such a stroke before the first label is no separator.
    expect(leadingLabelWords(line('RUE', 'L', 'ADDRESS', '523', 'KING', 'ST'), address)).toBe(3);
    expect(leadingLabelWords(line('RUE', 'L', 'PELLETIER', '12'), address)).toBe(0);
    expect(leadingLabelWords(line('RUE', 'SAINT-PATRICK', '450'), address)).toBe(0);
  });

  it('repairs a company-type ending misread by one letter, and leaves real endings alone', () => {
    expect(repairCompanySuffix('ALDER HARDWARE CORY')).toEqual({ value: 'ALDER HARDWARE CORP', repaired: true });
    // A long ending carries two slips, its first letter among them; a word as near stays.
    expect(repairCompanySuffix('ALDER BEARINGS LOMRANY')).toEqual({ value: 'ALDER BEARINGS COMPANY', repaired: true });
    expect(repairCompanySuffix('ACME COMPANIES').repaired).toBe(false);
    // CV ends only the Mexican forms, after their DE.
    expect(repairCompanySuffix('PLASTICOS TOLTECA CV').value).toBe('PLASTICOS TOLTECA SA DE CV');
    expect(repairCompanySuffix('ACEROS DEL NORTE S DE RL DE CV').repaired).toBe(false);
    // A digit in a form that has letters is the letter it looks like; a number after a name is left alone.
    expect(repairCompanySuffix('HOLLAND TRADING 8.V.')).toEqual({ value: 'HOLLAND TRADING B.V.', repaired: true });
    expect(repairCompanySuffix('ACME PLANT 5')).toEqual({ value: 'ACME PLANT 5', repaired: false });
    expect(repairCompanySuffix('GOLDEN VALLEY MILLS LD')).toEqual({ value: 'GOLDEN VALLEY MILLS LTD', repaired: true });
    // Of two endings one letter off, the one far more companies carry (LLC, not LLP).
    expect(repairCompanySuffix('BRIGHTON NUTRITION LLO')).toEqual({ value: 'BRIGHTON NUTRITION LLC', repaired: true });
    expect(repairCompanySuffix('GRUPO REGIOMONTANA SA DE OV')).toEqual({ value: 'GRUPO REGIOMONTANA SA DE CV', repaired: true });
    expect(repairCompanySuffix('GRUPO DEL BAJIO SA DE ¢V')).toEqual({ value: 'GRUPO DEL BAJIO SA DE CV', repaired: true });
    // After SA DE the ending is CV whichever of its letters was misread; another ending is left alone.
    expect(repairCompanySuffix('EMPAQUES QUERETANA SA DE CY')).toEqual({ value: 'EMPAQUES QUERETANA SA DE CV', repaired: true });
    expect(repairCompanySuffix('EMPAQUES POTOSINA SADE CN')).toEqual({ value: 'EMPAQUES POTOSINA SA DE CV', repaired: true });
    expect(repairCompanySuffix('GRUPO NORTE SAPI DE C')).toEqual({ value: 'GRUPO NORTE SAPI DE CV', repaired: true });
    expect(repairCompanySuffix('PLASTICOS DEL NORTE S DE RL').repaired).toBe(false);
    expect(repairCompanySuffix('TEXTILE MILLS HOLDINGS TNC')).toEqual({ value: 'TEXTILE MILLS HOLDINGS INC', repaired: true });
    // An ending in spaced capitals; spaced letters that make no ending stay.
    expect(repairCompanySuffix('CORNERSTONE NUTRITION L L C')).toEqual({ value: 'CORNERSTONE NUTRITION LLC', repaired: true });
    expect(repairCompanySuffix('A B C')).toEqual({ value: 'A B C', repaired: false });
    expect(repairCompanySuffix('ACME A B C')).toEqual({ value: 'ACME A B C', repaired: false });
    expect(repairCompanySuffix('ACME PARTNERS LP').repaired).toBe(false);
    // A form that lost its first letter.
    expect(repairCompanySuffix('MEUBLES SAINT-LAURENT TEE')).toEqual({ value: 'MEUBLES SAINT-LAURENT LTEE', repaired: true });
    expect(repairCompanySuffix('SILVERLINE SUPPLY TD')).toEqual({ value: 'SILVERLINE SUPPLY LTD', repaired: true });
    // The nearest ending when nearer than any other: LLE is LLC by a look-alike letter; LLL is as far from LLC as from
    // LLP, and of the two LLC is the one far more companies carry; LTE is as far from LTD as from LTEE, both common.
    expect(repairCompanySuffix('RED OAK POLYMERS GROUP LLE')).toEqual({ value: 'RED OAK POLYMERS GROUP LLC', repaired: true });
    expect(repairCompanySuffix('ACME GROUP LLL')).toEqual({ value: 'ACME GROUP LLC', repaired: true });
    expect(repairCompanySuffix('ACME GROUP LTE').repaired).toBe(false);
    // An ending's first stroke read as a bracket, never closed: L or I, whichever makes an ending.
    expect(repairCompanySuffix('ALDER TEXTILE MILLS (TD')).toEqual({ value: 'ALDER TEXTILE MILLS LTD', repaired: true });
    expect(repairCompanySuffix('ACME [NC')).toEqual({ value: 'ACME INC', repaired: true });
    expect(repairCompanySuffix('ACME (USA)').repaired).toBe(false);
    expect(repairCompanySuffix('PLASTIQUES BOREAL WC')).toEqual({ value: 'PLASTIQUES BOREAL INC', repaired: true });
    expect(repairCompanySuffix('CORNERSTONE COATINGS HOLDINGS NC')).toEqual({ value: 'CORNERSTONE COATINGS HOLDINGS INC', repaired: true });
    expect(repairCompanySuffix('ACME FOODS').repaired).toBe(false);
    // A real ending one letter from a listed one is not "repaired" (LTDA is not LTD).
    expect(repairCompanySuffix('ATLANTICO LTDA').repaired).toBe(false);
    // A carrier's trade (less than truckload) ends its name as often as a legal form does.
    expect(repairCompanySuffix('SILVER ARROW LTL').repaired).toBe(false);
  });

  it('reads a name without the number of the box it is printed in, and tells a name cut short of its ending', () => {
    expect(readCompanyName('[1] Tidewater Foundry LTEE', []).value).toBe('TIDEWATER FOUNDRY LTEE');
    // A box's number padded with a zero; a name's own number stays.
    expect(readCompanyName('04 SUMMIT RIDGE MILLWORKS INC', []).value).toBe('SUMMIT RIDGE MILLWORKS INC');
    expect(readCompanyName('2. INDUSTRIAS TOLTECA SA DE CV', []).value).toBe('INDUSTRIAS TOLTECA SA DE CV');
    expect(readCompanyName('3M COMPANY', []).value).toBe('3M COMPANY');
    expect(readCompanyName('ASHFORD CABINETRY |. LTEE', []).value).toBe('ASHFORD CABINETRY LTEE');
    expect(readCompanyName('84 LUMBER CO', []).value).toBe('84 LUMBER CO');
    expect(readCompanyName('6)] PLASTICOS ANAHUAC SA DE CV', []).value).toBe('PLASTICOS ANAHUAC SA DE CV');
    // The Mexican form's CV lost at the name's end.
    expect(repairCompanySuffix('EMPAQUES CUMBRES SADE')).toEqual({ value: 'EMPAQUES CUMBRES SA DE CV', repaired: true });
    expect(repairCompanySuffix('PLASTICOS ANAHUAC SA DE').value).toBe('PLASTICOS ANAHUAC SA DE CV');
    expect(repairCompanySuffix('CASA DE').repaired).toBe(false);
    expect(readCompanyName('COMERCIAL ANAHUAC SA-DE CV', []).value).toBe('COMERCIAL ANAHUAC SA DE CV');
    // Before DE CV only SA stands, however its A was read.
    expect(readCompanyName('INDUSTRIAS POTOSINA SK DE CV', []).value).toBe('INDUSTRIAS POTOSINA SA DE CV');
    expect(readCompanyName('DISTRIBUIDORA HUASTECA SH DE CW', []).value).toBe('DISTRIBUIDORA HUASTECA SA DE CV');
    // A legal form of two words read as one ends the name as the form does.
    expect(readCompanyName('STRAITS PTELTD LOCATION # 97493', []).value).toBe('STRAITS PTE LTD');
    // A signer's role after the name, whole or cut at the line's end.
    expect(readCompanyName('PRAIRIE WIND CARRIERS, AS CARRIER', []).value).toBe('PRAIRIE WIND CARRIERS');
    // ... or in brackets, however the OCR read them; a name that ends in the word is left whole.
    expect(readCompanyName('COPPER STATE TRUCKING ICARRIERJ', []).value).toBe('COPPER STATE TRUCKING');
    expect(readCompanyName('COPPER STATE TRUCKING (CARRIER)', []).value).toBe('COPPER STATE TRUCKING');
    expect(readCompanyName('AMERICAN CARRIER', []).value).toBe('AMERICAN CARRIER');
    expect(readCompanyName('CORNERSTONE FOUNDRY HOLDINGS . INC', []).value).toBe('CORNERSTONE FOUNDRY HOLDINGS INC');
    expect(readCompanyName('PRAIRIE WIND CARRIERS, AS', []).value).toBe('PRAIRIE WIND CARRIERS');
    expect(readCompanyName('4) CORNERSTONE FASTENERS ULC', []).value).toBe('CORNERSTONE FASTENERS ULC');
    expect(readCompanyName('1] TIDEWATER FOUNDRY LTEE', []).value).toBe('TIDEWATER FOUNDRY LTEE');
    expect(readCompanyName('E] COPPER STATE TRUCKING', []).value).toBe('COPPER STATE TRUCKING');
    // A name that begins with a number of its own keeps it.
    expect(readCompanyName('3M COMPANY', []).value).toBe('3M COMPANY');
    expect(readCompanyName('ASHFORD CABINETRY |. LTEE', []).value).toBe('ASHFORD CABINETRY LTEE');
    expect(readCompanyName('21 CENTURY FOODS INC', []).value).toBe('21 CENTURY FOODS INC');
    expect(endsAsName('NORTHGATE TEXTILE MILLS CORP')).toBe(true);
    expect(endsAsName('GRUPO QUERETANA SA DE CV')).toBe(true);
    expect(endsAsName('ASHFORD BEARINGS CO')).toBe(true);
    expect(endsAsName('NORTHGATE TEXTILE MILLS')).toBe(false);
    expect(endsAsName('GRUPO QUERETANA SA DE')).toBe(false);
  });

  it('ends a company name at its legal form, dropping what the line holds after it', () => {
    expect(endAtLegalForm('GOLDEN VALLEY BEARINGS LLC VENDOR ID 554734')).toBe('GOLDEN VALLEY BEARINGS LLC');
    expect(endAtLegalForm('TEMASEK PTE LTD ACCOUNT NO.')).toBe('TEMASEK PTE LTD');
    // An ending names carry (CO, COMPANY) with a number or a label after it: the next item of the form.
    expect(endAtLegalForm('SUMMIT RIDGE SUPPLY CO NO. DE CLIENTE 195466 FOB: O')).toBe('SUMMIT RIDGE SUPPLY CO');
    // Ended before a number, a name ends there, whatever legal form a later item of the form carries.
    expect(endAtLegalForm('PINNACLE SUPPLY COMPANY, 4711 FOUNDRY CIR, PEORIA IL SHIP TO TIDEWATER HARDWARE LTD')).toBe('PINNACLE SUPPLY COMPANY');
    expect(endAtLegalForm('CORNERSTONE BEARINGS COMPANY DOCK 30506408 FOB')).toBe('CORNERSTONE BEARINGS COMPANY');
    expect(endAtLegalForm('ACME GROUP SUPPLY')).toBe('ACME GROUP SUPPLY');
    expect(readCompanyName('ACME FOUNDRY GROUP LTO SID# 5771', []).value).toBe('ACME FOUNDRY GROUP LTD');
    expect(endAtLegalForm('ACEROS ANAHUAC SA DE CV CUENTA')).toBe('ACEROS ANAHUAC SA DE CV');
    expect(endAtLegalForm('ACME, INC., DOCK 4')).toBe('ACME, INC.');
    // Nothing after the form, a form as the first word, a form the line cuts short (its end wraps to the next line),
    // and names with no form stay as read.
    expect(endAtLegalForm('ASHFORD BEARINGS LTEE')).toBe('ASHFORD BEARINGS LTEE');
    expect(endAtLegalForm('AG SUPPLY')).toBe('AG SUPPLY');
    expect(endAtLegalForm('SA TRANSPORT LTD')).toBe('SA TRANSPORT LTD');
    expect(endAtLegalForm('MANUFACTURAS POTOSINA SA DE')).toBe('MANUFACTURAS POTOSINA SA DE');
    expect(endAtLegalForm('EMPAQUES QUERETANA SA DE CY')).toBe('EMPAQUES QUERETANA SA DE CY');
    expect(endAtLegalForm('COPPER STATE TRUCKING DOCK 4')).toBe('COPPER STATE TRUCKING DOCK 4');
  });

  it('ignores marks after the postal code of a city line', () => {
    const d = extractFields(page(line(100, 100, 'SHIPPER:'), line(100, 140, 'Acme Corp'), line(100, 180, '12 Main St'), line(100, 220, 'Charleston, SC 29405 >')));
    expect(d.Shipper).toMatchObject({ City: 'CHARLESTON', State: 'SC', Zip: '29405' });
  });

  it('drops a garbled row label in front of a house number and of a city, as doubts', () => {
    expect(stripLeadingJunk('SMEER 3359 MACLEOD AVE')).toEqual({ value: '3359 MACLEOD AVE', repaired: true });
    expect(stripLeadingJunk('N 100 MAIN ST')).toEqual({ value: 'N 100 MAIN ST', repaired: false });
    expect(stripLeadingJunk('CALLE 5 DE MAYO 120')).toEqual({ value: 'CALLE 5 DE MAYO 120', repaired: false });
    const d = extractFields(page(line(100, 100, 'CONSIGNEE:'), line(100, 140, 'Acme Corp'), line(100, 180, '36 Walnut Hwy'), line(100, 220, 'CRV SRE 2 KNOXVILLE, TN 37921')));
    expect(d.Consignee?.City).toBe('KNOXVILLE');
    expect(d.ConfidenceScores['Consignee.City']).toBeLessThan(0.9);
  });

  it('repairs a street type misread by one look-alike letter, and doubts a two-line street', () => {
    expect(repairStreetSuffix('22464 INDUSTRIAL PI')).toEqual({ value: '22464 INDUSTRIAL PL', repaired: true });
    expect(repairStreetSuffix('100 MAIN ST')).toEqual({ value: '100 MAIN ST', repaired: false });
    // A type that lost its last letter; a type with a letter misread is that type, and a word of its own stays.
    expect(repairStreetSuffix('3930 MADISON PKW')).toEqual({ value: '3930 MADISON PKWY', repaired: true });
    expect(repairStreetSuffix('26927 AIRWAY WA').value).toBe('26927 AIRWAY WAY');
    expect(repairStreetSuffix('1704 SYCAMORE RO').value).toBe('1704 SYCAMORE RD');
    expect(repairStreetSuffix('12 RUE DE LA COUR').repaired).toBe(false);
    // A leading type is a word of its own; a unit's word before its number read a letter off is that word.
    expect(repairStreetSuffix('CIRCUITO-EL MARQUES 34').value).toBe('CIRCUITO EL MARQUES 34');
    expect(repairStreetSuffix('UNLIT 38 DOCK ROAD').value).toBe('UNIT 38 DOCK ROAD');
    // A street names its type once: a leading type before a number-first street with its own type is a label.
    expect(repairStreetSuffix('CALLE 24824 E SYCAMORE PKWY').value).toBe('24824 E SYCAMORE PKWY');
    expect(repairStreetSuffix('RUE 3975 BOUL. INDUSTRIEL').value).toBe('3975 BOUL. INDUSTRIEL');
    // An address label's word is no street's first word, wherever the street prints its number.
    expect(repairStreetSuffix('ADDR WALTERSHOFER DAMM 131').value).toBe('WALTERSHOFER DAMM 131');
    expect(repairStreetSuffix('ADDRESS 1656 W HARBOR PKWY').value).toBe('1656 W HARBOR PKWY');
    expect(repairStreetSuffix('CALLE 10 NORTE 55').repaired).toBe(false);
    expect(repairStreetSuffix('SAINT-PATRICK 450').repaired).toBe(false);
    // A type glued on by a hyphen is cut off; a hyphenated name stays.
    expect(repairStreetSuffix('2762 MILL-PL')).toEqual({ value: '2762 MILL PL', repaired: true });
    // A compass point glued to the type after a name.
    expect(repairStreetSuffix('260 MACLEOD STN')).toEqual({ value: '260 MACLEOD ST N', repaired: true });
    // A street label whose colon was read as a dash.
    expect(stripLeadingJunk('DOMICITO- 29682 JUNIPER CT BLDG 24')).toEqual({ value: '29682 JUNIPER CT BLDG 24', repaired: true });
    expect(repairStreetSuffix('6489 RUE SAINT-PATRICK')).toEqual({ value: '6489 RUE SAINT-PATRICK', repaired: false });
    // A speck read as a mark before the house number goes.
    expect(stripLeadingJunk('“ 2762 MILL PL')).toEqual({ value: '2762 MILL PL', repaired: true });
    expect(stripLeadingJunk('# 12 MAIN ST')).toEqual({ value: '# 12 MAIN ST', repaired: false });
    // The row label read in two pieces, the first closed by a point.
    expect(stripLeadingJunk('SIR. .R 28185 UNION DR')).toEqual({ value: '28185 UNION DR', repaired: true });
    expect(stripLeadingJunk('DO MIC ILIO: CALLE MORELOS 3704')).toEqual({ value: 'CALLE MORELOS 3704', repaired: true });
    expect(stripLeadingJunk('DO M IC I O: CIRCUITO EL MARQUES 2206')).toEqual({ value: 'CIRCUITO EL MARQUES 2206', repaired: true });
    expect(stripLeadingJunk('LA PAZ CALLE MORELOS 3704').value).toBe('LA PAZ CALLE MORELOS 3704');
    expect(stripLeadingJunk('AVE. B 1234 CENTRO')).toEqual({ value: 'AVE. B 1234 CENTRO', repaired: false });
    // A street type written out with one letter misread; a number before it makes it no type ("1 COUNT").
    expect(repairStreetSuffix('23931 WALNUT COUNT')).toEqual({ value: '23931 WALNUT COURT', repaired: true });
    expect(repairStreetSuffix('400 KING DRIVE N')).toEqual({ value: '400 KING DRIVE N', repaired: false });
    expect(repairStreetSuffix('BOX 1 COUNT')).toEqual({ value: 'BOX 1 COUNT', repaired: false });
    // A type read in two pieces at the end.
    expect(repairStreetSuffix('1080 S TERMINAL H WY')).toEqual({ value: '1080 S TERMINAL HWY', repaired: true });
    expect(repairStreetSuffix('1080 S TERMINAL ST W')).toEqual({ value: '1080 S TERMINAL ST W', repaired: false });
    // A lone letter read weakly after the type is a speck; a compass point stays.
    const street = line(100, 150, '28867 N TERMINAL AVENUE v');
    street[4]!.confidence = 0.62;
    expect(extractFields(page(line(100, 100, 'SHIPPER'), line(100, 125, 'ASHFORD FOODS INC'), street, line(100, 175, 'ALBANY, NY 12205'))).Shipper?.Address).toBe('28867 N TERMINAL AVENUE');
    const compass = line(100, 150, '28867 TERMINAL AVENUE N');
    compass[3]!.confidence = 0.62;
    expect(extractFields(page(line(100, 100, 'SHIPPER'), line(100, 125, 'ASHFORD FOODS INC'), compass, line(100, 175, 'ALBANY, NY 12205'))).Shipper?.Address).toBe('28867 TERMINAL AVENUE N');
    // Spanish and French streets put the type first.
    expect(repairStreetSuffix('BIVD. AEROPUERTO 3223')).toEqual({ value: 'BLVD. AEROPUERTO 3223', repaired: true });
    expect(repairStreetSuffix('AV. INDUSTRIAS 981')).toEqual({ value: 'AV. INDUSTRIAS 981', repaired: false });
    expect(repairStreetSuffix('1455 INDUSTRIAL OR')).toEqual({ value: '1455 INDUSTRIAL DR', repaired: true });
    expect(repairStreetSuffix('742 MILL R0')).toEqual({ value: '742 MILL RD', repaired: true });
    expect(repairStreetSuffix('36 WALNUTHWY')).toEqual({ value: '36 WALNUT HWY', repaired: true });
    expect(repairStreetSuffix('4782 BRAMALEAAVE N')).toEqual({ value: '4782 BRAMALEA AVE N', repaired: true });
    expect(repairStreetSuffix('1 BROADWAY')).toEqual({ value: '1 BROADWAY', repaired: false });
    const d = extractFields(page(
      line(100, 100, 'SHIPPER:'), line(100, 140, 'Acme Corp'), line(100, 180, '12 Main St'), line(100, 220, '9118 Walnut Ave'), line(100, 260, 'Austin, TX 78701'),
    ));
    expect(d.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
  });
});

describe('labels in running text', () => {
  it('does not take a lower-case word of a footnote for a form label', () => {
    const d = extractFields(page(
      line(100, 100, 'CARRIER'), line(400, 100, 'KEYSTONE EXPRESS LINES'),
      line(100, 900, '“carrier or shippers weight”.'),
    ));
    expect(d.Carrier?.Name).toBe('KEYSTONE EXPRESS LINES');
    expect(findLabels(buildSegments(line(100, 900, 'carrier or shippers weight'), [])).map((h) => h.field)).toEqual([]);
  });

  it('recognises a form label in a reading of a line, so a second reading does not replace it with a non-label', () => {
    expect(startsWithLabel(['Consicnen', '1'])).toBe(true);
    expect(startsWithLabel(['Comicuan', '10'])).toBe(false);
    // Short labels are left out: too much garbage reads as PHONE.
    expect(startsWithLabel(['Pone', '(ven)'])).toBe(false);
  });
});

describe('labels misread by OCR', () => {
  it('reads a party heading garbled two slips off on a row of two other party headings', () => {
    const row = (first: string) => page(
      line(168, 230, first), line(445, 230, 'CONSIONEE'), line(786, 230, 'THIRD-PARTY BILL TO'),
      line(53, 254, 'COMPANY'), line(168, 254, 'Severine Millworks LTEE'), line(448, 254, 'Summit Ridge Glassworks LLC'),
      line(53, 278, 'STREET'), line(168, 278, '9606 Portage Blvd'), line(448, 278, '23931 Walnut Ct'),
      line(53, 302, 'CITY'), line(168, 302, 'HALIFAX'), line(448, 302, 'EL PASO'),
      line(53, 326, 'STATE'), line(168, 326, 'NS'), line(448, 326, 'TX'),
      line(53, 350, 'POSTAL'), line(168, 350, 'B3K 8W5'), line(448, 350, '79936'),
    );
    const d = extractFields(row('SPPER'));
    expect(d.Shipper).toMatchObject({ Name: 'SEVERINE MILLWORKS LTEE', City: 'HALIFAX', State: 'NS' });
    expect(d.Consignee).toMatchObject({ Name: 'SUMMIT RIDGE GLASSWORKS LLC', City: 'EL PASO' });
    // A word near no party heading is not made one.
    expect(findLabels(buildSegments(row('WAREHOUSE').flatMap((p) => p.words))).some((h) => h.field === 'shipper')).toBe(false);
  });

  it('reads a two-word label with its long first word two slips off, or its second a slip and a half off after a long first', () => {
    const fields = (text: string) => findLabels(buildSegments(line(87, 218, text))).map((h) => h.field);
    expect(fields('DELVUR BY 10/3/26')).toEqual(['deliveryDate']);
    expect(fields('PURCHASE ORDCA 4563280113')).toEqual(['po']);
    // The other word must be read exactly, and a real word stays itself.
    expect(fields('DELVUR TO 10/3/26')).not.toContain('deliveryDate');
    expect(fields('PURCHASE PRICE 4563280113')).not.toContain('po');
  });

  it("reads SHIPPER'S NO. with its NO in two capitals, or its first word garbled past telling but weak, S-initial and long", () => {
    const fields = (...ls: Word[][]) => findLabels(buildSegments(ls.flat())).map((h) => h.field);
    const pieces = line(886, 265, "SHIPPER's N O.");
    pieces[1]!.bbox = [966, 265, 977, 285]; pieces[2]!.bbox = [980, 265, 998, 285];
    expect(fields(pieces)).toEqual(['bol']);
    expect(fields(line(911, 298, 'Smemiacs No,', 0.13))).toEqual(['bol']);
    // Read with confidence, another S-word before No. is its own label or none.
    expect(fields(line(911, 298, 'SERIALS No.'))).not.toContain('bol');
    expect(fields(line(911, 298, 'Siam No.', 0.26))).not.toContain('bol');
  });

  it("gives a sales order's SO number under the PO label to the form's empty order label, as a doubt", () => {
    const d = extractFields(page(line(153, 832, 'PO Number'), line(340, 832, 'SO414047'), line(456, 832, 'Order No.'), line(727, 832, 'Pkgs')));
    expect(d.References).toMatchObject({ PoNumber: null, OrderNumber: 'SO414047' });
    expect(d.ConfidenceScores['References.OrderNumber']).toBeLessThan(0.9);
    // A form with no order label keeps it as the PO number.
    expect(extractFields(page(line(153, 832, 'PO Number'), line(340, 832, 'SO414047'))).References?.PoNumber).toBe('SO414047');
  });

  it('reads a reference label whose # was read as a letter glued to it, alone in its cell or before its number', () => {
    const fields = (...ls: Word[][]) => findLabels(buildSegments(ls.flat())).map((h) => h.field);
    expect(fields(line(1017, 600, 'POR'))).toEqual(['po']);
    expect(fields(line(100, 600, 'POR 4560305235'))).toEqual(['po']);
    const d = extractFields(page(line(1027, 560, 'BOL #'), line(1547, 560, 'B57472406'), line(1017, 600, 'POR'), line(1530, 600, '4560305235')));
    expect(d.References?.PoNumber).toBe('4560305235');
    // Spanish "por" before words is no label.
    expect(fields(line(100, 600, 'POR COBRAR'))).not.toContain('po');
  });

  it('takes a weakly read word past matching on a row of two party headings for the one party the row lacks', () => {
    const grid = (first: string, confidence: number, more: Word[] = []) => {
      const heading = line(172, 234, first);
      heading[0]!.confidence = confidence;
      return [
        ...heading, ...line(486, 234, 'CONSIGNEE'), ...line(801, 234, 'THIRD-PARTY BILL TO'),
        ...line(56, 259, 'COMPANY'), ...line(172, 259, 'Summit Ridge Glassworks INC'), ...line(486, 259, 'Alder Containers Holdings INC'),
        ...line(56, 291, 'STREET'), ...line(172, 291, '2158 Airport Dr'), ...line(489, 291, '13969 W Madison St'),
        ...line(56, 314, 'CITY'), ...line(171, 314, 'VANCOUVER'), ...line(489, 314, 'MEMPHIS'),
        ...line(56, 339, 'STATE / PROV.'), ...line(173, 339, 'BC'), ...line(489, 339, 'TN'),
        ...line(56, 362, 'ZIP / POSTAL'), ...line(171, 362, 'V5L 1A8'), ...line(489, 362, '38118'),
        ...more,
      ];
    };
    // "EVER" for SHIPPER on a 100-dpi capture.
    expect(extractFields(page(grid('EVER', 0.2))).Shipper).toMatchObject({ Name: 'SUMMIT RIDGE GLASSWORKS INC', Address: '2158 AIRPORT DR', City: 'VANCOUVER', State: 'BC' });
    const shipperHeading = (words: Word[]) => findLabels(buildSegments(words)).filter((h) => h.field === 'shipper');
    // Read with confidence, the word is something else; with a shipper heading elsewhere on the page, it is not that.
    expect(shipperHeading(grid('EVER', 0.9))).toEqual([]);
    expect(shipperHeading(grid('EVER', 0.2, line(100, 600, 'SHIPPER')))).toHaveLength(1);
    expect(shipperHeading(grid('EVER', 0.2, line(100, 600, 'SHIPPER')))[0]!.labelWords[0]!.text).toBe('SHIPPER');
  });

  it('reads a heading after a circled number read as a weak single letter or a box number, and not after a clearly read word or count', () => {
    const heading = line(100, 100, 'A EXPEDITEUR');
    heading[0]!.confidence = 0.67;
    expect(findLabels(buildSegments(heading)).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual(['shipper@']);
    expect(findLabels(buildSegments(line(100, 100, 'A EXPEDITEUR'))).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual([]);
    // A section number with its mark ("1—") is an icon too; a count before a word is not.
    expect(findLabels(buildSegments(line(100, 100, '1— Classe'))).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual(['freightClass@']);
    expect(findLabels(buildSegments(line(100, 100, '10 PIECES'))).some((h) => h.atStart)).toBe(false);
    // So is a lone digit read weakly (a number in a circle); read clearly, it is a count before a unit's heading, and
    // a box number before a party's, which no count stands before.
    const numbered = line(100, 100, '8 DESTINATAIRE');
    numbered[0]!.confidence = 0.54;
    expect(findLabels(buildSegments(numbered)).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual(['consignee@']);
    expect(findLabels(buildSegments(line(100, 100, '8 DESTINATAIRE'))).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual(['consignee@']);
    expect(findLabels(buildSegments(line(100, 100, '8 COLIS'))).some((h) => h.atStart)).toBe(false);
    // Box numbers as forms print them (a colon, brackets, two digits, zero-padded) leave the heading at the start of
    // its line; a count with no mark does not.
    for (const text of ['5: Origin', '(3) Consignee', '12. Consignee', '04 Ship To']) {
      expect(findLabels(buildSegments(line(100, 100, text))).filter((h) => h.atStart).map((h) => h.field), text).toEqual([text.includes('Origin') ? 'shipper' : 'consignee']);
    }
    expect(findLabels(buildSegments(line(100, 100, '14 PALLETS'))).some((h) => h.atStart)).toBe(false);
    // A clearly read lone letter before a heading of two words read exactly: a box letter or a wrapped label's last word.
    expect(findLabels(buildSegments(line(100, 100, 'A FORWARDING AGENT'))).map((h) => `${h.field}${h.atStart ? '@' : ''}`)).toEqual(['otherParty@']);
  });

  it('reads a clear word of the page\'s languages as itself, not as a one-word label one letter off', () => {
    const fields = (text: string): string[] => findLabels(buildSegments(line(100, 100, text))).filter((h) => h.atStart).map((h) => h.field);
    // A company's and a country's name are no PHONE and no FRANCO.
    expect(fields('RHONE SAS')).toEqual([]);
    expect(fields('FRANCE')).toEqual([]);
    // A label's own word with another ending stays the label, as does a misread no language has.
    expect(fields('PHONES')).toEqual(['stop']);
    expect(fields('PHONF 555-0100')).toEqual(['stop']);
  });

  it('doubts a description that is only a package kind', () => {
    const d = extractFields(page(
      line(200, 100, 'H.U. Qty Type'), line(420, 100, 'Weight'), line(600, 100, 'Commodity description'), line(1000, 100, 'Class'),
      line(200, 140, '10'), line(600, 140, 'CRATE'), line(420, 140, '7,102 lbs'), line(1000, 140, '125'),
    ));
    expect(d.ShipmentDetails.Commodity).toBe('CRATE');
    expect(d.ConfidenceScores['ShipmentDetails.Commodity']).toBeLessThan(0.9);
  });

  it("puts back NOI's I lost at a description cell's edge, as a doubt", () => {
    const d = extractFields(page(
      line(200, 100, 'H.U. Qty Type'), line(420, 100, 'Weight'), line(600, 100, 'Commodity description'), line(1000, 100, 'Class'),
      line(200, 140, '10'), line(600, 140, 'SPORTING GOODS, NO'), line(420, 140, '7,102 lbs'), line(1000, 140, '125'),
    ));
    expect(d.ShipmentDetails.Commodity).toBe('SPORTING GOODS, NOI');
    expect(d.ConfidenceScores['ShipmentDetails.Commodity']).toBeLessThan(0.9);
  });

  it('reads a four-letter heading with one look-alike letter, so the column beside it ends where it should', () => {
    expect(findLabels(buildSegments(line(100, 100, 'NMEC'))).map((h) => h.field)).toEqual(['nmfc']);
    const d = extractFields(page(
      line(100, 100, 'Handling units'), line(300, 100, 'Pieces'), line(420, 100, 'Description'), line(800, 100, 'Class'), line(900, 100, 'NMEC'), line(1020, 100, 'Weight'),
      line(100, 130, '6 SKID'), line(300, 130, '66'), line(420, 130, 'COPPER WIRE ON REELS'), line(800, 130, '92.5'), line(900, 130, '153972'), line(1020, 130, '2556 kg'),
    ));
    expect(d.ShipmentDetails.FreightClass).toBe('92.5');
  });

  it('reads the weight column under a heading whose unit was garbled into letters (WEIGHT (KG) read WRIGHT MO))', () => {
    const d = extractFields(page(
      line(450, 100, 'DESCRIPTION'), line(880, 100, 'WRIGHT MO)'),
      line(450, 130, 'COPPER WIRE ON REELS'), line(960, 130, '2973'),
    ));
    expect(d.ShipmentDetails.Weight).toBe(2973);
  });

  it('weighs a total row far below the items against them: a border read as a leading 1 goes, a disagreement is a doubt', () => {
    const form = (item: string, total: string): ReturnType<typeof extractFields> => extractFields(page(
      line(600, 100, 'Kind of packaging, description of articles'), line(1200, 100, 'Weight (subject to correction)'),
      line(560, 140, 'VINYL FLOORING'), line(1140, 140, item), line(480, 290, 'TOTAL'), line(1160, 290, total),
    ));
    const border = form('12627 LBS', '2627 LBS');
    expect(border.ShipmentDetails.Weight).toBe(2627);
    expect(border.ConfidenceScores['ShipmentDetails.Weight']).toBeLessThan(0.9);
    const lost = form('1078 lbs', '079 lbs');
    expect(lost.ShipmentDetails.Weight).toBe(1078);
    expect(lost.ConfidenceScores['ShipmentDetails.Weight']).toBeLessThan(0.9);
    expect(form('1078 lbs', '1078 lbs').ConfidenceScores['ShipmentDetails.Weight']).toBeGreaterThanOrEqual(0.9);
  });

  it('doubts a number that ends against a cell border, where a last 1 may have been taken for the rule', () => {
    const words = [line(600, 100, 'Kind of packaging, description of articles'), line(1200, 100, 'Weight (LB)'),
      line(560, 140, 'VINYL FLOORING'), line(1200, 140, '231'), line(480, 290, 'TOTALS'), line(1200, 290, '231')].flat();
    const at = (x: number) => extractFields([{ ...page(words)[0]!, rules: [[x, 90, 320]] }]);
    expect(at(1300).ConfidenceScores['ShipmentDetails.Weight']).toBeGreaterThanOrEqual(0.9);
    // "231" ends at x 1233: a border 6 px on (less than a character) may hide a fourth digit.
    expect(at(1239).ShipmentDetails.Weight).toBe(231);
    expect(at(1239).ConfidenceScores['ShipmentDetails.Weight']).toBeLessThan(0.9);
  });

  it('doubts a street whose last word runs on into a weak piece read apart (Boul|evard), not one beside a strong word', () => {
    const form = (rest: Word) => {
      const words = [...block('SHIP FROM', 'Blue Ridge Grocers Group LLC', '18933 Progress Boul', 'San Antonio, TX 78219')[0]!.words, rest];
      return extractFields(page(words));
    };
    // "Boul" spans x 265..309 on the street line (y 150); its cut-off end starts inside it.
    const cut = form({ text: 'ilevard', confidence: 0.44, bbox: [300, 152, 370, 169], page: 0, line: 'missed#0' });
    expect(cut.Shipper?.Address).toBe('18933 PROGRESS BOUL');
    expect(cut.ConfidenceScores['Shipper.Address']).toBeLessThan(0.9);
    // Far off, strong, or a speck: the street stands.
    for (const rest of [
      { text: 'ilevard', confidence: 0.44, bbox: [600, 152, 670, 169] },
      { text: 'Dock', confidence: 0.95, bbox: [310, 150, 354, 170] },
      { text: 'ATL', confidence: 0.26, bbox: [304, 158, 308, 160] },
    ] as const) {
      const d = form({ ...rest, bbox: [...rest.bbox], page: 0, line: 'other' });
      expect(d.ConfidenceScores['Shipper.Address'], rest.text).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('reads a label of two words printed or read without the space', () => {
    const d = extractFields(page(line(100, 100, 'SHIPMENT DATE 2026-10-17'), line(100, 140, 'DELIVERBY 2026-10-22')));
    expect(d.Dates).toMatchObject({ Pickup: '2026-10-17', Delivery: '2026-10-22' });
    // Its long first word with a letter lost too.
    expect(extractFields(page(line(100, 100, 'DELVERBY Feb1,2026'))).Dates.Delivery).toBe('2026-02-01');
  });

  it('reads SHIPPER\'S NO. with its first word garbled from the possessive and the NO', () => {
    const hits = findLabels(buildSegments(line(100, 100, "Suirrer's No. 721198-41")));
    expect(hits.map((h) => h.field)).toEqual(['bol']);
    expect(hits[0]!.valueWords.map((w) => w.text)).toEqual(['721198-41']);
    // A possessive that resembles neither owner stays unread.
    expect(findLabels(buildSegments(line(100, 100, "Kowalski's No. 42")))).toEqual([]);
  });

  it('reads ORDER NO. with its small-caps first word garbled, but not any word before No.', () => {
    for (const read of ['Onver No. S0300288', 'Onoex No. S0300288']) {
      const hits = findLabels(buildSegments(line(100, 100, read)));
      expect(hits.map((h) => h.field)).toEqual(['order']);
    }
    for (const other of ['Trailer No. 4411', 'Office No. 4411']) expect(findLabels(buildSegments(line(100, 100, other))).map((h) => h.field)).not.toContain('order');
  });

  it('reads a slash between label words read as a bar or a letter', () => {
    expect(findLabels(buildSegments(line(100, 100, 'CITY I STATE / ZIP'))).map((h) => h.field)).toEqual(['cityStateZip']);
  });

  it('reads a label word read in two pieces with no space between them (Com modity, C USTOMER)', () => {
    const at = (text: string, x0: number, x1: number): Word => ({ text, confidence: 0.88, bbox: [x0, 676, x1, 690], page: 0, line: 'p' });
    expect(findLabels(buildSegments([at('Com', 589, 630), at('modity', 633, 720), at('description', 731, 870)])).map((h) => h.field)).toEqual(['commodity']);
    expect(findLabels(buildSegments([at('C', 100, 108), at('USTOMER', 110, 190), at('ORDER', 200, 260), at('SO770094', 300, 400)])).map((h) => h.field)).toContain('order');
    // A space apart, two words stay two.
    expect(findLabels(buildSegments([at('Com', 589, 630), at('modity', 645, 720)])).map((h) => h.field)).toEqual([]);
    // A word that gained a letter where it broke (Ci antidad for CANTIDAD).
    expect(findLabels(buildSegments([at('Ci', 242, 252), at('antidad', 253, 310)])).map((h) => h.field)).toEqual(['pieces']);
    // A possessive read in pieces, or with its s apart (its apostrophe too): SHIPPER'S NO.
    for (const pieces of [[at('SHIPPER', 300, 400), at('s', 402, 410)], [at('Sh', 300, 325), at("pper's", 327, 390)], [at('SHIPPER', 300, 360), at("'S", 363, 380), at('BOL', 385, 400)]]) {
      const hits = findLabels(buildSegments([...pieces, at('No.', 402, 432), at('SH7116233', 445, 570)]));
      expect(hits.map((h) => h.field)).toEqual(['bol']);
    }
  });

  it('reads a word cut after its first letter (N o., m archandises) as one, but not two words apart', () => {
    const at = (text: string, x0: number, x1: number): Word => ({ text, confidence: 0.9, bbox: [x0, 256, x1, 277], page: 0, line: 'a' });
    const hits = findLabels(buildSegments([at("SHIPPER's", 881, 950), at('N', 961, 968), at('o.', 975, 989), at('05382238017427520', 1000, 1200)]));
    expect(hits.map((h) => h.field)).toEqual(['bol']);
    expect(hits[0]!.valueWords.map((w) => w.text)).toEqual(['05382238017427520']);
    const d = extractFields(page([at('Description', 711, 790), at('des', 803, 828), at('m', 836, 843), at('archandises', 850, 942)],
      line(711, 300, 'MEUBLES EN PIECES DETACHEES')));
    expect(d.ShipmentDetails?.Commodity).toBe('MEUBLES EN PIECES DETACHEES');
    // A lone letter a word's gap away is a word of its own.
    expect(findLabels(buildSegments([at("SHIPPER's", 881, 950), at('N', 961, 968), at('o.', 984, 998)])).map((h) => h.field)).not.toContain('bol');
  });

  it('gives the same distance whatever was measured before (a long word first, a short one after) and finds the same labels read twice', () => {
    const fresh = [ocrDistance('DEUVER', 'DELIVER'), ocrDistance('CONSICNEN', 'CONSIGNED'), ocrDistance('', 'BOL')];
    expect(ocrDistance('INSTRUCTIONS PARTICULIERES DU TRANSPORTEUR', 'INSTRUCTIONS SPECIALES')).toBeGreaterThan(10);
    expect([ocrDistance('DEUVER', 'DELIVER'), ocrDistance('CONSICNEN', 'CONSIGNED'), ocrDistance('', 'BOL')]).toEqual(fresh);
    expect(fresh).toEqual([0.5, 1, 3]);
    const read = (): string[] => findLabels(buildSegments(line(100, 100, 'Sh pper Narne: ACME  Consicnee: BETA  P0 #: 4471'))).map((h) => `${h.field}:${h.label}`);
    const first = read();
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(read()).toEqual(first);
  });

  it('counts look-alike letters as half an edit, so small-caps labels read with slips still match', () => {
    expect(ocrDistance('CONSICNEN', 'CONSIGNED')).toBe(1);
    expect(ocrDistance('HOUSE', 'MOUSE')).toBe(1);
    expect(ocrDistance('DEHVERY', 'DELIVERY')).toBe(0.5);
    // In a long word only, m for n and o for e are look-alikes too (lower case at low resolution).
    expect(ocrDistance('CONMISSEMONT', 'CONNAISSEMENT')).toBe(2);
    expect(ocrDistance('NOTOR', 'MOTOR')).toBe(1);
    // "li" read as one letter: h, or u.
    expect(ocrDistance('DEUVER', 'DELIVER')).toBe(0.5);
    expect(ocrDistance('DEHVER', 'DELIVER')).toBe(0.5);
    const fields = (text: string): string[] => findLabels(buildSegments(line(100, 100, text))).map((h) => h.field);
    expect(fields('Consicnen 10')).toEqual(['consignee']);
    expect(fields('Orber No.')).toEqual(['order']);
    expect(fields('BRL OF LADING NUMBER:')).toEqual(['bol']);
    // A real word one plain edit away from a short label is not that label.
    expect(fields('Carter')).toEqual([]);
  });
});

describe('tables and references', () => {
  it('reads a right-aligned number in the last column and a count the OCR joined to the next cell', () => {
    const d = extractFields(page(
      line(100, 100, 'PIECES |PKG TYPE |DESCRIPTION |WEIGHT (LB)'),
      line(150, 140, '27 CTN'), line(480, 140, 'GLASS BOTTLES'), line(820, 140, '11,340'),
    ));
    expect(d.ShipmentDetails?.Pieces).toBe(27);
    expect(d.ShipmentDetails?.Weight).toBe(11340);
    expect(d.ShipmentDetails?.WeightUnit).toBe('L');
  });

  it('without readable table headings, takes the weight, class, count and description from the item row, as doubts', () => {
    const d = extractFields(page(
      line(100, 100, '7 SKID'), line(300, 100, '63'), line(450, 100, 'STEEL FASTENERS'), line(800, 100, '2342 kg'), line(1000, 100, '250'),
      line(300, 200, 'TOTAL'), line(800, 200, '2342 kg'),
    ));
    expect(d.ShipmentDetails).toMatchObject({ Weight: 2342, WeightUnit: 'K', Pieces: 63, HandlingUnits: 7, FreightClass: '250', Commodity: 'STEEL FASTENERS' });
    for (const f of ['ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'ShipmentDetails.HandlingUnits']) expect(d.ConfidenceScores[f]).toBeLessThan(0.9);
  });

  it('settles an ambiguous numeric date by the order the form\'s other dates show', () => {
    expect(numericOrderShown(buildSegments([...line(100, 100, 'Ship date: 03/10/2026'), ...line(100, 140, 'Due date: 25/10/2026')]))).toBe('DMY');
    expect(numericOrderShown(buildSegments(line(100, 100, 'Date: 03/10/2026')))).toBeNull();
    // A part above 31 is a misread digit, no day: it shows no order.
    expect(numericOrderShown(buildSegments([...line(100, 100, 'Date: 93-01-2019'), ...line(100, 140, 'Due: 03-08-2019')]))).toBeNull();
    const d = extractFields(page(line(100, 100, 'Ship date: 12/10/2026'), line(100, 140, 'Delivery date: 12/14/2026')));
    expect(d.Dates).toEqual({ Pickup: '2026-12-10', Delivery: '2026-12-14' });
    expect(d.ConfidenceScores['Dates.Pickup']).toBeGreaterThanOrEqual(0.9);
  });

  it('reads an English form\'s ambiguous numeric dates month-first, and day-first where it names a country outside North America', () => {
    const form = (...more: ReturnType<typeof line>[]) => extractFields(page(line(100, 100, 'Ship date: 10/06/2019'), ...more));
    expect(form(line(100, 200, 'SHIPPER'), line(100, 230, 'Acme Foods Inc'), line(100, 260, 'Dallas, TX 75201')).Dates.Pickup).toBe('2019-10-06');
    expect(form(line(100, 200, 'SHIPPER'), line(100, 230, 'Temasek Pte Ltd'), line(100, 260, 'SINGAPORE 119963')).Dates.Pickup).toBe('2019-06-10');
    // A country's name that is also goods names the country only as an address writes it.
    expect(namesCountryAbroad(buildSegments(line(100, 100, 'FINE CHINA')))).toBe(false);
    expect(namesCountryAbroad(buildSegments(line(100, 100, 'SHANGHAI, CHINA')))).toBe(true);
    expect(namesCountryAbroad(buildSegments(line(100, 100, "SHANGHAI 201206 PEOPLE'S REPUBLIC OF CHINA")))).toBe(true);
    expect(namesCountryAbroad(buildSegments(line(100, 100, 'SET OF CHINA')))).toBe(false);
    // A name in two words, and a long name read with one slip, name it too; a country of North America does not.
    expect(namesCountryAbroad(buildSegments([...line(100, 100, 'MANCHESTER M17 1AE'), ...line(100, 140, 'NITED KINGDOM')]))).toBe(true);
    expect(namesCountryAbroad(buildSegments(line(100, 100, 'HAMBURG, GERMANV')))).toBe(true);
    expect(namesCountryAbroad(buildSegments([...line(100, 100, 'DALLAS, TX'), ...line(100, 140, 'UNITED STATES')]))).toBe(false);
  });

  it('keeps a date whose year is years away from today as printed (never moved to a nearer year), as a doubt', () => {
    const year = new Date().getUTCFullYear();
    const far = extractFields(page(line(100, 100, `Delivery date: 6/18/${String(year - 10).slice(2)}`)));
    expect(far.Dates.Delivery).toBe(`${year - 10}-06-18`);
    expect(far.ConfidenceScores['Dates.Delivery']).toBeLessThan(0.9);
    const near = extractFields(page(line(100, 100, `Delivery date: 6/18/${String(year).slice(2)}`)));
    expect(near.ConfidenceScores['Dates.Delivery']).toBeGreaterThanOrEqual(0.9);
  });

  it('reads references a QR code states as keyed values: fills, confirms, and wins over a differing OCR reading', () => {
    expect(readBarcodePayload('BOL:431755-53;SCAC:TBRL;PRO:7406026803;PO:')).toEqual({ bol: '431755-53', scac: 'TBRL', pro: '7406026803' });
    expect(readBarcodePayload('https://track.example.com/?pro=123')).toEqual({});
    const qr = (text: string): ReadPage[] => [{ ...page(line(100, 100, 'PRO #: 7406026803'), line(100, 140, 'PO #: 45178'))[0]!, barcodes: [{ format: 'QRCode', text, bbox: [10, 10, 60, 60] }] }];
    const d = extractFields(qr('BOL:431755-53;SCAC:TBRL;PRO:7406026803;PO:45179'));
    expect(d.References).toMatchObject({ BolNumber: '431755-53', ProNumber: '7406026803', PoNumber: '45179' });
    expect(d.Carrier?.Scac).toBe('TBRL');
    expect(d.ConfidenceScores['References.BolNumber']).toBeGreaterThanOrEqual(0.9);
    expect(d.ConfidenceScores['References.ProNumber']).toBeGreaterThanOrEqual(0.9);
    // The OCR read 45178, the code says 45179: the code's value, for review.
    expect(d.ConfidenceScores['References.PoNumber']).toBeLessThan(0.9);
  });

  it('reads a SCAC named in the middle of a line', () => {
    const d = extractFields(page(line(100, 100, 'NOT NEGOTIABLE : SCAC NLTP')));
    expect(d.Carrier?.Scac).toBe('NLTP');
  });

  it('reads a Canadian postal code whose J lost its top', async () => {
    const { normalizePostal } = await import('../src/fields/geo.ts');
    expect(normalizePostal('E1A 1)8')?.zip).toBe('E1A 1J8');
    expect(normalizePostal('T5} 1H7')?.zip).toBe('T5J 1H7');
    expect(normalizePostal('LSN OKS')).toEqual({ zip: 'L5N 0K5', country: 'CA', repaired: true });
    // A dollar sign is an S with a bar through it.
    expect(normalizePostal('$4P 6C1')).toEqual({ zip: 'S4P 6C1', country: 'CA', repaired: true });
    // In its two halves, an L read as 1 may come with one more slip; run together, it may not (a suite number).
    expect(normalizePostal('SAN 012')).toEqual({ zip: 'S4N 0L2', country: 'CA', repaired: true });
    expect(normalizePostal('SAN012')).toBeNull();
    // A J read as 3 in a letter place.
    expect(normalizePostal('T53 5K1')).toEqual({ zip: 'T5J 5K1', country: 'CA', repaired: true });
    expect(parseCityStateZip(line(0, 0, 'REGINA, SK SAN 012'))).toMatchObject({ cityText: 'REGINA', stateText: 'SK', zipText: 'S4N 0L2', zipRepaired: true });
    // A letter place read as 1 is an L: Canada Post never uses I.
    expect(normalizePostal('M5V 115')).toEqual({ zip: 'M5V 1L5', country: 'CA', repaired: true });
    // A state and a short code are not a Canadian code split in two.
    expect(parseCityStateZip(line(0, 0, 'BIRMINGHAM, AL 2524'))).toMatchObject({ stateText: 'AL', zipUnread: true });
  });

  it('gives a US ZIP\'s own state, as a doubt, where the state was read as no state at all', () => {
    const d = extractFields(block('CONSIGNEE', 'STONEBRIDGE NUTRITION LTD', '120 MAGNOLIA PL', 'HARTFORD, er 06103'));
    expect(d.Consignee).toMatchObject({ City: 'HARTFORD', State: 'CT', Zip: '06103' });
    expect(d.ConfidenceScores['Consignee.State']).toBeLessThan(0.9);
  });

  it('doubts a house number starting with 0, reads a dollar sign after the street type as its S, and drops a descender read as a letter', () => {
    const street = (read: string): [string | null | undefined, number | undefined] => {
      const d = extractFields(block('SHIPPER', 'KESTREL TEXTILE MILLS', read, 'FARGO, ND 58102'));
      return [d.Shipper?.Address, d.ConfidenceScores['Shipper.Address']];
    };
    const [lost, lostScore] = street('092 MILL WAY');
    expect(lost).toBe('092 MILL WAY');
    expect(lostScore).toBeLessThan(0.9);
    const [south, southScore] = street('6368 AIRPORT AVE $');
    expect(south).toBe('6368 AIRPORT AVE S');
    expect(southScore).toBeLessThan(0.9);
    // The p of "Description" read as a word of its own inside the word's box is no value of the heading.
    const heading = line(1014, 1002, 'Description des marchandises');
    heading.push({ ...heading[0]!, text: 'p', confidence: 0.92, bbox: [1076, 1012, 1085, 1018] });
    const d = extractFields(page(heading, line(1014, 1053, 'SIROP D\'ERABLE')));
    expect(d.ShipmentDetails?.Commodity).toBe('SIROP D\'ERABLE');
  });

  it('gives the state of a US ZIP that agrees with the city when the state read is another one, as a doubt', () => {
    const d = extractFields(block('SHIPPER', 'MIDLAND FASTENERS COMPANY', '16553 W RAILROAD LN', 'EDISON, MS 08837'));
    expect(d.Shipper).toMatchObject({ City: 'EDISON', State: 'NJ', Zip: '08837' });
    expect(d.ConfidenceScores['Shipper.State']).toBeLessThan(0.9);
    // A city of another place keeps the state as read: nothing says which of the three is wrong.
    expect(extractFields(block('SHIPPER', 'MIDLAND FASTENERS COMPANY', '16553 W RAILROAD LN', 'JACKSON, MS 08837')).Shipper?.State).toBe('MS');
  });

  it('drops specks read as marks from names and streets', () => {
    const name = (n: string, street = '2762 MILL PL'): ReturnType<typeof extractFields> => extractFields(block('SHIPPER', n, street, 'TULSA, OK 74103'));
    expect(name('SUMMIT RIDGE CERAMICS- LLC').Shipper?.Name).toBe('SUMMIT RIDGE CERAMICS LLC');
    expect(name('GRUPO REGIOMONTANA SA DE CV = EEE]').Shipper?.Name).toBe('GRUPO REGIOMONTANA SA DE CV');
    expect(name('NAMI “WHITEWATER SUPPLY COMPANY').Shipper?.Name).toBe('WHITEWATER SUPPLY COMPANY');
    expect(name('SAINT-LAURENT TRANSPORT INC').Shipper?.Name).toBe('SAINT-LAURENT TRANSPORT INC');
    expect(name('ACME FOODS INC', '2762 MILL· PL').Shipper?.Address).toBe('2762 MILL PL');
  });

  it('finds an unlabelled handwritten address block whose tall street line reaches into its city line', () => {
    const w = (text: string, x0: number, y0: number, x1: number, y1: number, id: string): Word => ({ text, confidence: 0.8, bbox: [x0, y0, x1, y1], page: 0, line: id });
    // Both party headings lost; the shipper's street is written tall enough to reach past the top of its city line.
    const left = [w('Pinnacle', 196, 700, 400, 790, 'n'), w('Bearings', 413, 700, 640, 790, 'n'), w('Inc', 660, 700, 760, 790, 'n'),
      w('8431', 203, 789, 300, 934, 's'), w('Garfield', 312, 789, 530, 934, 's'), w('St', 540, 789, 600, 934, 's'),
      w('Cheyenne,', 199, 902, 440, 996, 'c'), w('WY', 451, 902, 540, 996, 'c'), w('82001', 561, 902, 702, 996, 'c')];
    const right = [w('MIDLAND', 1361, 720, 1600, 790, 'm'), w('CERAMICS', 1650, 720, 1900, 790, 'm'), w('COMPANY', 1939, 720, 2200, 790, 'm'),
      w('5476', 1381, 815, 1500, 894, 't'), w('QUARRY', 1556, 815, 1800, 894, 't'), w('RD', 1854, 815, 1950, 894, 't'),
      w('ALBANY,', 1379, 914, 1600, 984, 'a'), w('NY', 1623, 914, 1700, 984, 'a'), w('12205', 1725, 914, 1860, 984, 'a')];
    const d = extractFields([{ index: 0, width: 2550, height: 3300, rotation: 0, words: [...left, ...right], barcodes: [], blank: false, toUpright: (b) => b }]);
    expect(d.Shipper).toMatchObject({ Name: 'PINNACLE BEARINGS INC', City: 'CHEYENNE', Zip: '82001' });
    expect(d.Consignee).toMatchObject({ Name: 'MIDLAND CERAMICS COMPANY', City: 'ALBANY', Zip: '12205' });
  });

  it('puts back a US city read with a slip that no ZIP vouches for, when one city of the state fits, as a doubt', () => {
    expect(nearCityOfState('BUFFALE', 'NY')).toBe('BUFFALO');
    expect(nearCityOfState('BUFFALO', 'NY')).toBeNull();
    expect(nearCityOfState('TORREN', 'COA')).toBeNull();
    const d = extractFields(block('SHIPPER', 'GOLDEN VALLEY CONTAINERS INC', '7296 JUNIPER PKWY', 'BUFFALE, NY 14107'));
    expect(d.Shipper?.City).toBe('BUFFALO');
    expect(d.ConfidenceScores['Shipper.City']).toBeLessThan(0.9);
    // The ZIP belongs to another part of the state than the city: not trusted either.
    expect(d.ConfidenceScores['Shipper.Zip']).toBeLessThan(0.9);
  });

  it('reads a ZIP with a bar before it read as 1 (six digits) as the ZIP, as a repair', () => {
    expect(parseCityStateZip(line(0, 0, 'ALBUQUERQUE, NM 187109'))).toMatchObject({ cityText: 'ALBUQUERQUE', stateText: 'NM', zipText: '87109', zipRepaired: true });
    const d = extractFields(block('CONSIGNEE', 'DESERT SUPPLY CO', '4410 JEFFERSON ST NE', 'ALBUQUERQUE, NM 187109'));
    expect(d.Consignee).toMatchObject({ City: 'ALBUQUERQUE', State: 'NM', Zip: '87109' });
    expect(d.ConfidenceScores['Consignee.Zip']).toBeLessThan(0.9);
  });

  it('joins a code\'s first letters read apart from a code that starts with letters, as a doubt', () => {
    expect(parseReference('SG D570785')).toEqual({ value: 'SGD570785', repaired: true });
    expect(parseReference('NO D570785')?.value).toBe('D570785');
    expect(parseReference('SIO SO605916')?.value).toBe('SO605916');
  });

  it('puts back the O of PO and SO prefixes read as a zero, as a repair', () => {
    expect(parseReference('P0928635')).toEqual({ value: 'PO928635', repaired: true });
    expect(parseReference('S0864820')).toEqual({ value: 'SO864820', repaired: true });
    // The S read as a dollar sign.
    expect(parseReference('$0738030')).toEqual({ value: 'SO738030', repaired: true });
    expect(parseReference('$1200')).toBeNull();
    // Before a letter too: money is written in digits.
    expect(parseReference('$H2404525')).toEqual({ value: 'SH2404525', repaired: true });
    // A number glued to its label's period is the number ("B/L No.696865").
    expect(parseReference('B/LNo.696865')?.value).toBe('696865');
    expect(parseReference('SQ612031')).toEqual({ value: 'SO612031', repaired: true });
    expect(parseReference('P0-871932')).toEqual({ value: 'PO-871932', repaired: true });
    expect(parseReference('50-001437')).toEqual({ value: 'SO-001437', repaired: true });
    expect(parseReference('4563163134')).toEqual({ value: '4563163134', repaired: false });
  });

  it('drops a speck read as an apostrophe inside a reference number, as a repair', () => {
    expect(parseReference("VI'87009939")).toEqual({ value: 'VI87009939', repaired: true });
    expect(parseReference('PO-8812’45')).toEqual({ value: 'PO-881245', repaired: true });
  });

  it('does not take the next cell\'s labelled value as the value of an empty cell', () => {
    const d = extractFields(page(line(100, 100, 'CUSTOMER ORDER'), line(600, 100, 'TRAILER R36430')));
    expect(d.References.OrderNumber).toBeNull();
  });

  it('splits a line the engine read across a cell border', () => {
    const words = line(100, 100, 'SA DE CV STREET Brighton Bearings');
    const segs = buildSegments(words, [{ page: 0, x: words[3]!.bbox[2] + 5, y0: 50, y1: 300 }]);
    expect(segs.map((s) => s.text)).toEqual(['SA DE CV STREET', 'Brighton Bearings']);
    // A rule that does not reach the line's height leaves it whole.
    expect(buildSegments(words, [{ page: 0, x: words[3]!.bbox[2] + 5, y0: 200, y1: 300 }])).toHaveLength(1);
  });

  it('takes a number right-aligned in a ruled grid cell as the value of the header in that cell', () => {
    const words = [...line(645, 100, 'PIECES'), ...line(823, 100, 'PKG TYPE'), ...line(1052, 100, 'DESCRIPTION OF ARTICLES'),
      ...line(764, 150, '60'), ...line(840, 150, 'CTN'), ...line(1052, 150, 'ELECTRIC MOTORS')];
    // Column rulings at 560, 810 and 1000, from the header row down through the item row.
    const pages: ReadPage[] = [{ ...page(words)[0]!, rules: [[560, 80, 400], [810, 80, 400], [1000, 80, 400]] }];
    expect(extractFields(pages).ShipmentDetails.Pieces).toBe(60);
  });

  it('takes the count nearest the column heading when a description cell beside it starts with a number', () => {
    const d = extractFields(page(
      line(170, 100, 'No. PACKAGES'), line(440, 100, 'KIND OF PACKAGE, DESCRIPTION OF ARTICLES'), line(1240, 100, 'WEIGHT'),
      line(150, 140, '50'), line(362, 140, '5 SKID BOTTLED WATER'), line(1240, 140, '8171 LBS'),
    ));
    expect(d.ShipmentDetails.Pieces).toBe(50);
    // A typed count riding lower on its row than the description beside it is still on that row.
    const typed = extractFields(page(
      line(170, 100, 'No. PACKAGES'), line(440, 100, 'KIND OF PACKAGE, DESCRIPTION OF ARTICLES'), line(1240, 100, 'WEIGHT'),
      line(150, 151, '36'), line(362, 140, '6 CRATE STEEL FASTENERS'), line(1240, 140, '4862 LBS'),
    ));
    expect(typed.ShipmentDetails.Pieces).toBe(36);
    // A speck read weakly nearer a heading's centre takes no cell's place.
    const speck = extractFields(page(
      line(170, 100, 'No. PACKAGES'), line(440, 100, 'KIND OF PACKAGE, DESCRIPTION OF ARTICLES'), line(1240, 100, 'WEIGHT'),
      line(150, 140, '36'), line(362, 140, '6 CRATE STEEL FASTENERS'), line(1290, 140, '4862'), line(1250, 151, '2', 0.34),
    ));
    expect(speck.ShipmentDetails.Weight).toBe(4862);
  });

  it('joins a city line the engine cut at its comma, with the state and code a little further than a word\'s gap', () => {
    const cut = (gap: number): ReadPage[] => page(line(151, 560, 'SHIP TO'), line(151, 590, 'Red Oak Hardware LTEE'), line(151, 636, '2071 Airport Blvd'),
      line(151, 677, 'Moncton,'), line(151 + 99 + gap, 677, 'NB E1C 5J1'));
    const d = extractFields(cut(45));
    expect([d.Consignee!.City, d.Consignee!.State, d.Consignee!.Zip]).toEqual(['MONCTON', 'NB', 'E1C 5J1']);
    expect(d.Consignee!.Address).toBe('2071 AIRPORT BLVD');
  });

  it('puts back a company ending the page pass lost that the line reader\'s hint reads, and nothing else', () => {
    const ws = (alt?: string): Word[] => line(280, 190, 'ASHFORD CABINETRY HOLDINGS').map((w) => ({ ...w, ...(alt ? { alt } : {}) }));
    expect(suffixFromHint(ws('NAME ASHFORD CABINETRY HOLDINGS INC'), 'ASHFORD CABINETRY HOLDINGS')).toBe('ASHFORD CABINETRY HOLDINGS INC');
    expect(suffixFromHint(ws('NAME ASHFORD CABINETRY HOLDINGS 1NC WEST'), 'ASHFORD CABINETRY HOLDINGS')).toBeNull();
    expect(suffixFromHint(ws(), 'ASHFORD CABINETRY HOLDINGS')).toBeNull();
    expect(suffixFromHint(ws('ASHFORD CABINETRY INC LLC'), 'ASHFORD CABINETRY INC')).toBeNull();
  });

  it('does not take the value of a keyed row below an empty label cell, whose own label was garbled', () => {
    const po = (below: string): string | null | undefined => extractFields(page(line(455, 373, 'Orden de compra'), line(455, 398, below))).References?.PoNumber;
    expect(po('P do: 80468-6')).toBeFalsy();
    expect(po('80468-6')).toBe('80468-6');
  });

  it('takes a misread "PO #" as a bare label and looks right of it', () => {
    const d = extractFields(page(line(100, 100, 'PO 4'), line(500, 100, 'PO-346114')));
    expect(d.References?.PoNumber).toBe('PO-346114');
  });

  it('tidies a description: stray rules go, a leading pallet count is split off', () => {
    expect(cleanCommodity('[CERAMIC FLOOR TILE')).toEqual({ text: 'CERAMIC FLOOR TILE', count: null, packaging: null });
    expect(cleanCommodity('CERAMIC FLOOR TILESTC36 DRUM').text).toBe('CERAMIC FLOOR TILE');
    // A package's kind in its own cell, the cell's rule read as a bar.
    expect(cleanCommodity('BULTOS | BOTELLAS DE VIDRIO').text).toBe('BOTELLAS DE VIDRIO');
    // NOI cut at the cell's edge after the KD qualifier too.
    expect(cleanCommodity('OFFICE CHAIRS, KD, NO').text).toBe('OFFICE CHAIRS, KD, NOI');
    // A speck read as a dot at a word's edge is no character of the goods.
    expect(cleanCommodity('COPPER WIRE ON ·REELS, NOI').text).toBe('COPPER WIRE ON REELS, NOI');
    // An L read as an I, however sure the reader was, where only the L makes a word.
    expect(spellCommodity('BOTTIED WATER, NOI', []).value).toBe('BOTTLED WATER, NOI');
    expect(cleanCommodity('SACS |CARTONS ONDULES').text).toBe('CARTONS ONDULES');
    expect(cleanCommodity('BOX | OFFICE CHAIRS, KD, NOI').text).toBe('OFFICE CHAIRS, KD, NOI');
    // An instruction's first word cut at the cell's edge; an article's apostrophe read with a space after it.
    expect(cleanCommodity('PAINT, WATER BASED DO').text).toBe('PAINT, WATER BASED');
    expect(cleanCommodity("PRODUITS D' ENTRETIEN").text).toBe("PRODUITS D'ENTRETIEN");
    // A label's words wrapped or cut by its cell are no goods.
    expect(isLabelPart('OF ARTICLES', 'commodity')).toBe(true);
    expect(isLabelPart('KIND OF PACKAGES', 'commodity')).toBe(true);
    expect(isLabelPart('SPORTING GOODS', 'commodity')).toBe(false);
    // NOI with its I misread or lost, and what follows it.
    expect(cleanCommodity('SPORTING GOODS, NO! DO NOT STACK').text).toBe('SPORTING GOODS, NOI');
    expect(cleanCommodity('STEEL FASTENERS, NO').text).toBe('STEEL FASTENERS, NOI');
    expect(cleanCommodity('10 SKID CORRUGATED BOXES, KD FLAT')).toEqual({ text: 'CORRUGATED BOXES, KD FLAT', count: 10, packaging: 'SKD' });
    // A packaging code alone before the goods (its count in the column before) goes; a packaging word may be the goods.
    expect(cleanCommodity('PLT GLASS BOTTLES, EMPTY')).toEqual({ text: 'GLASS BOTTLES, EMPTY', count: null, packaging: 'PLT' });
    expect(cleanCommodity('BOXES OF FASTENERS').text).toBe('BOXES OF FASTENERS');
    expect(cleanCommodity('PET FOOD, DRY ON 1 SKIDS').text).toBe('PET FOOD, DRY');
    // The count in brackets, its space lost; a unit's code before the goods is the count column's.
    expect(cleanCommodity('CORRUGATED BOXES, KD FLAT(2SKID)').text).toBe('CORRUGATED BOXES, KD FLAT');
    expect(cleanCommodity('GLASS BOTTLES, EMPTY, NOI(SSKID)').text).toBe('GLASS BOTTLES, EMPTY, NOI');
    expect(cleanCommodity('PAPER (RECYCLED)').text).toBe('PAPER (RECYCLED)');
    expect(cleanCommodity('CORRUGATED BOXES, KD FLATDONOTSTACK').text).toBe('CORRUGATED BOXES, KD FLAT');
    expect(cleanCommodity('CORRUGATED BOXES, KD FLAI').text).toBe('CORRUGATED BOXES, KD FLAT');
    expect(cleanCommodity('OFFICE CHAIRS, KO').text).toBe('OFFICE CHAIRS, KD');
    // A handling instruction glued to the description's last word.
    expect(cleanCommodity('HOUSEHOLD CLEANING SUPPLIES, NOIDO NOT STACK').text).toBe('HOUSEHOLD CLEANING SUPPLIES, NOI');
    expect(cleanCommodity('PCS VINYL FLOORING').text).toBe('VINYL FLOORING');
    expect(cleanCommodity('PAINT, WATER BASED STC 14 CTN').text).toBe('PAINT, WATER BASED');
    expect(cleanCommodity('BICYCLE PARTS (14').text).toBe('BICYCLE PARTS');
    // A handling instruction after the goods is the carrier's instruction, not what the goods are.
    expect(cleanCommodity('PLASTIC RESIN PELLETS DO NOT STACK').text).toBe('PLASTIC RESIN PELLETS');
    expect(cleanCommodity('SPORTING GOODS, NOI DO NOT STACK').text).toBe('SPORTING GOODS, NOI');
    // An instruction cut off by its cell still opens as one; NOI closes a description, its qualifiers only after it.
    expect(cleanCommodity('GLASS BOTTLES, EMPTY DO NOT').text).toBe('GLASS BOTTLES, EMPTY');
    expect(cleanCommodity('PAINT, WATER BASED, NOI VINYL FLOORING').text).toBe('PAINT, WATER BASED, NOI');
    expect(cleanCommodity('FURNITURE, NOI, KD FLAT').text).toBe('FURNITURE, NOI, KD FLAT');
    expect(cleanCommodity('BICYCLE PARTS, NOL').text).toBe('BICYCLE PARTS, NOI');
    expect(cleanCommodity('BOTELLAS DE VIDRIO - NO APILAR').text).toBe('BOTELLAS DE VIDRIO');
    expect(cleanCommodity('FRAGILE').text).toBe('FRAGILE');
    expect(cleanCommodity('COPPER WIRE ON REELS').text).toBe('COPPER WIRE ON REELS');
    expect(cleanCommodity('14. CRATE OFFICE CHAIRS, KD')).toEqual({ text: 'OFFICE CHAIRS, KD', count: 14, packaging: null });
  });

  it('takes package kinds alone, with or without their counts, for how goods travel, not what they are', () => {
    for (const t of ['PALLETS', '47 CARTONS', 'STC 32 CARTONS', '3 PALLETS STC 120 CARTONS', 'ON 3 SKIDS']) expect(isPackageKindOnly(t), t).toBe(true);
    for (const t of ['PACKAGING MATERIALS', 'CARTONS ONDULES', 'BOXES OF FASTENERS', 'COPPER WIRE ON REELS']) expect(isPackageKindOnly(t), t).toBe(false);
  });

  it('joins word runs the engine split into two lines on one row', () => {
    const a: Word = { text: '2', confidence: 0.9, bbox: [100, 100, 110, 120], page: 0, line: 'a' };
    const b: Word = { text: '27067-31', confidence: 0.9, bbox: [112, 101, 200, 121], page: 0, line: 'b' };
    expect(buildSegments([a, b]).map((s) => s.text)).toEqual(['227067-31']);
  });
});

describe('second OCR pass', () => {
  const ew = (text: string, confidence: number, x: number, y: number, lineId: string): EngineWord => ({ text, confidence, bbox: [x, y, x + 10 * text.length, y + 20], line: lineId });

  it('picks weakly read pieces of lines, weakest first, and leaves well read ones', () => {
    const weak = weakLines([ew('CARRIER', 95, 100, 100, 'a'), ew('Co', 30, 100, 140, 'b'), ew('FREER', 45, 100, 180, 'c'), ew('|', 10, 100, 220, 'd')]);
    expect(weak.map((w) => w.words[0]!.text)).toEqual(['Co', 'FREER']);
  });

  it('finds an inked line the page pass returned no words for, but not a form rule', () => {
    const width = 600, height = 600;
    const data = new Uint8Array(width * height).fill(230);
    // "Handwriting": blobs of ink on a row; a thin rule under another row.
    for (let k = 0; k < 8; k++) for (let y = 40; y < 60; y++) for (let x = 100 + k * 22; x < 112 + k * 22; x++) data[y * width + x] = 20;
    for (let x = 50; x < 550; x++) { data[150 * width + x] = 20; data[151 * width + x] = 20; }
    const words = [ew('Label', 95, 400, 40, 'a')];
    const regions = missedRegions({ width, height, data }, words);
    expect(regions.length).toBe(1);
    expect(regions[0]![1]).toBeLessThanOrEqual(40);
    expect(regions[0]![3]).toBeGreaterThanOrEqual(60);
  });

  it('takes no dotted rule for a missed line: its band is a few pixels high, shorter than small letters', () => {
    const width = 600, height = 600;
    const data = new Uint8Array(width * height).fill(230);
    // Handwritten small letters (half a word's height) on one row; a dotted rule five pixels high under another.
    for (let k = 0; k < 8; k++) for (let y = 44; y < 54; y++) for (let x = 100 + k * 22; x < 112 + k * 22; x++) data[y * width + x] = 20;
    for (let x = 50; x < 550; x += 14) for (let y = 150; y < 155; y++) for (let dx = 0; dx < 8; dx++) data[y * width + x + dx] = 20;
    const words = [ew('Label', 95, 400, 40, 'a'), ew('Notes', 95, 400, 300, 'b')];
    const regions = missedRegions({ width, height, data }, words);
    expect(regions.length).toBe(1);
    expect(regions[0]![1]).toBeLessThanOrEqual(44);
    expect(regions[0]![3]).toBeGreaterThanOrEqual(54);
  });

  it('finds a lone character the page pass dropped (a count alone in its cell), but not one beside a read word', () => {
    const width = 600, height = 400;
    const data = new Uint8Array(width * height).fill(230);
    // Two glyphs of letter height: one alone at x 100, one right after a word at x 420.
    for (const gx of [100, 420]) for (let y = 200; y < 220; y++) for (let x = gx; x < gx + 12; x++) data[y * width + x] = 20;
    const words = [ew('Cantidad', 95, 80, 100, 'a'), ew('BULTOS', 95, 340, 200, 'b')];
    const regions = missedRegions({ width, height, data }, words);
    expect(regions).toHaveLength(1);
    expect(regions[0]![0]).toBeLessThanOrEqual(100);
    expect(regions[0]![2]).toBeGreaterThanOrEqual(112);
    expect(regions[0]![2]).toBeLessThan(300);
  });

  it('finds a count right-aligned in its cell with the next cell\'s word just past the border', () => {
    const width = 600, height = 400;
    const data = new Uint8Array(width * height).fill(230);
    for (let y = 200; y < 220; y++) for (let x = 100; x < 112; x++) data[y * width + x] = 20;
    for (let y = 150; y < 300; y++) for (let x = 118; x < 121; x++) data[y * width + x] = 20;
    const words = [ew('Cantidad', 95, 80, 100, 'a'), ew('BAG', 95, 126, 200, 'b')];
    const found = missedRegions({ width, height, data }, words, 16, [[119, 150, 300]]);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBeLessThanOrEqual(100);
    expect(found[0]![2]).toBeLessThanOrEqual(126);
    // No border between them: the glyph is a piece of the word beside it.
    expect(missedRegions({ width, height, data }, words, 16, [[400, 150, 300]])).toHaveLength(0);
  });

  it('finds a form row the page pass dropped between two cell borders, which would otherwise join it to its neighbours', () => {
    const width = 600, height = 2400;
    const data = new Uint8Array(width * height).fill(230);
    // Printed text in a cell: blobs on a row, with vertical cell borders crossing every row of the block.
    for (let k = 0; k < 8; k++) for (let y = 140; y < 160; y++) for (let x = 220 + k * 22; x < 232 + k * 22; x++) data[y * width + x] = 20;
    // Borders of one block are short beside a page's height: the ink mask's own ruling removal leaves them.
    for (const bx of [80, 200, 520]) for (let y = 70; y < 250; y++) for (let x = bx; x < bx + 3; x++) data[y * width + x] = 20;
    const words = [ew('NAME', 95, 100, 90, 'a'), ew('ACME', 95, 220, 90, 'a'), ew('CITY', 95, 100, 190, 'b'), ew('TULSA', 95, 220, 190, 'b')];
    const rules: Array<[number, number, number]> = [[81, 70, 250], [201, 70, 250], [521, 70, 250]];
    const found = missedRegions({ width, height, data }, words, 16, rules);
    expect(found.length).toBe(1);
    expect(found[0]![1]).toBeLessThanOrEqual(140);
    expect(found[0]![3]).toBeGreaterThanOrEqual(160);
  });

  it('finds each line of a closely set block the page pass dropped, but reads no line into a barcode', () => {
    const width = 800, height = 600;
    const data = new Uint8Array(width * height).fill(230);
    // Four "printed" lines 14 pixels high, 6 apart (an address block): one region on the coarse grid.
    const tops = [100, 120, 140, 160];
    for (const top of tops) for (let k = 0; k < 12; k++) for (let y = top; y < top + 14; y++) for (let x = 100 + k * 16; x < 110 + k * 16; x++) data[y * width + x] = 20;
    // A barcode: bars as tall as the block, no row free of ink.
    for (let k = 0; k < 30; k++) for (let y = 300; y < 380; y++) for (let x = 400 + k * 8; x < 404 + k * 8; x++) data[y * width + x] = 20;
    const words = [ew('Name', 95, 500, 40, 'a'), ew('City', 95, 500, 500, 'b')];
    const found = missedRegions({ width, height, data }, words);
    expect(found).toHaveLength(4);
    const byTop = [...found].sort((a, b) => a[1] - b[1]);
    byTop.forEach((box, i) => {
      expect(box[1]).toBeLessThanOrEqual(tops[i]!);
      expect(box[3]).toBeGreaterThanOrEqual(tops[i]! + 14);
      // ... and none of the next or previous line's ink (6 pixels away).
      expect(box[1]).toBeGreaterThan(tops[i]! - 6);
      expect(box[3]).toBeLessThan(tops[i]! + 20);
    });
  });

  it('turns a crop into black on white with its underline removed', () => {
    const w = 100, h = 20;
    const data = Buffer.alloc(w * h, 180);
    for (let x = 10; x < 20; x++) for (let y = 2; y < 12; y++) data[y * w + x] = 40;
    for (let x = 0; x < w; x++) data[17 * w + x] = 40;
    const out = cleanStrip(data, w, h);
    expect(out[5 * w + 15]).toBe(0);
    expect(out[5 * w + 50]).toBe(255);
    expect(out[17 * w + 50]).toBe(255);
  });
});

describe('round 17: row labels read in pieces', () => {
  /** A carta-porte block: heading, then rows whose labels the OCR cut into pieces of their own. */
  const at = (x: number, y: number, text: string, confidence = 0.95): Word[] => line(x, y, text, confidence);

  it('sets the column by the leftmost piece of the first row, so the rows under it stay in the block', () => {
    // "Razón social: ..." stands a little higher than "Nombre" on a tilted photo: it came first and set the column.
    const d = extractFields(page(
      at(100, 100, 'REMITENTE / ORIGEN'),
      at(100, 132, 'Nombre'), at(190, 129, 'Razón social: BRIGHTON WIRE & CABLE CO'),
      at(100, 164, 'Domicilio: 9707 CHESTNUT PL'),
      at(100, 196, 'Ciudad, Estado, C.P: ALBUQUERQUE, NM 87102'),
    ));
    expect(d.Shipper).toMatchObject({ Name: 'BRIGHTON WIRE & CABLE CO', Address: '9707 CHESTNUT PL', City: 'ALBUQUERQUE', State: 'NM', Zip: '87102' });
  });

  it('takes the value beside a row label read whole but for remains of its second name', () => {
    const d = extractFields(page(
      at(100, 100, 'DESTINATARIO'),
      at(100, 132, 'Nombre / Razón'), at(330, 132, 'a: COMERCIAL TOLTECA SA DE CV'),
      at(100, 164, 'Domicilio: AV. JUAREZ 3192'),
      at(100, 196, 'Ciudad, Estado,'), at(330, 196, 'C.P: SAN LUIS POTOSI, SLP 78000'),
    ));
    expect(d.Consignee).toMatchObject({ Name: 'COMERCIAL TOLTECA SA DE CV', Address: 'AV. JUAREZ 3192', City: 'SAN LUIS POTOSI', State: 'SLP', Zip: '78000' });
  });

  it('drops a city row label closed by its colon or by a marked letter, and a street label read a letter a piece', () => {
    expect(stripCityLabel('ETULAD, ESTADO, CA: CHIHUAHUA')).toEqual({ value: 'CHIHUAHUA', repaired: true });
    expect(stripCityLabel('CUIDAD, ESTADO. P- MEXICALI')).toEqual({ value: 'MEXICALI', repaired: true });
    // No label word before the colon: the words are the city's.
    expect(stripCityLabel('ST. PAUL: MINNEAPOLIS').repaired).toBe(false);
    expect(stripLeadingJunk('D O M IC IL O: AV. JUAREZ 3472')).toEqual({ value: 'AV. JUAREZ 3472', repaired: true });
  });

  it('spaces a house number run into the street name, and reads an ISO date with a dash read as a colon', () => {
    expect(repairHouseNumber('1517TECHNOLOGY CIR')).toEqual({ value: '1517 TECHNOLOGY CIR', repaired: true });
    expect(repairHouseNumber('12B MAIN ST').repaired).toBe(false);
    expect(repairHouseNumber('1ST AVE').repaired).toBe(false);
    // Such a line is a street all the same, so an address block found by its values alone keeps it.
    expect(looksLikeStreet('16779JACKSONLN BLDG1')).toBe(true);
    expect(findDates('2026:11-18', 'MDY')).toMatchObject([{ iso: '2026-11-18', certainty: 0.85 }]);
    // Each dash is lost or misread on its own: one lost and one kept is the same date.
    expect(findDates('SHIPPED ON 2027 04-14', 'MDY')).toMatchObject([{ iso: '2027-04-14', certainty: 0.85 }]);
    expect(findDates('2027-04 14', 'MDY')).toMatchObject([{ iso: '2027-04-14', certainty: 0.85 }]);
    // A written-out date's day closed by a comma, as by a period.
    expect(findDates('27, MAY. 2023', 'DMY').map((d) => d.iso)).toEqual(['2023-05-27']);
    expect(findDates('03, AUG, 2019', 'MDY').map((d) => d.iso)).toEqual(['2019-08-03']);
  });

  it('reads a numeric date whose separators were lost or read as spaces, each on its own, as a guess with a four-figure year', () => {
    expect(findDates('25 12.2021', 'MDY')).toMatchObject([{ iso: '2021-12-25', certainty: 0.85 }]);
    expect(findDates('02 03 2021', 'DMY')).toMatchObject([{ iso: '2021-03-02', certainty: 0.85 }]);
    expect(findDates('02 03 2021', 'MDY')).toMatchObject([{ iso: '2021-02-03', certainty: 0.85 }]);
    // Two short numbers and a two-figure year so spaced are any numbers: no date.
    expect(findDates('QTY 12 10 21', 'MDY')).toEqual([]);
    // A date read whole is read as before.
    expect(findDates('12/25/2021', 'MDY')).toMatchObject([{ iso: '2021-12-25', certainty: 1 }]);
    // A separator lost altogether, where two-figure parts and a four-figure year leave one cut; an ISO date's read apart.
    expect(findDates('1118/2021', 'MDY')).toMatchObject([{ iso: '2021-11-18', certainty: 0.7 }]);
    expect(findDates('25.092021', 'DMY')).toMatchObject([{ iso: '2021-09-25', certainty: 0.7 }]);
    expect(findDates('2022 -08-30', 'MDY')).toMatchObject([{ iso: '2022-08-30', certainty: 0.85 }]);
    expect(findDates('REF 123456/2021', 'MDY')).toEqual([]);
  });

  it('puts back a month name read in two pieces beside a day or a year, where neither piece is a month', () => {
    expect(findDates('Ju ly 13, 2020', 'MDY').map((d) => d.iso)).toEqual(['2020-07-13']);
    expect(findDates('21 - Ma r - 23', 'DMY').map((d) => d.iso)).toEqual(['2023-03-21']);
    expect(findDates('MA R', 'DMY')).toEqual([]);
  });

  it('puts back a written-out month with any one letter misread or lost, when only one month is that near', () => {
    expect(findDates('18 VECEMBER 2026', 'MDY')).toMatchObject([{ iso: '2026-12-18', certainty: 0.85 }]);
    expect(findDates('ULY 10, 2026', 'MDY')).toMatchObject([{ iso: '2026-07-10', certainty: 0.85 }]);
    // A three-letter abbreviation takes only look-alike slips: another letter there makes another word.
    expect(findDates('11 NOK 2021', 'MDY')).toEqual([]);
    // Two months equally near: no guess ("MARZ" is MARS or MARZO).
    expect(findDates('3 MARZ 2026', 'DMY')).toEqual([]);
  });

  it('reads the purchase order by "compra:" alone, the rest of ORDEN DE COMPRA lost', () => {
    const d = extractFields(page(at(900, 100, 'compra: 4571849200')));
    expect(d.References?.PoNumber).toBe('4571849200');
  });

  it('lets no smudge read on the heading row cut a description short', () => {
    const d = extractFields(page(
      at(100, 300, 'Pieces'), at(300, 300, 'Description'), at(470, 298, 'to.', 0.08), at(900, 300, 'Class'), at(1200, 300, 'Weight'),
      at(100, 345, '84'), at(300, 345, 'GLASS BOTTLES, EMPTY, RETURNED'), at(900, 345, '55'), at(1200, 345, '5,379 lb'),
    ));
    expect(d.ShipmentDetails?.Commodity).toBe('GLASS BOTTLES, EMPTY, RETURNED');
  });

  it('takes no speck of a scan in a column for its value, nor POS for anything but PO #', () => {
    const d = extractFields(page(
      at(100, 300, 'PO Number'), at(500, 300, 'Order No.'), at(900, 300, '# Pkgs'),
      at(560, 326, ':', 0.6), at(100, 345, 'PO-024786'), at(900, 345, '91'),
    ));
    expect(d.References?.PoNumber).toBe('PO-024786');
    const pos = extractFields(page(at(600, 100, 'POS'), at(860, 100, '4538401273')));
    expect(pos.References?.PoNumber).toBe('4538401273');
  });

  it('gives the whole number of a barcode holding the piece OCR read of a reference', () => {
    const read = (codes: string[]): ReadPage[] => [{ ...page(at(1200, 50, 'No DE CONNAISSEMENT'), at(1300, 80, '369-'))[0]!,
      barcodes: codes.map((text) => ({ format: 'Code128', text, bbox: [100, 40, 500, 90] as [number, number, number, number] })) }];
    expect(extractFields(read(['360369-92'])).References?.BolNumber).toBe('360369-92');
    // A code that holds no such piece leaves the reading as it was.
    expect(extractFields(read(['7406026803'])).References?.BolNumber).toBe('369');
  });
  it('drops a row label before a name read with slips: RAZON and its second word\'s first letters, or NAME weakly with one slip', () => {
    const read = (text: string, weakFirst = false) => { const ws = line(100, 100, text); if (weakFirst) ws[0]!.confidence = 0.66; return stripSubLabel(ws); };
    expect(read('Nombre / Razón socet Aceros Tolteca SA de CV').words.map((w) => w.text).join(' ')).toBe('Aceros Tolteca SA de CV');
    expect(read('Razón socet Aceros Tolteca SA de CV').words.map((w) => w.text).join(' ')).toBe('Aceros Tolteca SA de CV');
    expect(read('NAML Crestview Coatings LLC', true).words.map((w) => w.text).join(' ')).toBe('Crestview Coatings LLC');
    // Read surely, a word one slip from NAME is the name's own.
    expect(read('NAMI Crestview Coatings LLC').sub).toBeNull();
  });
  it('takes a tall handwritten first line whose strokes reach above its small heading into the block', () => {
    const tall = (x: number, y: number, text: string, h: number): Word[] => line(x, y, text, 0.7).map((w) => ({ ...w, bbox: [w.bbox[0], y, w.bbox[2] + 10, y + h] as [number, number, number, number] }));
    const d = extractFields(page(
      line(894, 440, 'CONSIGNEE').map((w) => ({ ...w, bbox: [w.bbox[0], 440, w.bbox[2], 454] as [number, number, number, number] })),
      tall(893, 419, 'e. Tolteca SA de EV', 119), tall(895, 515, "Calle'Allende 2610", 62), tall(884, 572, 'Hermosill, SON 83299', 72),
    ));
    expect(d.Consignee).toMatchObject({ Address: "CALLE'ALLENDE 2610", State: 'SON', Zip: '83299' });
  });

  it('reads a heading whose slash was read as a letter as one heading, and a city row label read alone as CIUDAD', () => {
    const d = extractFields(block('REMITENTE I ORIGEN', 'Nombre / Razón social: WHITEWATER PAPER MILLS CORP', 'Domicilo: 17296 E JUNIPER HWY',
      'Ciudad; Estado, C.£: LAREDO, TX 78040'));
    expect(d.Shipper).toMatchObject({ Name: 'WHITEWATER PAPER MILLS CORP', Address: '17296 E JUNIPER HWY', City: 'LAREDO', State: 'TX', Zip: '78040' });
  });
  it('drops a speck read as a word between the state and the postal code', () => {
    const r = parseCityStateZip(line(100, 100, 'MISSISSAUGA, ON LE L5N 2P5'));
    expect(r && { city: r.city.map((w) => w.text).join(' '), state: r.state.map((w) => w.text).join(' ') }).toEqual({ city: 'MISSISSAUGA,', state: 'ON' });
  });
  it('gives a block whose garbled heading leans to the party already found to the other party', () => {
    const d = extractFields(page(
      at(100, 100, 'SHIP FROM'), at(100, 130, 'STONEBRIDGE PAPER MILLS INC'), at(100, 160, '6387 PROGRESS BLVD'), at(100, 190, 'JACKSONVILLE, FL 32202'),
      at(100, 300, 'SHIPT', 0.4), at(300, 300, 'CRESTVIEW BEARINGS LTD'), at(300, 330, '8448 MONROE AVE'), at(300, 360, 'SALT LAKE CITY, UT 84101'),
    ));
    expect(d.Shipper?.Name).toBe('STONEBRIDGE PAPER MILLS INC');
    expect(d.Consignee).toMatchObject({ Name: 'CRESTVIEW BEARINGS LTD', Address: '8448 MONROE AVE', City: 'SALT LAKE CITY', State: 'UT', Zip: '84101' });
  });

  it('finds an unlabelled address block past a speck just above its city line', () => {
    const words = [...at(379, 329, 'MANUFACTURAS TOLTECA SA DE CV'), ...at(380, 387, 'AV. INDUSTRIAS 4993'), ...at(347, 410, '.', 0.3), ...at(378, 450, 'PUEBLA, PUE 72000')];
    const segments = buildSegments(words);
    expect(unlabelledBlocks(segments, new Map(), new Set()).map((b) => b.Name?.value)).toEqual(['MANUFACTURAS TOLTECA SA DE CV']);
  });
  it('reads a typed block whose rows stand further apart than three letters, the name beside the heading', () => {
    // As a clean typewriter form was read: row labels 45 px apart under a 15 px heading.
    const w = (text: string, x0: number, y0: number, x1: number, y1: number, line: string): Word => ({ text, confidence: 0.95, bbox: [x0, y0, x1, y1], page: 0, line });
    const words = [w('CONSIGNED', 105, 325, 193, 340, 'a'), w('TO', 199, 330, 218, 340, 'a'),
      w('NORTHGATE', 392, 316, 546, 337, 'b'), w('SUPPLY', 566, 316, 670, 337, 'b'), w('CO', 689, 316, 722, 337, 'b'),
      w('STREET', 105, 385, 162, 400, 'c'), w('6025', 369, 374, 436, 395, 'd'), w('PORTER', 457, 374, 560, 395, 'd'), w('PKWY', 580, 375, 647, 395, 'd'),
      w('DESTINATION', 105, 446, 205, 461, 'e'), w('SPOKANE,', 381, 442, 512, 468, 'f'), w('WA', 537, 443, 572, 463, 'f'), w('99201', 591, 442, 676, 463, 'f')];
    const segments = buildSegments(words);
    const hits = findLabels(segments);
    const bySegment = new Map<Segment, LabelHit[]>();
    for (const h of hits) bySegment.set(h.segment, [...(bySegment.get(h.segment) ?? []), h]);
    const heading = hits.find((h) => h.label === 'CONSIGNED TO')!;
    const p = parseParty(partyLines(heading, segments, bySegment, 1700), heading);
    expect({ name: p.Name?.value, street: p.Address?.value, city: p.City?.value, zip: p.Zip?.value }).toEqual({ name: 'NORTHGATE SUPPLY CO', street: '6025 PORTER PKWY', city: 'SPOKANE', zip: '99201' });
  });
  it('reads a reference whose hyphen was read as a space as one number, as a doubt', () => {
    expect(parseReference('890302 68')).toEqual({ value: '890302-68', repaired: true });
    // Three digits after a long number are its own end read apart.
    expect(parseReference('4505584 766')).toEqual({ value: '4505584766', repaired: true });
    // A number glued to the label's colon, after the label's last word ("N° de commande client :SO142013").
    expect(parseReference('client :SO142013')?.value).toBe('SO142013');
    expect(parseReference('PO 631865')).toEqual({ value: '631865', repaired: false });
  });
  it('takes the one 17-digit VICS number on a form for the BOL number when its label went unread, as a doubt', () => {
    const d = extractFields(page(at(300, 200, 'S 08S 00. NO. 05429223698838687'), at(580, 205, 'PURCHASE ORDER'), at(580, 230, 'J09658')));
    expect(d.References?.BolNumber).toBe('05429223698838687');
    expect(d.ConfidenceScores?.['References.BolNumber']).toBeLessThan(0.9);
    // Two such numbers: neither is taken.
    const two = extractFields(page(at(300, 200, '05429223698838687'), at(300, 400, '05429223698838688')));
    expect(two.References?.BolNumber).toBeNull();
  });
});
