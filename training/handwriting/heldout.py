"""Writes the held-out line set: values of every field kind rendered only in Debian's handwriting fonts.

    /usr/bin/python3 -m handwriting.heldout            (from training/; writes training/heldout/)

These fonts are never used for training (fonts.py keeps them apart), so the set measures hands the model has not
seen. Lines get a milder capture degradation than training lines (a scan, not the worst fax). labels.tsv holds
file, kind, font and text; the PNGs are committed so the TypeScript line-level evaluation reads the same lines.
"""
import argparse
import os
import random

from . import charset, render, texts
from .fonts import eval_fonts, family, training_fonts

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "heldout")
CALIBRATION = os.path.join(os.path.dirname(OUT), "calibration")
# One face per family and style that a pen could have drawn (the hollow-outline femkeklaver is left out, as the
# bench leaves it out).
SKIP = ("femkeklaver", "ComicNeue-Light", "dkgBI", "breipfont")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-kind", type=int, default=30)
    ap.add_argument("--seed", type=int, default=20261126)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--calibration", action="store_true",
                    help="render in the training fonts instead (for calibrating the vote between readers, never for scores)")
    ap.add_argument("--level", type=float, default=0.5,
                    help="augmentation strength (1 as in training: a harder set, e.g. for choosing decoding margins)")
    a = ap.parse_args()
    if a.calibration:
        hand, prints = training_fonts()
        fonts = hand + prints
        a.out = a.out if a.out != OUT else CALIBRATION
        a.seed += 1
    else:
        fonts = [f for f in eval_fonts() if not any(s in f for s in SKIP)]
    bank = render.FontBank(fonts)
    # Each family as often as the others, whatever number of styles it ships.
    families = {}
    for f in fonts:
        families.setdefault(family(f).replace("Bd", "").replace("It", ""), []).append(f)
    groups = list(families.values())
    r = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for kind in texts.KINDS:
        n = 0
        while n < a.per_kind:
            text = charset.clean(texts.GENERATORS[kind](r)).strip()
            group = groups[(n + texts.KINDS.index(kind)) % len(groups)]
            font = group[r.randrange(len(group))]
            if not text or not bank.covers(font, text):
                continue
            img = render.render(r, bank, font, text, level=a.level)
            if img is None:
                continue
            name = f"{kind}-{n:03d}.png"
            with open(os.path.join(a.out, name), "wb") as f:
                f.write(render.to_png(img))
            rows.append(f"{name}\t{kind}\t{family(font)}\t{text}")
            n += 1
    with open(os.path.join(a.out, "labels.tsv"), "w", encoding="utf8") as f:
        f.write("file\tkind\tfont\ttext\n" + "\n".join(rows) + "\n")
    print(f"{len(rows)} lines in {len(fonts)} fonts -> {a.out}")


if __name__ == "__main__":
    main()
