import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grey } from '../src/image/analyze.ts';
import type { EngineWord } from '../src/ocr/engine.ts';
import { createLineRecogniser, type LineRecogniser } from '../src/ocr/line-recogniser.ts';
import { secondLook } from '../src/ocr/second-look.ts';

/** One line of print rendered as a scan would show it, with the box the engine would give the code. */
async function printed(text: string, font = 'DejaVu Sans'): Promise<{ grey: Grey; box: [number, number, number, number] }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="80"><rect width="100%" height="100%" fill="white"/>
    <text x="40" y="52" font-family="${font}" font-size="28">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  // The ink's own box, as the engine reports a word's.
  let x0 = info.width, y0 = info.height, x1 = 0, y1 = 0;
  for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 128) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1); }
  return { grey: { width: info.width, height: info.height, data: new Uint8Array(data) }, box: [x0, y0, x1, y1] };
}

describe('a second look at numbers by the neural line reader', () => {
  let lines: LineRecogniser;
  beforeAll(async () => { lines = await createLineRecogniser(); });
  afterAll(async () => { await lines.close(); });

  it('gives a sales order number its SO back when Tesseract read it as 50, and leaves a real 50 alone', async () => {
    const code = await printed('SO937356');
    const word: EngineWord = { text: '50937356', confidence: 95, bbox: code.box, line: 'l1' };
    const [fixed] = await secondLook(code.grey, [word], lines);
    expect(fixed).toMatchObject({ text: 'SO937356', bbox: code.box, by: 'neural' });
    // Two readers disagreed: never trusted on this reading alone.
    expect(fixed!.confidence).toBeLessThan(90);

    const number = await printed('50937356');
    const [kept] = await secondLook(number.grey, [{ ...word, bbox: number.box }], lines);
    expect(kept).toMatchObject({ text: '50937356', confidence: 95 });
    expect(kept!.by).toBeUndefined();
  });

  it('gives SO back when a handwritten S was read as 9, and leaves a real number starting with 9 alone', async () => {
    const code = await printed('SO940466', 'Comic Neue');
    const [fixed] = await secondLook(code.grey, [{ text: '90940466', confidence: 93, bbox: code.box, line: 'l1' }], lines);
    expect(fixed).toMatchObject({ text: 'SO940466' });
    expect(fixed!.confidence).toBeLessThan(90);
    const number = await printed('90940466', 'Comic Neue');
    expect((await secondLook(number.grey, [{ text: '90940466', confidence: 93, bbox: number.box, line: 'l1' }], lines))[0]).toMatchObject({ text: '90940466', confidence: 93 });
  });

  it('puts right a typewriter digit Tesseract read as another, unsurely, and leaves a surely read number alone', async () => {
    const zip = await printed('71101', 'Liberation Mono');
    const word: EngineWord = { text: '71161', confidence: 83, bbox: zip.box, line: 'l1' };
    const [fixed] = await secondLook(zip.grey, [word], lines);
    expect(fixed).toMatchObject({ text: '71101' });
    expect(fixed!.confidence).toBeLessThan(90);
    // Read surely, it is not read again; read right, it stays as it was.
    expect((await secondLook(zip.grey, [{ ...word, confidence: 97 }], lines))[0]).toMatchObject({ text: '71161', confidence: 97 });
    expect((await secondLook(zip.grey, [{ ...word, text: '71101' }], lines))[0]).toMatchObject({ text: '71101', confidence: 83 });
  });
});
