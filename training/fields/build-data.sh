#!/usr/bin/env bash
# Builds the field tagger's training pages with today's generator, one process a seed, JOBS at once (default: the
# cores): the trained families' seeds and page counts of the committed (sixth) model, and the older templates' pages
# the confidence fit reads. Each file is appended to and resumes where it stopped, so a run can be stopped and started
# again; `npx tsx training/fields/pages-checkpoint.ts save` keeps what was built in the repository for the next machine.
# About 5 CPU-seconds a page: some 4.5 CPU-hours for the 3,110 pages and 300 template pages. Held-out families are
# never built here. Then: FIELDS_DATA=DIR npm run train:fields.
#   FIELDS_DATA  where the pages go (default training/data/fields)
#   JOBS         processes at once (default nproc)
#   STALE        a file of page ids (one a line) built by an older generator whose pages it now composes otherwise:
#                those rows are built again (rows built since carry their page's fingerprint and need no list)
set -euo pipefail
cd "$(dirname "$0")/../.."
DATA="${FIELDS_DATA:-training/data/fields}"
JOBS="${JOBS:-$(nproc)}"
mkdir -p "$DATA"
# Pages saved in the repository by an earlier build (pages-checkpoint.ts) are taken up first; only the rest is built.
npx tsx training/fields/pages-checkpoint.ts restore "$(realpath "$DATA")"
# seed, pages, file: the sixth model's sets (training/MODEL_CARD-fields.md); today's generator draws broadened pages
# for the oldest seeds, and mixes languages and trades into 30 % of every seed's trained-genre pages.
SETS=(
  "1001 552 train.jsonl" "9001 166 train-9001.jsonl" "1101 571 train-1101.jsonl" "1102 598 train-1102.jsonl"
  "1103 345 train-1103.jsonl" "1104 347 train-1104.jsonl" "1107 300 train-1107.jsonl" "1108 231 train-1108.jsonl"
  "5101 100 template-5101.jsonl" "5102 200 template-5102.jsonl"
  # Stop 60: more pages of the trained genres for the next fit (the refits on the same 3,410 pages read no more right).
  "1109 600 train-1109.jsonl" "1110 600 train-1110.jsonl"
)
build() {
  local seed=$1 count=$2 file=$3
  if [[ $file == template-* ]]; then
    nice -n 10 npx tsx training/fields/template-pages.ts "$DATA/$file" --count "$count" --seed "$seed"
  else
    nice -n 10 npx tsx bench/layouts/build-dataset.ts --families train --seed "$seed" --count "$count" --out "$DATA/$file" ${STALE:+--stale "$STALE"}
  fi > "$DATA/${file%.jsonl}.log" 2>&1
  echo "$file: $(wc -l < "$DATA/$file") pages"
}
export -f build
export DATA STALE
printf '%s\n' "${SETS[@]}" | xargs -P "$JOBS" -L 1 bash -c 'build $0 $1 $2'
