#!/usr/bin/env bash
# Trains the field tagger end to end: feature rows from the training pages, the first-stage tree model and a model per
# fold fitted without it, the second stage on the first's out-of-fold classes of each word and its neighbours (and its
# fold models), the calibration, then the confidence model from out-of-fold values (every training page read once)
# and the absence model from the core fields the combined reader leaves empty on them.
# Reproducible (fixed seeds, one thread) and kept out of CI: `npm run train:fields`. Held-out families are never read.
#   FIELDS_DATA  folder with train.jsonl and any further train-*.jsonl (default training/data/fields), and the older
#                templates' pages, template-*.jsonl (template-pages.ts), which only the confidence fit reads
#   WORK         folder for the feature rows (default training/fields/.work); rows already exported by the same
#                feature code for the same first pages are kept, so a grown dataset or a stopped run only adds pages;
#                each stage's model is kept there with its inputs' fingerprint, so a stopped fit (one that outlived a
#                session) starts again at the first stage not done
#   MODELS_OUT   where the two model files and the tagger's check rows go (default: the repository's, where the
#                extractor reads them); another folder leaves the committed models alone while a fit is compared
set -euo pipefail
cd "$(dirname "$0")/../.."
DATA="${FIELDS_DATA:-training/data/fields}"
WORK="${WORK:-training/fields/.work}"
OUT="${MODELS_OUT:-}"
MODEL="${OUT:-packages/extract/models}/field-tagger.json"
CONFIDENCE="${OUT:-packages/extract/models}/field-confidence.json"
ABSENCE="${OUT:-packages/extract/models}/field-absence.json"
CHECK="${OUT:-packages/extract/test/fixtures}/field-tagger-check.json"
FIRST="$WORK/first-model.json"
CONTEXT="$WORK/context-model.json"
mkdir -p "$WORK" ${OUT:+"$OUT"}
# fit_once ROWS OUTPUT COMMAND...: runs a single-threaded fit unless OUTPUT was written by the same command
# from the same rows (the rows' meta.json names their code and count) and the same fitting script.
fit_once() {
  local rows="$1" out="$2"; shift 2
  local stamp; stamp="$(cat "$rows/meta.json" training/fields/train.py | sha1sum | cut -c1-16)-$(echo "$*" | sha1sum | cut -c1-16)"
  if [[ -f "$out" && "$(cat "$out.stamp" 2>/dev/null)" == "$stamp" ]]; then echo "kept $out (fitted on the same rows)" >&2; return 0; fi
  OMP_NUM_THREADS=1 nice -n 10 "$@" || return 1
  echo "$stamp" > "$out.stamp"
}
# Debian's xgboost and numpy for /usr/bin/python3, installed only where missing (a fresh machine has neither).
bash scripts/ensure-system-deps.sh python3-xgboost python3-numpy
PAGES=("$DATA"/train*.jsonl)
# Pages of the templates the rules were written on carry no word-level truth: never the tagger's, only its values'.
TEMPLATES=()
for f in "$DATA"/template-*.jsonl; do [ -e "$f" ] && TEMPLATES+=("$f"); done
nice -n 10 npx tsx training/fields/export-features.ts "$WORK" "${PAGES[@]}"
fit_once "$WORK" "$FIRST" /usr/bin/python3 training/fields/train.py "$WORK" "$FIRST" --check-rows "$WORK/first-check.json" "$@"
cp "$FIRST" "$MODEL"
cp "$WORK/first-check.json" "$CHECK"
bash training/fields/fold-models.sh "$WORK" "$MODEL"
nice -n 10 npx tsx training/fields/context-rows.ts "$WORK" "${PAGES[@]}"
fit_once "$WORK/context" "$CONTEXT" /usr/bin/python3 training/fields/train.py "$WORK/context" "$CONTEXT" "$@"
bash training/fields/fold-models.sh "$WORK/context" "$CONTEXT"
nice -n 10 npx tsx training/fields/attach-context.ts "$MODEL" "$CONTEXT"
nice -n 10 npx tsx training/fields/calibrate.ts "$MODEL" "$WORK" "${PAGES[@]}"
nice -n 10 npx tsx training/fields/oof-values.ts --model "$MODEL" "$WORK" "${PAGES[@]}" "${TEMPLATES[@]}"
OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 training/fields/fit-confidence.py "$WORK/folds" "$CONFIDENCE"
# The absence model reads the fields the combined reader leaves empty with the confidence model just fitted.
nice -n 10 npx tsx training/fields/oof-absence.ts --model "$MODEL" --confidence "$CONFIDENCE" "$WORK" "${PAGES[@]}" "${TEMPLATES[@]}"
OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 training/fields/fit-confidence.py "$WORK/folds" "$ABSENCE" --kind absence
