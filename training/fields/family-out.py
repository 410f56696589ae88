#!/usr/bin/python3
"""Leave one trained family out: how well a tagger configuration reads a layout genre it never met.

The committed fit stops early on a fifth of the pages of every trained family, which measures new data on known
layouts. Held-out families may not be used to choose a configuration, so this study stands in for them with the
trained families themselves: for each family F, fit on the other trained families' pages and score F's field words.
A configuration that gains here generalises to unseen genres; one that gains only on the usual fold learns layouts.

Rows are the feature rows export-features.ts wrote (WORK of train.sh). A cheaper fit than the committed one (fewer
"none" rows, a higher learning rate, a round cap) keeps a study of several configurations within a session; compare
configurations with each other here, never with the committed model's figures.

usage: /usr/bin/python3 training/fields/family-out.py WORK [--families a,b] [--drop PREFIX,...] [--depth D]
       [--rounds N] [--eta E] [--min-child W] [--colsample C] [--none-share S] [--label NAME]
Prints one line a family (field-word accuracy on the left-out family, and on the usual kept-out fold of the others
for contrast) and a mean, and appends them as JSON to WORK/family-out.jsonl.
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import xgboost as xgb

from train import fold_of, load_rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--families', default='', help='the families to leave out in turn (default: every trained one)')
    ap.add_argument('--drop', default='')
    ap.add_argument('--depth', type=int, default=6)
    ap.add_argument('--rounds', type=int, default=60)
    ap.add_argument('--eta', type=float, default=0.3)
    ap.add_argument('--min-child', type=float, default=2)
    ap.add_argument('--colsample', type=float, default=0.8)
    ap.add_argument('--none-share', type=float, default=0.15)
    ap.add_argument('--label', default='')
    args = ap.parse_args()

    meta, X, y, page, used = load_rows(args.data, args.drop)
    classes, pages = meta['classes'], meta['pages']

    family = np.array([p['family'] for p in pages])
    is_train = np.array([p['split'] == 'train' for p in pages])
    kept_fold = np.array([fold_of(p['id']) == 0 for p in pages])
    chosen = [f for f in args.families.split(',') if f] or sorted(set(family[is_train]))
    rng = np.random.default_rng(0)
    thin = (y != 0) | (rng.random(len(y)) < args.none_share)
    weight = np.where(y == 0, 1.0 / args.none_share, 1.0)
    params = {
        'objective': 'multi:softprob', 'num_class': len(classes), 'max_depth': args.depth, 'eta': args.eta,
        'subsample': 0.8, 'colsample_bytree': args.colsample, 'min_child_weight': args.min_child,
        'tree_method': 'hist', 'nthread': 1, 'seed': 0,
    }
    results = []
    for fam in chosen:
        out_rows = (family == fam)[page]
        # The others' own kept-out fold is scored too: the gap between the two is what a new genre costs.
        fit_rows = is_train[page] & ~out_rows & ~kept_fold[page] & thin
        near_rows = is_train[page] & ~out_rows & kept_fold[page]
        t = time.time()
        booster = xgb.train(params, xgb.DMatrix(X[fit_rows], label=y[fit_rows], weight=weight[fit_rows], missing=np.nan),
                            num_boost_round=args.rounds)
        scores = {}
        for name, rows in (('unseen', out_rows), ('seen', near_rows)):
            pred = booster.predict(xgb.DMatrix(X[rows], missing=np.nan)).argmax(1)
            field = y[rows] != 0
            scores[name] = float((pred[field] == y[rows][field]).mean())
            # Words tagged as a field that are none of them: the spurious values a reader then has to undo.
            scores[name + 'Spurious'] = float(((pred != 0) & ~field).sum() / max(1, field.sum()))
        results.append({'family': fam, **scores, 'seconds': round(time.time() - t)})
        print(f"{args.label or '-'} {fam:18s} unseen {scores['unseen']:.4f} (spurious {scores['unseenSpurious']:.3f})  "
              f"seen {scores['seen']:.4f}  {time.time() - t:.0f} s", file=sys.stderr, flush=True)
    mean = {k: float(np.mean([r[k] for r in results])) for k in ('unseen', 'seen', 'unseenSpurious')}
    print(f"{args.label or '-'} MEAN unseen {mean['unseen']:.4f} seen {mean['seen']:.4f} spurious {mean['unseenSpurious']:.3f}", file=sys.stderr)
    with open(os.path.join(args.data, 'family-out.jsonl'), 'a') as f:
        f.write(json.dumps({'label': args.label, 'args': vars(args), 'features': len(used), 'families': results, 'mean': mean}) + '\n')


if __name__ == '__main__':
    main()
