#!/usr/bin/python3
"""Fits the confidence model: the chance a reader's value of a field is right, from the out-of-fold value rows
(oof-values.ts: every training page read by a tagger fitted without it), then an isotonic table from that chance to
the product's confidence scale (0.9 = right at least 99.5 % of the time at the lower 95 % bound, as calibration.ts).

Figures are nested by fold: the values of each fold are scored by trees and a table fitted on the other folds only, so
the precision and coverage printed for the training families are out of sample for the confidence model too.

usage: /usr/bin/python3 training/fields/fit-confidence.py WORK/folds OUT.json [--kind absence] [--drop NAME ...] [--depth D] [--rounds N]
  --kind absence  fits the absence model instead (oof-absence.ts rows: each core field the combined reader left empty,
                  and whether the bill truly lacks it), the same trees and table
  --drop  leave out the features of these names (or, ending in '.', of this prefix): what a feature adds, on the same rows
"""
import argparse
import glob
import json
import math
import os
import sys
import time

import numpy as np
import xgboost as xgb

from xgb_binary import binary_trees

TRUSTED_SHARE = 0.995
PARAMS = {
    'objective': 'binary:logistic', 'max_depth': 5, 'eta': 0.05, 'subsample': 0.8, 'colsample_bytree': 0.8,
    'min_child_weight': 5, 'tree_method': 'hist', 'nthread': 1, 'seed': 0, 'base_score': 0.5, 'eval_metric': 'logloss',
}
ROUNDS = 600
CORE = {
    'Shipper.Name', 'Shipper.Address', 'Shipper.City', 'Shipper.State', 'Shipper.Zip',
    'Consignee.Name', 'Consignee.Address', 'Consignee.City', 'Consignee.State', 'Consignee.Zip',
    'ShipmentDetails.Weight', 'ShipmentDetails.Pieces', 'ShipmentDetails.Commodity', 'ShipmentDetails.FreightClass',
    'Dates.Pickup', 'Dates.Delivery', 'References.BolNumber', 'References.PoNumber', 'References.OrderNumber',
}


