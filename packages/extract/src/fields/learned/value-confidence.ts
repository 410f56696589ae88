import { existsSync, readFileSync } from 'node:fs';
import { calibrate, type IsotonicTable } from './calibration.ts';
import { featureColumns, TreeModel, type TreeModelJson } from './trees.ts';
import { VALUE_FEATURE_NAMES } from './value-features.ts';

/**
 * The confidence model (models/field-confidence.json, fitted by training/fields/fit-confidence.py): boosted trees
 * that give the chance a reader's value is right from its feature row (value-features.ts), learned from every training
 * page read by a tagger not fitted on it, and an isotonic table from that chance to the product's confidence scale,
 * on which 0.9 stands for right at least 99.5 % of the time (calibration.ts).
 */
export interface ValueConfidenceJson {
  /** Two classes, wrong and right: the trees add up the chance of "right" (softmax of two margins is the logistic). */
  model: TreeModelJson;
  table: IsotonicTable;
  fitted?: Record<string, unknown>;
}

export const CONFIDENCE_PATH = new URL('../../../models/field-confidence.json', import.meta.url);

let loaded: ValueConfidence | null | undefined;

export class ValueConfidence {
  private readonly model: TreeModel;
  private readonly columns: number[];
  private readonly table: IsotonicTable;

  constructor(json: ValueConfidenceJson) {
    this.model = new TreeModel(json.model);
    this.columns = featureColumns(json.model.features, VALUE_FEATURE_NAMES, 'confidence model');
    this.table = json.table;
  }

  static load(path: URL | string = CONFIDENCE_PATH): ValueConfidence {
    return new ValueConfidence(JSON.parse(readFileSync(path, 'utf8')) as ValueConfidenceJson);
  }

  /** The committed model, loaded once (null where none is committed: the readers' own scores stand). */
  static committed(): ValueConfidence | null {
    if (loaded === undefined) loaded = existsSync(CONFIDENCE_PATH) ? ValueConfidence.load() : null;
    return loaded;
  }

  /** The chance the value of this feature row is right, as the trees learned it. */
  probability(row: Float64Array): number {
    return this.model.predict(this.columns.map((c) => row[c]!))[1]!;
  }

  /** The value's confidence on the product's scale (0.9 and above: right at least 99.5 % of the time). */
  score(row: Float64Array): number {
    return calibrate({ '*': this.table }, '*', this.probability(row));
  }
}
