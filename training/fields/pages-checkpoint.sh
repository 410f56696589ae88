#!/usr/bin/env bash
# Keeps the field tagger's built training pages in the repository, so a build that spans sessions (and machines that
# lose /work/data) resumes instead of starting again: building every page costs some 4.5 CPU-hours.
#   save [DATA]     appends the pages built since the last save as new gzipped parts (parts are never rewritten, so
#                   each page enters git history once); refuses when a file no longer starts with its saved pages
#   restore [DATA]  writes each file back from its parts where DATA lacks it or holds fewer pages
# DATA defaults to $FIELDS_DATA, then training/data/fields. Parts: training/checkpoints/fields-pages/FILE.from-N.jsonl.gz
# (N: the first page's line number in FILE.jsonl); PAGES_CKPT=DIR keeps them elsewhere.
set -euo pipefail
cd "$(dirname "$0")/../.."
CKPT=${PAGES_CKPT:-training/checkpoints/fields-pages}
cmd="${1:-}"
DATA="${2:-${FIELDS_DATA:-training/data/fields}}"

parts() { ls "$CKPT/$1".from-*.jsonl.gz 2>/dev/null | sort -V || true; }
saved_lines() { local p; p=$(parts "$1"); [[ -z $p ]] && echo 0 || cat $p | gunzip | wc -l; }

case "$cmd" in
  save)
    mkdir -p "$CKPT"
    for f in "$DATA"/*.jsonl; do
      base=$(basename "$f" .jsonl)
      have=$(saved_lines "$base")
      # Only whole lines: a build may be appending to the file right now.
      now=$(wc -l < "$f")
      if (( have > 0 )) && [[ $(head -n "$have" "$f" | sha1sum) != $(cat $(parts "$base") | gunzip | sha1sum) ]]; then
        echo "$f: its first $have pages differ from the saved parts (rebuilt rows?); move $CKPT/$base.* away to save it whole" >&2
        exit 1
      fi
      if (( now > have )); then
        head -n "$now" "$f" | tail -n +"$((have + 1))" | gzip -9n > "$CKPT/$base.from-$((have + 1)).jsonl.gz"
        echo "$base: pages $((have + 1))-$now saved"
      else
        echo "$base: $have pages, nothing new"
      fi
    done
    ;;
  restore)
    mkdir -p "$DATA"
    for first in "$CKPT"/*.from-1.jsonl.gz; do
      [[ -e $first ]] || { echo "no saved pages in $CKPT"; exit 0; }
      base=$(basename "$first" .from-1.jsonl.gz)
      have=$(saved_lines "$base")
      there=$( [[ -f $DATA/$base.jsonl ]] && wc -l < "$DATA/$base.jsonl" || echo 0)
      if (( there >= have )); then echo "$base: $there pages there, kept"; continue; fi
      cat $(parts "$base") | gunzip > "$DATA/$base.jsonl"
      echo "$base: $have pages restored"
    done
    ;;
  *) echo "usage: $0 save|restore [DATA]" >&2; exit 2 ;;
esac
