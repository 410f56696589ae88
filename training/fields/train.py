#!/usr/bin/python3
"""Trains the field tagger: gradient-boosted trees, one class per field plus "none", over OCR words.

Reads the feature rows export-features.ts wrote, trains on pages of split "train" only (a fifth of those pages,
chosen by a hash of their id, is kept out of the fit for early stopping and for calibration), and writes the trees as
compact JSON for the TypeScript evaluator (packages/extract/src/fields/learned/trees.ts), plus a few rows with
xgboost's own predictions so a test can check the evaluator agrees.

usage: /usr/bin/python3 training/fields/train.py DATA_DIR MODEL.json [--rounds N] [--depth D] [--drop PREFIX,...]
"""
import argparse
import hashlib
import json
import os
import sys
import time

import numpy as np
import xgboost as xgb


FOLDS = 5


def fold_of(page_id: str) -> int:
    """A page's fold, fixed by its id: fold 0 is kept out of the committed model's fit (early stopping, calibration);
    each fold is read by a model fitted on the other four for the out-of-fold values the confidence is fitted on."""
    return int(hashlib.sha1(page_id.encode()).hexdigest()[:8], 16) % FOLDS


def calibration_page(page_id: str) -> bool:
    return fold_of(page_id) == 0


def load_rows(data: str, drop: str):
    """The feature rows export-features.ts wrote: meta, features (without the columns named by the comma-separated
    prefixes in drop), class labels, page numbers, and the names of the columns kept."""
    meta = json.load(open(os.path.join(data, 'meta.json')))
    names = meta['features']
    X = np.fromfile(os.path.join(data, 'features.f32'), dtype='<f4').reshape(-1, len(names))
    y = np.fromfile(os.path.join(data, 'labels.i32'), dtype='<i4')
    page = np.fromfile(os.path.join(data, 'pages.i32'), dtype='<i4')
    prefixes = [p for p in drop.split(',') if p]
    keep = [i for i, n in enumerate(names) if not any(n.startswith(p) for p in prefixes)]
    return meta, X[:, keep], y, page, [names[i] for i in keep]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('model')
    ap.add_argument('--rounds', type=int, default=150)
    ap.add_argument('--depth', type=int, default=6)
    ap.add_argument('--eta', type=float, default=0.2)
    ap.add_argument('--none-share', type=float, default=0.3, help='share of "none" words kept for the fit')
    ap.add_argument('--drop', default='', help='feature name prefixes left out (e.g. "rule." to train without the rules)')
    ap.add_argument('--check-rows', default='', help='where to write a few rows with xgboost predictions')
    ap.add_argument('--fold', type=int, default=0,
                    help='the fold kept out of the fit; above 0, a fold model for out-of-fold values: --rounds rounds, no early stopping')
    args = ap.parse_args()

    meta, X, y, page, used = load_rows(args.data, args.drop)
    classes, pages = meta['classes'], meta['pages']

    is_train = np.array([p['split'] == 'train' for p in pages])
    is_cal = np.array([fold_of(p['id']) == args.fold for p in pages])
    fit_rows = is_train[page] & ~is_cal[page]
    cal_rows = is_train[page] & is_cal[page]
    rng = np.random.default_rng(0)
    # "None" words outnumber field words many times over: a fixed share of them is kept, weighted up to stand for all.
    sample = fit_rows & ((y != 0) | (rng.random(len(y)) < args.none_share))
    w = np.where(y == 0, 1.0 / args.none_share, 1.0)
    print(f'{int(is_train.sum())} training pages ({int((is_train & ~is_cal).sum())} fit, {int((is_train & is_cal).sum())} calibration), '
          f'{int(sample.sum())} rows in the fit of {len(y)}, {len(used)} features, {len(classes)} classes', file=sys.stderr)
    dfit = xgb.DMatrix(X[sample], label=y[sample], weight=w[sample], missing=np.nan)
    dcal = xgb.DMatrix(X[cal_rows], label=y[cal_rows], missing=np.nan)
    params = {
        'objective': 'multi:softprob', 'num_class': len(classes), 'max_depth': args.depth, 'eta': args.eta,
        'subsample': 0.8, 'colsample_bytree': 0.8, 'min_child_weight': 2, 'tree_method': 'hist', 'nthread': 1,
        'seed': 0, 'eval_metric': 'mlogloss',
    }
    t = time.time()
    # A fold model runs the committed model's rounds: stopping early on the fold it then reads would flatter it.
    evals = [(dcal, 'calibration')] if cal_rows.any() and args.fold == 0 else []
    booster = xgb.train(params, dfit, num_boost_round=args.rounds, evals=evals,
                        early_stopping_rounds=15 if evals else None, verbose_eval=10)
    rounds = (booster.best_iteration + 1) if evals else args.rounds
    booster = booster[:rounds]
    print(f'trained {rounds} rounds in {time.time() - t:.0f} s', file=sys.stderr)
    if cal_rows.any():
        p = booster.predict(dcal)
        acc = float((p.argmax(1) == y[cal_rows]).mean())
        pos = y[cal_rows] != 0
        print(f'calibration words: accuracy {acc:.4f}, field words {float((p.argmax(1)[pos] == y[cal_rows][pos]).mean()):.4f}', file=sys.stderr)

    raw = json.loads(booster.save_raw('json'))
    learner = raw['learner']
    trees = []
    for tree, cls in zip(learner['gradient_booster']['model']['trees'], learner['gradient_booster']['model']['tree_info']):
        left = tree['left_children']
        nodes_f = [(-1 if left[i] == -1 else tree['split_indices'][i]) for i in range(len(left))]
        # Thresholds and leaf values as float32, written so that they read back exactly.
        nodes_t = [float(np.float32(v)) for v in tree['split_conditions']]
        trees.append({'class': cls, 'feature': nodes_f, 'value': nodes_t, 'left': left, 'right': tree['right_children'],
                      'defaultLeft': [int(v) for v in tree['default_left']]})
    model = {
        'version': 1, 'kind': 'xgboost-multiclass', 'features': used, 'classes': classes,
        'baseScore': float(np.float32(float(learner['learner_model_param']['base_score']))),
        'rounds': rounds, 'params': {k: v for k, v in params.items() if k != 'nthread'},
        'trainedOn': {'pages': int(is_train.sum()), 'families': sorted({p['family'] for p in pages if p['split'] == 'train'})},
        'trees': trees,
    }
    with open(args.model, 'w') as f:
        json.dump(model, f, separators=(',', ':'))
    print(f'wrote {args.model}: {len(trees)} trees, {os.path.getsize(args.model) / 1e6:.1f} MB', file=sys.stderr)
    if args.fold:
        return
    with open(os.path.join(args.data, 'split.json'), 'w') as f:
        json.dump({'calibration': [p['id'] for p in pages if p['split'] == 'train' and calibration_page(p['id'])]}, f)
    if args.check_rows:
        idx = np.flatnonzero(cal_rows if cal_rows.any() else fit_rows)
        pick = np.concatenate([idx[y[idx] != 0][:4], idx[y[idx] == 0][:2]])
        rows = X[pick]
        probs = booster.predict(xgb.DMatrix(rows, missing=np.nan))
        with open(args.check_rows, 'w') as f:
            json.dump({'features': used, 'rows': [[None if np.isnan(v) else float(v) for v in r] for r in rows],
                       'probabilities': [[float(v) for v in p] for p in probs]}, f)


if __name__ == '__main__':
    main()
