import type { OcrEngineFactory, OcrWorker } from './ocr/engine.ts';

/** A fixed set of OCR workers handed out one page at a time; broken or worn workers are replaced. */
interface Slot { worker: OcrWorker; uses: number; id: number }

/**
 * A fixed set of OCR workers handed out one page at a time; broken or worn workers are replaced. Each slot has its own
 * engine (its own WASM worker or libtesseract instance): no engine ever reads two pages at once.
 */
export class WorkerPool {
  private idle: Slot[] = [];
  private waiting: Array<(w: Slot) => void> = [];
  private closed = false;
  private starting: Promise<void>;

  /** The engine's name, for logs. */
  readonly engine: string;

  constructor(private readonly factory: OcrEngineFactory, readonly size: number, private readonly recycleAfter = 40) {
    this.engine = factory.name;
    this.starting = Promise.all(Array.from({ length: size }, async (_, id) => {
      this.release({ worker: await factory.create(), uses: 0, id });
    })).then(() => undefined);
  }

  /** Resolves once every worker has started (rejects if one could not). */
  ready(): Promise<void> { return this.starting; }

  /** Runs `fn` with a worker (and its slot number); on `discard` (a timeout or crash) the worker is closed and replaced. */
  async use<T>(fn: (w: OcrWorker, discard: () => void, slot: number) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The extractor is closed.');
    const slot = this.idle.pop() ?? (await new Promise<Slot>((r) => this.waiting.push(r)));
    let discarded = false;
    const discard = (): void => { discarded = true; };
    try {
      return await fn(slot.worker, discard, slot.id);
    } finally {
      slot.uses++;
      // WASM workers hold on to memory after large pages: start a fresh one now and then.
      if (discarded || slot.uses >= this.recycleAfter) {
        void slot.worker.close().catch(() => {});
        if (!this.closed) {
          this.factory.create().then((worker) => this.release({ worker, uses: 0, id: slot.id }), () => {
            // Could not start a replacement: try again on the next page rather than hang the queue.
            setTimeout(() => { if (!this.closed) this.factory.create().then((worker) => this.release({ worker, uses: 0, id: slot.id }), () => {}); }, 1000).unref();
          });
        }
      } else this.release(slot);
    }
  }

  private release(slot: Slot): void {
    if (this.closed) { void slot.worker.close().catch(() => {}); return; }
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }

  /** Closes all idle workers; busy ones close when their page ends. */
  async close(): Promise<void> {
    this.closed = true;
    await this.starting.catch(() => {});
    await Promise.all(this.idle.splice(0).map((s) => s.worker.close().catch(() => {})));
  }
}
