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

/** Two-class trees read as one chance (of the second class) from rows of the named features the code computes. */
export class BinaryTrees {
  private readonly model: TreeModel;
  private readonly columns: number[];

  constructor(json: TreeModelJson, computed: readonly string[], what: string) {
    this.model = new TreeModel(json);
    this.columns = featureColumns(json.features, computed, what);
  }

  chance(row: ArrayLike<number>): number {
    return this.model.predict(this.columns.map((c) => row[c]!))[1]!;
  }
}

/**
 * Where each of a model's features sits in the rows the code computes. The model names its features: one the code no
 * longer computes is an error here, never a silent shift of every column after it.
 */
export function featureColumns(modelFeatures: readonly string[], computed: readonly string[], model: string): number[] {
  return modelFeatures.map((n) => {
    const i = computed.indexOf(n);
    if (i < 0) throw new Error(`The ${model} uses a feature this code does not compute: ${n}`);
    return i;
  });
}

/** A model's probabilities for rows the code computed (`columns`, from `featureColumns`, picks the model's features). */
export function predictRows(model: TreeModel, columns: number[], rows: ArrayLike<number>[]): Float64Array[] {
  const m = columns.length;
  const matrix = new Float32Array(rows.length * m);
  rows.forEach((r, k) => columns.forEach((c, i) => { matrix[k * m + i] = r[c]!; }));
  return model.predictMatrix(matrix, rows.length);
}

/**
 * Evaluates a multi-class gradient-boosted tree model (xgboost's softprob) exactly as xgboost does: values are
 * compared as 32-bit floats, NaN takes the tree's default branch, each class's leaf values are summed from the base
 * score and turned into probabilities by softmax.
 *
 * Every tree's nodes live in one set of flat typed arrays (child indices absolute), and a row is rounded to 32-bit
 * floats once rather than at each node: a page's words walk thousands of trees, so memory locality is the cost.
 */
export class TreeModel {
  readonly classes: string[];
  readonly features: string[];
  private readonly base: number;
  private readonly roots: Int32Array;
  private readonly cls: Int32Array;
  private readonly feature: Int32Array;
  private readonly value: Float32Array;
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly defaultLeft: Uint8Array;
  private readonly row: Float32Array;

  constructor(json: TreeModelJson) {
    this.classes = json.classes;
    this.features = json.features;
    this.base = json.baseScore;
    const nodes = json.trees.reduce((n, t) => n + t.feature.length, 0);
    this.roots = new Int32Array(json.trees.length);
    this.cls = new Int32Array(json.trees.length);
    this.feature = new Int32Array(nodes);
    this.value = new Float32Array(nodes);
    this.left = new Int32Array(nodes);
    this.right = new Int32Array(nodes);
    this.defaultLeft = new Uint8Array(nodes);
    let at = 0;
    json.trees.forEach((t, i) => {
      this.roots[i] = at;
      this.cls[i] = t.class;
      for (let n = 0; n < t.feature.length; n++) {
        this.feature[at + n] = t.feature[n]!;
        this.value[at + n] = t.value[n]!;
        this.left[at + n] = at + t.left[n]!;
        this.right[at + n] = at + t.right[n]!;
        this.defaultLeft[at + n] = t.defaultLeft[n]!;
      }
      at += t.feature.length;
    });
    this.row = new Float32Array(json.features.length);
  }

  /** Class probabilities for one row of features (in the model's own feature order). */
  predict(values: ArrayLike<number>): Float64Array {
    const row = this.row;
    for (let i = 0; i < row.length; i++) row[i] = values[i]!;
    return this.predictMatrix(row, 1)[0]!;
  }

  /**
   * Class probabilities for `count` rows laid one after another in `matrix` (each in the model's feature order). The
   * trees are walked one at a time over every row, so a tree's nodes stay in cache while the rows pass through it; a
   * class's leaf values are still added in tree order, so the sums are those of one row at a time.
   */
  predictMatrix(matrix: Float32Array, count: number): Float64Array[] {
    const { feature, value, left, right, defaultLeft, roots, cls } = this;
    const m = this.features.length, k = this.classes.length;
    const margin = new Float64Array(count * k).fill(this.base);
    for (let t = 0; t < roots.length; t++) {
      const root = roots[t]!, c = cls[t]!;
      for (let r = 0, at = 0; r < count; r++, at += m) {
        let n = root;
        while (feature[n]! >= 0) {
          const x = matrix[at + feature[n]!]!;
          // NaN compares false both ways: it takes the node's default branch.
          n = x !== x ? (defaultLeft[n] ? left[n]! : right[n]!) : x < value[n]! ? left[n]! : right[n]!;
        }
        // xgboost adds leaf values in 32-bit floats per class.
        margin[r * k + c] = Math.fround(margin[r * k + c]! + value[n]!);
      }
    }
    const out: Float64Array[] = [];
    for (let r = 0; r < count; r++) {
      const p = margin.subarray(r * k, (r + 1) * k);
      let max = -Infinity;
      for (const v of p) max = Math.max(max, v);
      let sum = 0;
      for (let i = 0; i < k; i++) { p[i] = Math.exp(p[i]! - max); sum += p[i]!; }
      for (let i = 0; i < k; i++) p[i] = p[i]! / sum;
      out.push(p);
    }
    return out;
  }
}
