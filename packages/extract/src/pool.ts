import type { OcrEngineFactory, OcrWorker } from './ocr/engine.ts';

/** A fixed set of OCR workers handed out one page at a time; broken or worn workers are replaced. */
export class WorkerPool {
  private idle: Array<{ worker: OcrWorker; uses: number }> = [];
  private waiting: Array<(w: { worker: OcrWorker; uses: number }) => void> = [];
  private closed = false;
  private starting: Promise<void>;

  constructor(private readonly factory: OcrEngineFactory, readonly size: number, private readonly recycleAfter = 40) {
    this.starting = Promise.all(Array.from({ length: size }, async () => {
      this.release({ worker: await factory.create(), uses: 0 });
    })).then(() => undefined);
  }

  /** Resolves once every worker has started (rejects if one could not). */
  ready(): Promise<void> { return this.starting; }

  /** Runs `fn` with a worker; on `discard` (a timeout or crash) the worker is closed and replaced. */
  async use<T>(fn: (w: OcrWorker, discard: () => void) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The extractor is closed.');
    const slot = this.idle.pop() ?? (await new Promise<{ worker: OcrWorker; uses: number }>((r) => this.waiting.push(r)));
    let discarded = false;
    const discard = (): void => { discarded = true; };
    try {
      return await fn(slot.worker, discard);
    } finally {
      slot.uses++;
      // WASM workers hold on to memory after large pages: start a fresh one now and then.
      if (discarded || slot.uses >= this.recycleAfter) {
        void slot.worker.close().catch(() => {});
        if (!this.closed) {
          this.factory.create().then((worker) => this.release({ worker, uses: 0 }), () => {
            // Could not start a replacement: try again on the next page rather than hang the queue.
            setTimeout(() => { if (!this.closed) this.factory.create().then((worker) => this.release({ worker, uses: 0 }), () => {}); }, 1000).unref();
          });
        }
      } else this.release(slot);
    }
  }

  private release(slot: { worker: OcrWorker; uses: number }): void {
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
