#!/usr/bin/python3
"""Fits the choice between a weak line's Tesseract reading and the neural line reader's (packages/extract
src/ocr/line-choice.ts): boosted trees give the chance the neural reading is the closer one to what the line says,
from rows bench/tools/line-choices.ts writes (generated pages of the trained families, each weak line with both
readings and its truth). Rows where both are as close are left out; each row weighs as many characters as the two
readings differ by in words read right (and a tenth as much in characters), so the choice learns to save words.

Figures are out of fold, pages grouped: characters wrong (edit distance on letters and digits) and lines read right
under the product's current rule, each reader alone, the learned choice, and the best possible choice.

usage: /usr/bin/python3 training/line-choice/fit.py OUT.json ROWS.jsonl[.gz] [...] [--rounds N] [--depth D]
       (the committed model: training/checkpoints/line-choice-rows.jsonl.gz)
"""
import argparse
import gzip
import json
import os
import re
import sys
import unicodedata

import numpy as np
import xgboost as xgb

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fields'))
from xgb_binary import binary_trees  # noqa: E402

PARAMS = {'objective': 'binary:logistic', 'max_depth': 3, 'eta': 0.1, 'subsample': 0.8, 'colsample_bytree': 0.8,
          'min_child_weight': 5, 'tree_method': 'hist', 'nthread': 2, 'seed': 0, 'base_score': 0.5}


def bare(t: str) -> str:
    return ''.join(c for c in unicodedata.normalize('NFD', t).upper() if c.isalnum())


def distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1]


FEATURES_TS = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'packages', 'extract', 'src', 'ocr', 'line-choice.ts')


def feature_names() -> list:
    """The features' names, in the rows' order, from the one list the product and the row tool compute them by."""
    block = re.search(r'LINE_CHOICE_FEATURES = \[(.*?)\] as const', open(FEATURES_TS).read(), re.S).group(1)
    return re.findall(r"'([a-z_]+)'", block)


def load(paths):
    rows = []
    for p in paths:
        with (gzip.open(p, 'rt') if p.endswith('.gz') else open(p)) as f:
            rows += [r for r in (json.loads(l) for l in f if l.strip()) if not r.get('empty')]
    for r in rows:
        t = bare(r['truth'])
        r['d_t'], r['d_n'] = distance(bare(r['tesseract']['text']), t), distance(bare(r['neural']['text']), t)
        r['w_t'], r['w_n'] = words_right(r['tesseract']['text'], r['truth']), words_right(r['neural']['text'], r['truth'])
        v = r.get('values', '')
        r['v_t'], r['v_n'] = words_right(r['tesseract']['text'], v), words_right(r['neural']['text'], v)
        # What a reading is worth: the words it reads right, then (a tenth as much) how few characters it gets wrong.
        r['gain'] = (r['w_n'] - 0.1 * r['d_n']) - (r['w_t'] - 0.1 * r['d_t'])
    return rows


def words_right(reading: str, truth: str) -> int:
    """How many of the line's words the reading has, letter for letter (values are read as whole words)."""
    left = [bare(w) for w in truth.split() if bare(w)]
    n = 0
    for w in (bare(x) for x in reading.split()):
        if w in left:
            left.remove(w)
            n += 1
    return n


def arguments():
    """Where the model goes, the row files, and the trees' rounds and depth; folds for the figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('rows', nargs='+')
    ap.add_argument('--rounds', type=int, default=150)
    ap.add_argument('--depth', type=int, default=3)
    ap.add_argument('--folds', type=int, default=5)
    return ap.parse_args()


def design(rows, features, gain):
    """The rows' features, whether the second reading is the better (gain > 0), and how much it matters (|gain|)."""
    X = np.array([[np.nan if v is None else v for v in r[features]] for r in rows], dtype=np.float64)
    return X, np.array([r[gain] > 0 for r in rows], dtype=np.float64), np.array([abs(r[gain]) for r in rows], dtype=np.float64)


def out_of_fold(params, X, y, w, page_of_row, folds, rounds):
    """Each row's chance from trees fitted without its fold; folds group whole pages, rows of weight 0 are not fitted."""
    pages = sorted(set(page_of_row))
    fold_of_page = {p: i % folds for i, p in enumerate(pages)}
    fold = np.array([fold_of_page[p] for p in page_of_row])
    p = np.zeros(len(page_of_row))
    for k in range(folds):
        tr = (fold != k) & (w > 0)
        b = xgb.train(params, xgb.DMatrix(X[tr], label=y[tr], weight=w[tr], missing=np.nan), num_boost_round=rounds)
        p[fold == k] = b.predict(xgb.DMatrix(X[fold == k], missing=np.nan))
    return p


