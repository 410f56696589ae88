"""Exports the checkpoint to ONNX for packages/extract: input (1, 1, 32, W) with W free, output (1, W/4, classes)
probabilities (class 0 the CTC blank), and the alphabet beside it, one character a line.

    /usr/bin/python3 -m handwriting.export
"""
import argparse
import json
import os

import torch

from . import charset
from .train import CKPT, load_model

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASSETS = os.path.join(ROOT, "packages", "extract", "models")


class Probabilities(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x).exp()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", default=CKPT)
    ap.add_argument("--out", default=ASSETS)
    a = ap.parse_args()
    model, ck = load_model(a.ckpt)
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "handwriting-rec.onnx")
    torch.onnx.export(Probabilities(model), torch.zeros(1, 1, 32, 128), path, input_names=["image"], output_names=["probs"],
                      dynamic_axes={"image": {0: "batch", 3: "width"}, "probs": {0: "batch", 1: "steps"}}, opset_version=13)
    # JSON keeps the space and every accented letter unambiguous.
    with open(os.path.join(a.out, "handwriting-rec.charset.json"), "w", encoding="utf8") as f:
        json.dump({"blank": 0, "charset": charset.CHARSET, "height": 32, "step": 4, "trainedSteps": ck["step"]}, f, ensure_ascii=False)
        f.write("\n")
    print(f"exported step {ck['step']} to {path} ({os.path.getsize(path) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
