#!/usr/bin/env bash
# The fold models the out-of-fold values are read with: for each fold but 0, the tagger fitted on the other four folds
# (fold 0's model is the committed one, fitted on folds 1-4 for the same rounds). Kept in WORK/folds with the feature
# rows' fingerprint; a model whose rows or rounds changed is fitted again, one that is current is kept (resumable).
# FOLD_JOBS=N fits N folds at once (default 1); each fit stays on one thread, so the models do not depend on N.
# usage: training/fields/fold-models.sh WORK MODEL.json
set -euo pipefail
WORK="$1"; MODEL="$2"
mkdir -p "$WORK/folds"
ROUNDS=$(node -e "console.log(JSON.parse(require('fs').readFileSync('$MODEL','utf8')).rounds)")
STAMP="$(node -e "const m=JSON.parse(require('fs').readFileSync('$WORK/meta.json','utf8'));console.log(m.code+'-'+m.rows)")-$ROUNDS"
cp "$MODEL" "$WORK/folds/fold-0.json"
fit_fold() {
  local K="$1"
  if [[ -f "$WORK/folds/fold-$K.json" && "$(cat "$WORK/folds/fold-$K.stamp" 2>/dev/null)" == "$STAMP" ]]; then return 0; fi
  OMP_NUM_THREADS=1 nice -n 10 /usr/bin/python3 training/fields/train.py "$WORK" "$WORK/folds/fold-$K.json.tmp" --fold "$K" --rounds "$ROUNDS" \
    > "$WORK/folds/fold-$K.log" 2>&1 || { cat "$WORK/folds/fold-$K.log" >&2; return 1; }
  mv "$WORK/folds/fold-$K.json.tmp" "$WORK/folds/fold-$K.json"
  echo "$STAMP" > "$WORK/folds/fold-$K.stamp"
}
export -f fit_fold
export WORK ROUNDS STAMP
printf '%s\n' 1 2 3 4 | xargs -P "${FOLD_JOBS:-1}" -I{} bash -c 'fit_fold {}'
