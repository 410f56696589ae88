"""A binary xgboost model's trees as packages/extract/src/fields/learned/trees.ts reads them (every tree adds to the
margin of class 1; a leaf is a node with feature -1, its value the leaf's)."""
import json

import numpy as np


def binary_trees(booster) -> list:
    raw = json.loads(booster.save_raw('json'))
    trees = []
    for tree in raw['learner']['gradient_booster']['model']['trees']:
        left = tree['left_children']
        trees.append({'class': 1, 'feature': [(-1 if left[i] == -1 else tree['split_indices'][i]) for i in range(len(left))],
                      'value': [float(np.float32(v)) for v in tree['split_conditions']], 'left': left, 'right': tree['right_children'],
                      'defaultLeft': [int(v) for v in tree['default_left']]})
    return trees
