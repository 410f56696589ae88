import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FieldKind } from './field-decode.ts';
import { recogniserFor, type BandDecoder, type LineModel, type LineRecogniser } from './line-recogniser.ts';

/**
 * The handwriting line model trained in training/ (a small CRNN, ONNX, CPU): it reads hand lettering the print
 * recogniser was never trained on. Its files sit in packages/extract/models, written by `npm run train:handwriting`.
 */
const MODEL = fileURLToPath(new URL('../../models/handwriting-rec.onnx', import.meta.url));
const CHARSET = fileURLToPath(new URL('../../models/handwriting-rec.charset.json', import.meta.url));

interface Charset { blank: number; charset: string; height: number; step: number }

/** Loads the handwriting model as a line model (one intra-op thread: pages run in parallel instead). */
export async function loadHandModel(): Promise<LineModel> {
  const ort = await import('onnxruntime-node');
  const meta = JSON.parse(await readFile(CHARSET, 'utf8')) as Charset;
  const session = await ort.InferenceSession.create(MODEL, { intraOpNumThreads: 1, interOpNumThreads: 1 });
  const input = session.inputNames[0]!, output = session.outputNames[0]!;
  const H = meta.height;
  return {
    height: H,
    dict: [...meta.charset],
    async run(px, W) {
      // Trained with ink near 1 and paper near 0; the conv stack needs a width of at least one output step.
      const width = Math.max(meta.step * 2, W);
      const x = new Float32Array(width * H);
      for (let y = 0; y < H; y++) for (let i = 0; i < W; i++) x[y * width + i] = 1 - px[y * W + i]! / 255;
      const res = await session.run({ [input]: new ort.Tensor('float32', x, [1, 1, H, width]) });
      const out = res[output]!;
      const [, steps, classes] = out.dims as [number, number, number];
      return { data: out.data as Float32Array, steps, classes };
    },
    async close() { await session.release(); },
  };
}

/**
 * Letter widths a band can be read at besides as drawn (`createHandRecogniser`'s `widths`; the product reads as drawn).
 * On isolated lines the surest of these three reads more values right (the model under the field's kind: training
 * hands 82.3 -> 85.2 %, Debian's held-out hands 71.9 -> 74.3 %), but on whole pages, where the line choice and the
 * hand override weigh it against two other readings, it did not, with the override fitted again on such readings or
 * not (training/MODEL_CARD-handwriting.md). Measured with `bench/tools/hand-lines.ts --widths`.
 */
export const HAND_WIDTHS = [1, 0.75, 1.33] as const;

/**
 * The handwriting model behind the line-reader interface; `decode` reads bands of no kind (the model's best path when
 * absent), `byKind` a field's kind (field-decode.ts when absent).
 */
export async function createHandRecogniser(decode?: BandDecoder, byKind?: (kind: FieldKind) => BandDecoder, widths: readonly number[] = [1]): Promise<LineRecogniser> {
  return recogniserFor(await loadHandModel(), decode, byKind, widths);
}
