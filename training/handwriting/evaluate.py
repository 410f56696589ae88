"""Character error rate and whole-value accuracy of a checkpoint on the held-out line set, per field kind and font.

    /usr/bin/python3 -m handwriting.evaluate [--ckpt PATH] [--set heldout]

Greedy decoding, no field constraints (bench/tools/hand-lines.ts measures the exported model in the extractor's
own reader, with and without them, beside Tesseract and PP-OCR).
"""
import argparse
import os
from collections import defaultdict

import cv2
import torch

from . import charset, data, decode
from .train import CKPT, load_model

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def same_value(a, b):
    return a.upper().replace(" ", "") == b.upper().replace(" ", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", default=CKPT)
    ap.add_argument("--set", default=os.path.join(HERE, "heldout"))
    a = ap.parse_args()
    torch.set_num_threads(1)
    model, ck = load_model(a.ckpt)
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(a.set, "labels.tsv"), encoding="utf8")][1:]
    tally = defaultdict(lambda: [0, 0, 0, 0])  # chars, errors, lines, right
    with torch.no_grad():
        for file, kind, font, text in rows:
            img = cv2.imread(os.path.join(a.set, file), cv2.IMREAD_GRAYSCALE)
            x, _, _, _ = data.collate([(img, text, kind)])
            got = decode.greedy(model(x)[0])
            for key in (kind, "font " + font, "all"):
                t = tally[key]
                t[0] += len(text)
                t[1] += decode.edit_distance(got, text)
                t[2] += 1
                t[3] += same_value(got, text)
    print(f"step {ck['step']}: {len(rows)} held-out lines; CER % / whole values right %")
    for key in sorted(tally, key=lambda k: (k == "all", k.startswith("font"), k)):
        c, e, n, r = tally[key]
        print(f"  {key:22s} {100 * e / c:5.1f} / {100 * r / n:5.1f}  ({n} lines)")


if __name__ == "__main__":
    main()
