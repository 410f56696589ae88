// Puts the second stage (train.py's model fitted on WORK/context) into the tagger's model file, where the extractor
// reads both stages from (packages/extract/src/fields/learned/tagger.ts, `context`).
// usage: npx tsx training/fields/attach-context.ts MODEL.json CONTEXT.json
import { readFileSync, writeFileSync } from 'node:fs';
import type { TaggerJson } from '../../packages/extract/src/fields/learned/tagger.ts';
import type { TreeModelJson } from '../../packages/extract/src/fields/learned/trees.ts';

const [modelPath, contextPath] = process.argv.slice(2);
if (!modelPath || !contextPath) { console.error('usage: attach-context.ts MODEL.json CONTEXT.json'); process.exit(2); }
const model = JSON.parse(readFileSync(modelPath, 'utf8')) as TaggerJson;
const context = JSON.parse(readFileSync(contextPath, 'utf8')) as TreeModelJson & { trainedOn?: unknown };
if (JSON.stringify(context.classes) !== JSON.stringify(model.classes)) throw new Error('the two stages have different classes');
delete context.trainedOn;
model.context = context;
writeFileSync(modelPath, JSON.stringify(model));
console.error(`${modelPath}: second stage of ${context.trees.length} trees attached`);
