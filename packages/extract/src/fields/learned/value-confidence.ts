import { readFileSync } from 'node:fs';
import { committedOnce, TreeScore, type TreeScoreJson } from './tree-score.ts';
import { VALUE_FEATURE_NAMES } from './value-features.ts';

/**
 * The confidence model (models/field-confidence.json, fitted by training/fields/fit-confidence.py): boosted trees
 * that give the chance a reader's value is right from its feature row (value-features.ts), learned from every training
 * page read by a tagger not fitted on it, and an isotonic table from that chance to the product's confidence scale,
 * on which 0.9 stands for right at least 99.5 % of the time (calibration.ts).
 */
export type ValueConfidenceJson = TreeScoreJson;

export const CONFIDENCE_PATH = new URL('../../../models/field-confidence.json', import.meta.url);

export class ValueConfidence extends TreeScore {
  constructor(json: ValueConfidenceJson) {
    super(json, VALUE_FEATURE_NAMES, 'confidence model');
  }

  static load(path: URL | string = CONFIDENCE_PATH): ValueConfidence {
    return new ValueConfidence(JSON.parse(readFileSync(path, 'utf8')) as ValueConfidenceJson);
  }

  /** The committed model, loaded once (null where none is committed: the readers' own scores stand). */
  static readonly committed = committedOnce(CONFIDENCE_PATH, (json) => new ValueConfidence(json));
}
