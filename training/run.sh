#!/usr/bin/env bash
# Trains the handwriting line recogniser and ships it to packages/extract, end to end:
#   npm run train:handwriting            (TRAIN_STEPS=N to set the run's length; default 20000)
# It resumes from training/checkpoints/handwriting.pt, so running it again goes on where the last run stopped.
# One thread at low priority: it shares the machine.
set -euo pipefail
cd "$(dirname "$0")"
bash setup.sh
nice -n 10 /usr/bin/python3 -m handwriting.train --steps "${TRAIN_STEPS:-20000}"
/usr/bin/python3 -m handwriting.export
/usr/bin/python3 -m handwriting.evaluate
