#!/usr/bin/python3
"""Fits the hand override (packages/extract/src/ocr/hand-override.ts): boosted trees give the chance that the
handwriting model's reading of a weak line is closer to what the line says than the reading the line choice kept.
Rows are bench/tools/line-choices.ts's (generated pages of the trained families), those where both of the neural
reader's readers read the line; each weighs as many words as the two readings differ by in words read right (and a
tenth as much in characters), rows where both read as well left out.

Figures are out of fold, pages grouped: value words and words read right with the pick alone, with the override at
several chances, and with the best possible choice.

usage: /usr/bin/python3 training/line-choice/fit_override.py OUT.json ROWS.jsonl[.gz] [...] [--rounds N] [--depth D]
"""
import os
import re
import sys

import numpy as np

from fit import PARAMS, arguments, bare, design, distance, load, out_of_fold, words_right, write_model

FEATURES_TS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'packages', 'extract', 'src', 'ocr', 'hand-override.ts')


def feature_names() -> list:
    block = re.search(r'HAND_OVERRIDE_FEATURES = \[(.*?)\] as const', open(FEATURES_TS).read(), re.S).group(1)
    return re.findall(r"'([a-z_]+)'", block)


def worth(reading: str, truth: str) -> float:
    return words_right(reading, truth) - 0.1 * distance(bare(reading), bare(truth))


def main() -> None:
    args = arguments()
    params = {**PARAMS, 'max_depth': args.depth}
    names = feature_names()
    rows = [r for r in load(args.rows) if r.get('override')]
    if any(len(r['override']) != len(names) for r in rows):
        sys.exit(f'rows do not have the {len(names)} features hand-override.ts computes: run line-choices.ts --refeature')
    for r in rows:
        r['pick'] = r['tesseract']['text'] if r['chosen'] == 'tesseract' else r['neural']['text']
        r['hand'] = r['readers']['hand']['text']
        r['gain_h'] = worth(r['hand'], r['truth']) - worth(r['pick'], r['truth'])
        v = r.get('values', '')
        r['v_pick'], r['v_hand'] = words_right(r['pick'], v), words_right(r['hand'], v)
    X, y, w = design(rows, 'override', 'gain_h')
    pages = sorted({r['page'] for r in rows})
    p = out_of_fold(params, X, y, w, [r['page'] for r in rows], args.folds, args.rounds)
    print(f'{len(rows)} lines with both neural readings on {len(pages)} pages ({int((w > 0).sum())} where hand and pick differ); out of fold, {args.folds} folds by page')
    for writing in ('handwritten', 'printed', None):
        sel = [i for i, r in enumerate(rows) if writing is None or r['writing'] == writing]
        if not sel:
            continue
        truth_values = sum(len([x for x in rows[i].get('values', '').split() if bare(x)]) for i in sel)
        print(f'-- {writing or "all"} ({len(sel)} lines, {truth_values} value words)')
        print(f'{"the pick alone":>24}: {sum(rows[i]["v_pick"] for i in sel):5d} value words')
        for t in (0.4, 0.5, 0.6, 0.7):
            v = sum(rows[i]['v_hand'] if p[i] >= t else rows[i]['v_pick'] for i in sel)
            n = sum(p[i] >= t for i in sel)
            print(f'{"override, p >= " + str(t):>24}: {v:5d} value words ({n} lines overridden)')
        print(f'{"best possible":>24}: {sum(max(rows[i]["v_hand"], rows[i]["v_pick"]) for i in sel):5d} value words')
    write_model(args.out, params, X, y, w, names, ['pick', 'hand'], args.rounds, len(pages))

if __name__ == '__main__':
    main()
