"""Training lines: a rolling buffer of rendered lines, refreshed a few lines a step.

Rendering a degraded line costs about as much as training on it, so each step renders only a quarter of a batch
and draws the batch from the last 1000 lines; every line is still seen only a handful of times.
"""
import random

import numpy as np
import torch

from . import charset, render, texts
from .fonts import training_fonts

PRINT_SHARE = 0.12


class LineSource:
    def __init__(self, seed: int, size: int = 1000):
        self.r = random.Random(seed)
        self.hand, self.print = training_fonts()
        if not self.hand:
            raise SystemExit("no training fonts: run `npm install -w training` first")
        self.bank = render.FontBank(self.hand + self.print)
        self.size = size
        self.lines = []
        # Degradation strength of new lines: train.py ramps it up, so the model learns letters before it learns
        # to see them through fax noise.
        self.level = 1.0

    def one(self, level=None):
        """(image, text, kind) for one freshly rendered line."""
        r = self.r
        level = self.level if level is None else level
        while True:
            kind, text = texts.sample(r)
            text = charset.clean(text).strip()
            if not text:
                continue
            pool = self.print if r.random() < PRINT_SHARE else self.hand
            for _ in range(6):
                font = r.choice(pool)
                if self.bank.covers(font, text):
                    break
            else:
                continue
            img = render.render(r, self.bank, font, text, level)
            if img is not None and img.shape[1] // 4 >= 2 * len(text) + 2:
                return img, text, kind

    def fill(self):
        while len(self.lines) < self.size:
            self.lines.append(self.one())

    def refresh(self, n: int):
        for _ in range(n):
            self.lines[self.r.randrange(len(self.lines))] = self.one()

    def batch(self, n: int):
        """n lines of similar width (less padding), as a tensor batch plus CTC targets."""
        pick = sorted(self.r.sample(range(len(self.lines)), min(len(self.lines), n * 4)), key=lambda i: self.lines[i][0].shape[1])
        start = self.r.randrange(0, len(pick) - n + 1)
        return collate([self.lines[i] for i in pick[start:start + n]])


def to_input(img):
    """Grey uint8 (ink dark) to the model's input: ink near 1."""
    return 1.0 - img.astype(np.float32) / 255.0


def collate(items):
    w = max(it[0].shape[1] for it in items)
    w = (w + 3) // 4 * 4
    x = np.zeros((len(items), 1, render.HEIGHT, w), np.float32)
    for i, (img, _, _) in enumerate(items):
        x[i, 0, :, :img.shape[1]] = to_input(img)
    targets = [charset.encode(t) for _, t, _ in items]
    return (torch.from_numpy(x), torch.tensor([c for t in targets for c in t], dtype=torch.long),
            torch.tensor([len(t) for t in targets], dtype=torch.long), [t for _, t, _ in items])
