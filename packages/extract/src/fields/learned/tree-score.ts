import { existsSync, readFileSync } from 'node:fs';
import { calibrate, type IsotonicTable } from './calibration.ts';
import { BinaryTrees, type TreeModelJson } from './trees.ts';

/**
 * A fitted scoring model as `training/fields/fit-confidence.py` writes it: boosted trees giving a chance from a feature
 * row, and an isotonic table from that chance to the product's confidence scale (0.9 = right at least 99.5 % of the
 * time, calibration.ts).
 */
export interface TreeScoreJson {
  /** Two classes, wrong and right: the trees add up the chance of "right" (softmax of two margins is the logistic). */
  model: TreeModelJson;
  table: IsotonicTable;
  fitted?: Record<string, unknown>;
}

/** A chance from a feature row of `names`, and that chance on the product's scale. */
export class TreeScore {
  private readonly trees: BinaryTrees;
  private readonly table: IsotonicTable;

  constructor(json: TreeScoreJson, names: readonly string[], what: string) {
    this.trees = new BinaryTrees(json.model, names, what);
    this.table = json.table;
  }

  /** The chance the row's claim is right, as the trees learned it. */
  probability(row: Float64Array): number {
    return this.trees.chance(row);
  }

  /** That chance on the product's confidence scale (0.9 and above: right at least 99.5 % of the time). */
  score(row: Float64Array): number {
    return calibrate({ '*': this.table }, '*', this.probability(row));
  }
}

/** A committed model file, read once on first use; null where none is committed. */
export function committedOnce<T, J = TreeScoreJson>(path: URL, make: (json: J) => T): () => T | null {
  let loaded: T | null | undefined;
  return () => {
    if (loaded === undefined) loaded = existsSync(path) ? make(JSON.parse(readFileSync(path, 'utf8')) as J) : null;
    return loaded;
  };
}
