"""Trains the line model on rendered lines; resumes from the checkpoint when there is one.

    /usr/bin/python3 -m handwriting.train --steps 20000      (from training/)

The checkpoint holds the weights, the optimiser and the step, written atomically every --every steps, so a
stopped run (or a later session) goes on where it was. The learning rate is a function of the step alone
(warm-up, flat, cosine tail to --steps), so resuming with a larger --steps simply lengthens the run.
"""
import argparse
import math
import os
import time

import torch

from . import charset, data, decode
from .model import LineModel

CKPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "checkpoints", "handwriting.pt")


def lr_at(step, total, peak=1.5e-3):
    if step < 100:
        return peak * (step + 1) / 100
    flat = int(total * 0.6)
    if step < flat:
        return peak
    t = min(1.0, (step - flat) / max(1, total - flat))
    return 1e-5 + (peak - 1e-5) * 0.5 * (1 + math.cos(math.pi * t))


def level_at(step):
    """Augmentation strength: half at the start, full from step 1500."""
    return min(1.0, 0.5 + step / 3000)


def validate(model, lines):
    model.eval()
    errs = chars = exact = 0
    with torch.no_grad():
        for i in range(0, len(lines), 32):
            x, _, _, texts = data.collate(lines[i:i + 32])
            out = model(x)
            for row, t in zip(out, texts):
                p = decode.greedy(row)
                errs += decode.edit_distance(p, t)
                chars += len(t)
                exact += p == t
    model.train()
    return errs / max(1, chars), exact / max(1, len(lines))


def save(path, model, opt, step):
    tmp = path + ".tmp"
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step, "charset": charset.CHARSET,
                "width": model.width}, tmp)
    os.replace(tmp, path)


def fresh(width=1):
    """A new model of the given width and its optimiser."""
    model = LineModel(len(charset.CHARSET) + 1, width)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)


def _weights(ck):
    """A checkpoint's weights as float32 (a small committed checkpoint keeps them as float16)."""
    return {k: v.float() if v.is_floating_point() else v for k, v in ck["model"].items()}


def load_model(path):
    """The checkpoint's model, in eval mode, for export and evaluation."""
    ck = torch.load(path, map_location="cpu")
    model, _ = fresh(ck.get("width", 1))
    model.load_state_dict(_weights(ck))
    model.eval()
    return model, ck


def resume(path, width=1):
    """(model, optimiser, step) from the checkpoint at `path`, read once, in the width it was saved with; a new
    model of `width` at step 0 when there is none."""
    if not os.path.exists(path):
        return (*fresh(width), 0)
    ck = torch.load(path, map_location="cpu")
    if ck.get("charset") != charset.CHARSET:
        raise SystemExit("checkpoint alphabet differs from charset.py; move the checkpoint away to start anew")
    model, opt = fresh(ck.get("width", 1))
    model.load_state_dict(_weights(ck))
    if "opt" in ck:  # a weights-only checkpoint (committed small) starts its optimiser afresh
        opt.load_state_dict(ck["opt"])
    return model, opt, ck["step"]


def train_step(model, opt, ctc, x, targets, lengths, lr):
    """One CTC step at learning rate `lr` (inputs on the model's device); returns the loss."""
    for g in opt.param_groups:
        g["lr"] = lr
    out = model(x)
    steps = torch.full((x.shape[0],), out.shape[1], dtype=torch.long, device=out.device)
    loss = ctc(out.permute(1, 0, 2), targets, steps, lengths)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    return loss.item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--every", type=int, default=250)
    ap.add_argument("--ckpt", default=CKPT)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)
    model, opt, step = resume(a.ckpt)
    if step:
        print(f"resumed at step {step}", flush=True)
    os.makedirs(os.path.dirname(a.ckpt), exist_ok=True)
    # A different stream of lines after each resume, so a resumed run does not replay the lines it has seen.
    src = data.LineSource(a.seed * 100003 + step)
    src.level = level_at(step)
    val = data.LineSource(999, size=0)
    val_lines = [val.one() for _ in range(256)]
    t0 = time.time()
    src.fill()
    print(f"buffer of {len(src.lines)} lines in {time.time() - t0:.0f}s; {sum(p.numel() for p in model.parameters())} parameters", flush=True)
    ctc = torch.nn.CTCLoss(zero_infinity=True)
    model.train()
    t0, avg = time.time(), None
    while step < a.steps:
        src.level = level_at(step)
        src.refresh(a.batch // 4)
        x, targets, lengths, _ = src.batch(a.batch)
        loss = train_step(model, opt, ctc, x, targets, lengths, lr_at(step, a.steps))
        step += 1
        avg = loss if avg is None else 0.98 * avg + 0.02 * loss
        if step % 25 == 0:
            print(f"step {step} loss {avg:.3f} lr {lr_at(step, a.steps):.2e} {(time.time() - t0) / 25:.2f}s/step", flush=True)
            t0 = time.time()
        if step % a.every == 0 or step == a.steps:
            cer, acc = validate(model, val_lines)
            save(a.ckpt, model, opt, step)
            print(f"step {step} val CER {cer:.3f} exact {acc:.3f} (training fonts) saved", flush=True)
            t0 = time.time()


if __name__ == "__main__":
    main()