def write_model(out, params, X, y, w, names, classes, rounds, pages):
    """Fits on every row and writes the trees as the product reads them, with a few rows and xgboost's own chances."""
    final = xgb.train(params, xgb.DMatrix(X[w > 0], label=y[w > 0], weight=w[w > 0], missing=np.nan), num_boost_round=rounds)
    trees = binary_trees(final)
    pick = list(range(min(6, len(X))))
    model = {'version': 1, 'kind': 'xgboost-binary', 'features': names, 'classes': classes, 'baseScore': 0.0, 'trees': trees,
             'fitted': {'lines': len(X), 'pages': pages, 'rounds': rounds, 'params': {k: v for k, v in params.items() if k != 'nthread'},
                        'check': {'rows': [[None if np.isnan(v) else float(v) for v in X[i]] for i in pick],
                                  'probabilities': [float(v) for v in final.predict(xgb.DMatrix(X[pick], missing=np.nan))]}}}
    with open(out, 'w') as f:
        json.dump(model, f, separators=(',', ':'))
    print(f'wrote {out}: {len(trees)} trees, {os.path.getsize(out) / 1e3:.0f} kB', file=sys.stderr)


def figures(name, rows, neural):
    d = sum(r['d_n'] if n else r['d_t'] for r, n in zip(rows, neural))
    exact = sum((r['d_n'] if n else r['d_t']) == 0 for r, n in zip(rows, neural))
    words = sum(r['w_n'] if n else r['w_t'] for r, n in zip(rows, neural))
    values = sum(r['v_n'] if n else r['v_t'] for r, n in zip(rows, neural))
    truth_values = sum(len([w for w in r.get('values', '').split() if bare(w)]) for r in rows)
    truth = sum(len(bare(r['truth'])) for r in rows)
    truth_words = sum(len([w for w in r['truth'].split() if bare(w)]) for r in rows)
    print(f'{name:>22}: {d:6d} characters wrong ({100 * d / max(1, truth):5.1f} % of {truth}), {words:5d} of {truth_words} words right, {values:5d} of {truth_values} value words, {exact:5d} of {len(rows)} lines right')


def main() -> None:
    args = arguments()
    params = {**PARAMS, 'max_depth': args.depth}
    rows = load(args.rows)
    names = feature_names()
    if any(len(r['features']) != len(names) for r in rows):
        sys.exit(f'rows do not have the {len(names)} features line-choice.ts computes: run line-choices.ts --refeature')
    X, y, w = design(rows, 'features', 'gain')
    pages = sorted({r['page'] for r in rows})
    p = out_of_fold(params, X, y, w, [r['page'] for r in rows], args.folds, args.rounds)
    print(f'{len(rows)} lines on {len(pages)} pages ({int((w > 0).sum())} where the readers differ); out of fold, {args.folds} folds by page')
    for writing in ('handwritten', 'printed', None):
        sel = [i for i, r in enumerate(rows) if writing is None or r['writing'] == writing]
        if not sel:
            continue
        sub = [rows[i] for i in sel]
        print(f'-- {writing or "all"}')
        figures('choice when read', sub, [r['chosen'] == 'neural' for r in sub])
        figures('Tesseract always', sub, [False] * len(sub))
        figures('neural always', sub, [True] * len(sub))
        for t in (0.4, 0.5, 0.6):
            figures(f'learned, p >= {t}', sub, [p[i] >= t for i in sel])
        figures('best possible', sub, [r['gain'] > 0 for r in sub])
        # Which lines are worth reading again: those below a page-pass confidence, the rest kept as the page pass read them.
        for below in (70, 80, 90):
            kept = [r['first']['confidence'] >= below and r['first']['text'].strip() != '' for r in sub]
            v = sum(words_right(r['first']['text'], r.get('values', '')) if k else (r['v_n'] if p[i] >= 0.5 else r['v_t']) for r, k, i in zip(sub, kept, sel))
            print(f'{"read again below " + str(below):>22}: {v:5d} value words (learned choice), {len(sub) - sum(kept)} lines read again')
    write_model(args.out, params, X, y, w, names, ['tesseract', 'neural'], args.rounds, len(pages))


if __name__ == '__main__':
    main()