def confidence_of(right: float, n: float) -> float:
    """calibration.ts confidenceOf: the share right at its lower 95 % (Wilson) bound, 0.9 placed at TRUSTED_SHARE."""
    if not n:
        return 0.0
    z, p = 1.645, right / n
    lower = (p + z * z / (2 * n) - z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return 0.9 * lower / TRUSTED_SHARE if lower < TRUSTED_SHARE else 0.9 + 0.1 * (lower - TRUSTED_SHARE) / (1 - TRUSTED_SHARE)


def fit_isotonic(p: np.ndarray, right: np.ndarray) -> dict:
    """calibration.ts fitIsotonic (equal scores one block): pooled adjacent violators, each block's confidence, and a
    block earning 0.9 or more where all values from it upwards together keep the 0.9 promise."""
    order = np.argsort(p, kind='stable')
    blocks = []  # [x, sum, n]
    for i in order:
        x, r = float(p[i]), float(right[i])
        if blocks and blocks[-1][0] == x:
            blocks[-1][1] += r
            blocks[-1][2] += 1
        else:
            blocks.append([x, r, 1.0])
        while len(blocks) > 1 and blocks[-1][1] / blocks[-1][2] <= blocks[-2][1] / blocks[-2][2]:
            b = blocks.pop()
            blocks[-1][1] += b[1]
            blocks[-1][2] += b[2]
    tail = [0.0] * len(blocks)
    r = n = 0.0
    for i in range(len(blocks) - 1, -1, -1):
        r += blocks[i][1]
        n += blocks[i][2]
        tail[i] = confidence_of(r, n)
    floor, y = 0.0, []
    for i, b in enumerate(blocks):
        floor = max(floor, confidence_of(b[1], b[2]), tail[i] if tail[i] >= 0.9 else 0.0)
        y.append(round(floor, 4))
    return {'x': [float(np.float32(b[0])) for b in blocks], 'y': y, 'n': int(len(p))}


def apply_table(t: dict, p: np.ndarray) -> np.ndarray:
    x = np.array(t['x'])
    i = np.searchsorted(x, p, side='right') - 1
    return np.array(t['y'])[np.clip(i, 0, len(x) - 1)]


def fit(X, y, params, rounds):
    return xgb.train(params, xgb.DMatrix(X, label=y, missing=np.nan), num_boost_round=rounds)


def predict(b, X):
    return b.predict(xgb.DMatrix(X, missing=np.nan))


def curve(name, conf, right, core_slots, thresholds=(0.5, 0.7, 0.8, 0.9, 0.95)):
    parts = []
    for t in thresholds:
        m = conf >= t
        parts.append(f'>={t}: {100 * right[m].mean() if m.any() else float("nan"):.2f} % @ {100 * m.sum() / core_slots:.1f} %')
    print(f'  {name}: ' + '; '.join(parts), file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument('folds')
    ap.add_argument('out')
    ap.add_argument('--kind', choices=['values', 'absence'], default='values')
    ap.add_argument('--drop', nargs='*', default=[])
    ap.add_argument('--depth', type=int, default=PARAMS['max_depth'])
    ap.add_argument('--rounds', type=int, default=ROUNDS)
    args = ap.parse_args()
    params = {**PARAMS, 'max_depth': args.depth}
    train = lambda X_, y_: fit(X_, y_, params, args.rounds)
    absence = args.kind == 'absence'
    names = json.load(open(os.path.join(args.folds, 'absence-features.json' if absence else 'features.json')))
    rows = []
    for path in sorted(glob.glob(os.path.join(args.folds, 'absent-*.jsonl' if absence else 'values-*.jsonl'))):
        rows += [json.loads(l) for l in open(path) if l.strip()]
    X = np.array([[np.nan if v is None else v for v in r['x']] for r in rows], dtype=np.float32)
    dropped = lambda n: any(n == d or (d.endswith('.') and n.startswith(d)) for d in args.drop)
    keep = [i for i, n in enumerate(names) if not dropped(n)]
    X, names = X[:, keep], [names[i] for i in keep]
    y = np.array([r['right'] for r in rows], dtype=np.float32)
    fold = np.array([r['fold'] for r in rows])
    folds = sorted(set(fold.tolist()))
    pages = {r['page'] for r in rows}
    print(f'{len(rows)} values ({int(y.sum())} right) on {len(pages)} pages, folds {folds}, {len(names)} features', file=sys.stderr)
    t0 = time.time()

    # Nested by fold: the outer fold's values scored by trees fitted without it, through a table fitted on the inner
    # folds' own out-of-fold chances (never on the outer fold).
    outer_p = np.zeros(len(y))
    nested_conf = np.zeros(len(y))
    for k in folds:
        test = fold == k
        b = train(X[~test], y[~test])
        outer_p[test] = predict(b, X[test])
        inner_p = np.zeros(len(y))
        for j in folds:
            if j == k:
                continue
            inner = fold == j
            inner_p[inner] = predict(train(X[~test & ~inner], y[~test & ~inner]), X[inner])
        table = fit_isotonic(inner_p[~test], y[~test])
        nested_conf[test] = apply_table(table, outer_p[test])
        print(f'  fold {k}: {int(test.sum())} values, {time.time() - t0:.0f} s', file=sys.stderr)

    final = train(X, y)
    table = fit_isotonic(outer_p, y)

    slots = 19 * len(pages)
    if absence:
        print('training families, out of fold (nested): empty core fields truly absent, precision @ coverage of core fields', file=sys.stderr)
        curve('absence model', nested_conf, y.astype(bool), slots)
        curve('every empty field', np.ones(len(y)), y.astype(bool), slots, thresholds=(1.0,))
    else:
        figures(rows, X, y, names, nested_conf, outer_p, slots)
    save(args, final, table, rows, X, y, names, params, pages, t0)


def figures(rows, X, y, names, nested_conf, outer_p, slots) -> None:
    # Figures over the values the combined and the learned readers give, core fields, per 19 core slots a page.
    core = np.array([r['field'] in CORE for r in rows])
    combined = np.array([r['combined'] for r in rows])
    learned = np.array([r['learned'] for r in rows])
    col = {n: i for i, n in enumerate(names)}
    old = np.where(X[:, col['reader.tagger']] == 1, X[:, col['tagger.conf']], X[:, col['rules.score']])
    old = np.where((X[:, col['other.has']] == 1) & (X[:, col['agree']] == 0), np.minimum(old, 0.85), old)
    print('training families, out of fold (nested): precision @ coverage of core fields scored at or above', file=sys.stderr)
    for name, m, conf in [('combined, readers\' own scores', combined & core, old), ('combined, confidence model', combined & core, nested_conf),
                          ('learned, tagger\'s own score', learned & core, np.where(learned, X[:, col['tagger.conf']], 0)),
                          ('learned, confidence model', learned & core, nested_conf)]:
        curve(name, conf[m], y[m].astype(bool), slots)
    # The chooser the same chances make: per page and field, the reader whose value is likelier right.
    by = {}
    for i, r in enumerate(rows):
        by.setdefault((r['page'], r['field']), []).append(i)
    gain = flips = 0
    for ids in by.values():
        if len(ids) < 2 or not any(combined[i] for i in ids):
            continue
        best = max(ids, key=lambda i: outer_p[i])
        cur = next(i for i in ids if combined[i])
        if best != cur and rows[best]['field'] in CORE:
            flips += 1
            gain += int(y[best]) - int(y[cur])
    print(f'chooser by the chance right (nested), core fields: {flips} fields change reader, {gain:+d} right values '
          f'({100 * gain / slots:+.2f} points of core accuracy)', file=sys.stderr)


def save(args, final, table, rows, X, y, names, params, pages, t0) -> None:
    trees = binary_trees(final)
    pick = np.concatenate([np.flatnonzero(y == 1)[:3], np.flatnonzero(y == 0)[:3]])
    check = {'rows': [[None if np.isnan(v) else float(v) for v in X[i]] for i in pick], 'probabilities': [float(v) for v in predict(final, X[pick])]}
    model = {
        # Margin 0 for both classes: base_score 0.5 is a margin of 0, and softmax over (0, margin) is the logistic.
        'model': {'version': 1, 'kind': 'xgboost-binary', 'features': names, 'classes': ['wrong', 'right'], 'baseScore': 0.0, 'trees': trees},
        'table': table,
        'fitted': {'values': len(rows), 'right': int(y.sum()), 'pages': len(pages), 'rounds': args.rounds,
                   'params': {k: v for k, v in params.items() if k != 'nthread'}, 'check': check},
    }
    with open(args.out, 'w') as f:
        json.dump(model, f, separators=(',', ':'))
    print(f'wrote {args.out}: {len(trees)} trees, {os.path.getsize(args.out) / 1e3:.0f} kB, table of {len(table["x"])} blocks, '
          f'{time.time() - t0:.0f} s', file=sys.stderr)


if __name__ == '__main__':
    main()
