#!/usr/bin/env bash
# One training run of the handwriting model on a lent GPU machine (the session's `device` tool), which has torch,
# Pillow and OpenCV but no npm: it resumes CKPT, trains for MINUTES with render workers reading the TrueType fonts in
# .fonts-ttf (make them first: handwriting/ttf-fonts.sh), and leaves in $OUT what can come back from such a machine:
# the log, the latest float32 weights (.npz, rewritten every 90 s, so a run cut short still returns them) and a small
# float16 weights-only checkpoint under CKPT's name (the optimiser state would not fit the return limits).
#   bash training/lent-run.sh checkpoints/handwriting-wide.pt 8.4
set -uo pipefail
cd "$(dirname "$0")"
ckpt="${1:-checkpoints/handwriting-wide.pt}"
minutes="${2:-8.4}"
out="${OUT:-/tmp/lent-out}"
mkdir -p "$out"
work=/tmp/lent-run.pt
cp "$ckpt" "$work"
export LW_TRAINING_FONT_DIR="$PWD/.fonts-ttf" PYTHONUNBUFFERED=1
echo "$(ls "$LW_TRAINING_FONT_DIR" | wc -l) training fonts; $(nproc) cores"
python3 -m handwriting.train_fast --minutes "$minutes" --batch 64 --workers "$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))" --ckpt "$work" --out "$out" \
  2>&1 | tee "$out/train.log"
rm -f "$out/handwriting.pt"
python3 - "$work" "$out/$(basename "$ckpt")" <<'EOF'
import sys
import torch
ck = torch.load(sys.argv[1], map_location="cpu")
ck.pop("opt", None)
ck["model"] = {k: v.half() if v.is_floating_point() else v for k, v in ck["model"].items()}
torch.save(ck, sys.argv[2])
print("step", ck["step"], "written to", sys.argv[2])
EOF
