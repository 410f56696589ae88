"""The same training as train.py, for a machine with many cores and a GPU: lines rendered by worker processes,
the model on CUDA when there is one, and a wall-clock budget instead of a step count.

    python3 -m handwriting.train_fast --minutes 7 --batch 64 --workers 14      (from training/)

It resumes from the same checkpoint and writes the same format, so a CPU run (train.py) can go on from it. The
run length in steps is set after a short measured warm-up so the learning rate's cosine tail (train.lr_at) ends
when the budget does: a run cut by time still finishes annealed. Weights are also written as .npz, readable by
any torch version.
"""
import argparse
import os
import time

import numpy as np
import torch

from . import data
from .train import CKPT, level_at, lr_at, resume, save, train_step, validate


class Lines(torch.utils.data.IterableDataset):
    """Endless batches of freshly rendered lines; each worker its own seed, batches grouped by width."""

    def __init__(self, seed, batch, step):
        self.seed, self.batch, self.step = seed, batch, step

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        workers = info.num_workers if info else 1
        src = data.LineSource(self.seed * 1009 + (info.id if info else 0), size=0)
        made = 0
        while True:
            # The training step this batch will roughly serve: a run from scratch starts on milder lines (train.py's ramp).
            src.level = level_at(self.step + made * workers // self.batch)
            made += self.batch * 4
            group = sorted((src.one() for _ in range(self.batch * 4)), key=lambda it: it[0].shape[1])
            for i in range(0, len(group), self.batch):
                x, targets, lengths, _ = data.collate(group[i:i + self.batch])
                yield x, targets, lengths


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=7.0)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 2))
    ap.add_argument("--ckpt", default=CKPT)
    ap.add_argument("--out", default=None, help="also write the checkpoint and .npz weights here")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--width", type=int, default=1, help="channel multiplier of a new model (a checkpoint keeps its own)")
    ap.add_argument("--warmup", type=int, default=2500,
                    help="steps timed before the run's length is set (long enough that worker start-up does not bias the rate)")
    a = ap.parse_args()
    deadline = time.time() + a.minutes * 60
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(a.seed)
    model, opt, step = resume(a.ckpt, a.width)
    model.to(dev)
    for state in opt.state.values():
        for k, v in state.items():
            if torch.is_tensor(v):
                state[k] = v.to(dev)
    start = step
    params = sum(p.numel() for p in model.parameters())
    print(f"device {dev}, resumed at step {step}, width {model.width} ({params} parameters), {a.workers} render workers, batch {a.batch}", flush=True)
    loader = torch.utils.data.DataLoader(Lines(a.seed * 100003 + step, a.batch, step), batch_size=None,
                                         num_workers=a.workers, prefetch_factor=8, persistent_workers=True)
    val = data.LineSource(999, size=0)
    val_lines = [val.one() for _ in range(256)]
    ctc = torch.nn.CTCLoss(zero_infinity=True)
    model.train()
    total = None
    t_first = time.time()
    avg = None
    last_save = time.time()

    def checkpoint():
        model.cpu()
        cer, acc = validate(model, val_lines)
        save(a.ckpt, model, opt, step)
        if a.out:
            save(os.path.join(a.out, "handwriting.pt"), model, opt, step)
            np.savez(os.path.join(a.out, "weights.npz"), **{k: v.numpy() for k, v in model.state_dict().items()})
        model.to(dev)
        model.train()
        print(f"step {step} val CER {cer:.3f} exact {acc:.3f} (training fonts) saved", flush=True)

    for x, targets, lengths in loader:
        if total is None and step - start == a.warmup:
            # Steps per second over the warm-up, then the run's end so the schedule finishes by the deadline.
            rate = a.warmup / (time.time() - t_first)
            total = step + int(rate * (deadline - time.time()) * 0.97)
            print(f"{rate:.1f} steps/s: this run ends at step {total}", flush=True)
        goal = total if total is not None else step + 10 ** 9
        if step >= goal:
            break
        lr = lr_at(step, total if total is not None else 10 ** 6)
        loss = train_step(model, opt, ctc, x.to(dev, non_blocking=True), targets.to(dev), lengths.to(dev), lr)
        step += 1
        avg = loss if avg is None else 0.98 * avg + 0.02 * loss
        if step % 500 == 0:
            print(f"step {step} loss {avg:.3f} lr {lr_at(step, total or 10 ** 6):.2e}", flush=True)
        if time.time() - last_save > 90:
            checkpoint()
            last_save = time.time()
        if time.time() > deadline + 30:
            break
    checkpoint()


if __name__ == "__main__":
    main()
