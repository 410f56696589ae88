/** One regression tree of a boosted model, as parallel arrays over its nodes; a node with feature -1 is a leaf. */
export interface TreeJson {
  class: number;
  feature: number[];
  /** Split threshold (go left when the value is below it), or the leaf's value. */
  value: number[];
  left: number[];
  right: number[];
  /** Where a missing value (NaN) goes: 1 left, 0 right. */
  defaultLeft: number[];
}

/** A multi-class boosted tree model as training/fields/train.py writes it. */
export interface TreeModelJson {
  version: number;
  features: string[];
  classes: string[];
  baseScore: number;
  trees: TreeJson[];
}

/**
 * Evaluates a multi-class gradient-boosted tree model (xgboost's softprob) exactly as xgboost does: values are
 * compared as 32-bit floats, NaN takes the tree's default branch, each class's leaf values are summed from the base
 * score and turned into probabilities by softmax.
 */
export class TreeModel {
  readonly classes: string[];
  readonly features: string[];
  private readonly base: number;
  private readonly trees: Array<{ cls: number; f: Int32Array; v: Float64Array; l: Int32Array; r: Int32Array; d: Uint8Array }>;

  constructor(json: TreeModelJson) {
    this.classes = json.classes;
    this.features = json.features;
    this.base = json.baseScore;
    this.trees = json.trees.map((t) => ({
      cls: t.class, f: Int32Array.from(t.feature), v: Float64Array.from(t.value), l: Int32Array.from(t.left), r: Int32Array.from(t.right), d: Uint8Array.from(t.defaultLeft),
    }));
  }

  /** Class probabilities for one row of features (in the model's own feature order). */
  predict(row: ArrayLike<number>): Float64Array {
    const margin = new Float64Array(this.classes.length).fill(this.base);
    // xgboost adds leaf values in 32-bit floats per class.
    for (const t of this.trees) {
      let n = 0;
      while (t.f[n]! >= 0) {
        const x = row[t.f[n]!]!;
        n = Number.isNaN(x) ? (t.d[n] ? t.l[n]! : t.r[n]!) : Math.fround(x) < t.v[n]! ? t.l[n]! : t.r[n]!;
      }
      margin[t.cls] = Math.fround(margin[t.cls]! + t.v[n]!);
    }
    let max = -Infinity;
    for (const m of margin) max = Math.max(max, m);
    let sum = 0;
    for (let i = 0; i < margin.length; i++) { margin[i] = Math.exp(margin[i]! - max); sum += margin[i]!; }
    for (let i = 0; i < margin.length; i++) margin[i] = margin[i]! / sum;
    return margin;
  }
}
