import type { Lang } from './lexicon.ts';
import type { DateOrder, Trade } from './world.ts';

/** How sections are placed on the page. */
export type Arrangement = 'grid' | 'columns' | 'stacked';
/** Where a value's label stands: before it on the line, on the line above, as a caption inside its box, or nowhere. */
export type LabelPosition = 'left' | 'above' | 'inside' | 'none';

/** A genre of bill of lading: what varies freely within it and what it keeps. */
export interface Family {
  id: string;
  lang: Lang;
  /** Chance that labels carry a second language ("Shipper / Expéditeur"). */
  bilingual: number;
  /** The second language of bilingual labels, when the genre has one. */
  second?: Lang;
  /** A language half the genre's pages are written in instead (Québec forms in French first). */
  altLang?: Lang;
  trade: Trade;
  dateOrder: DateOrder;
  arrangements: Arrangement[];
  labelPositions: LabelPosition[];
  /** Chance that the values are filled in by hand. */
  handChance: number;
  /** Page titles the genre uses. */
  titles: string[];
  /** Sections only this genre prints (ocean routing, CMR numbered boxes, carta porte tax ids). */
  extras: Array<'ocean' | 'cmr' | 'cartaPorte' | 'proBanner'>;
  /** Everything typed on one machine: monospace, no ruled boxes. */
  typewriter?: boolean;
}

const ALL_POS: LabelPosition[] = ['left', 'above', 'inside', 'none'];

/** Families generated for training and evaluation. */
export const FAMILIES: readonly Family[] = [
  { id: 'vics', lang: 'en', bilingual: 0.05, trade: 'domestic-us', dateOrder: 'us', arrangements: ['grid', 'grid', 'columns'], labelPositions: ALL_POS, handChance: 0.15,
    titles: ['BILL OF LADING', 'STRAIGHT BILL OF LADING - SHORT FORM', 'VICS BILL OF LADING', 'UNIFORM STRAIGHT BILL OF LADING'], extras: [] },
  { id: 'carrier-pro', lang: 'en', bilingual: 0.05, trade: 'north-america', dateOrder: 'us', arrangements: ['grid', 'columns', 'stacked'], labelPositions: ALL_POS, handChance: 0.2,
    titles: ['STRAIGHT BILL OF LADING', 'BILL OF LADING', 'FREIGHT BILL', 'PRO BILL OF LADING'], extras: ['proBanner'] },
  { id: 'ltl-short', lang: 'en', bilingual: 0.05, trade: 'domestic-us', dateOrder: 'us', arrangements: ['stacked', 'columns'], labelPositions: ['left', 'left', 'above', 'none'], handChance: 0.3,
    titles: ['SHORT FORM BILL OF LADING', 'BOL', 'LTL BILL OF LADING', 'PICKUP RECEIPT'], extras: [] },
  { id: 'ocean', lang: 'en', bilingual: 0.05, trade: 'ocean', dateOrder: 'dayfirst', arrangements: ['grid', 'columns'], labelPositions: ['above', 'inside', 'inside', 'left'], handChance: 0.05,
    titles: ['BILL OF LADING', 'OCEAN BILL OF LADING', 'COMBINED TRANSPORT BILL OF LADING', 'INTERMODAL BILL OF LADING', 'NON-NEGOTIABLE SEA WAYBILL'], extras: ['ocean'] },
  { id: 'carta-porte', lang: 'es', bilingual: 0.15, trade: 'mexico', dateOrder: 'dayfirst', arrangements: ['grid', 'columns', 'stacked'], labelPositions: ALL_POS, handChance: 0.25,
    titles: ['CARTA PORTE', 'TALÓN DE EMBARQUE', 'CARTA DE PORTE - TRASLADO', 'GUÍA DE EMBARQUE'], extras: ['cartaPorte'] },
  { id: 'canada-bilingual', lang: 'en', bilingual: 0.85, second: 'fr', altLang: 'fr', trade: 'canada', dateOrder: 'dayfirst', arrangements: ['grid', 'columns', 'stacked'], labelPositions: ALL_POS, handChance: 0.15,
    titles: ['BILL OF LADING / CONNAISSEMENT', 'CONNAISSEMENT / BILL OF LADING', 'STRAIGHT BILL OF LADING - CONNAISSEMENT A PERSONNE DENOMMEE'], extras: [] },
  { id: 'warehouse', lang: 'en', bilingual: 0.05, trade: 'north-america', dateOrder: 'us', arrangements: ['columns', 'stacked'], labelPositions: ['left', 'above', 'none'], handChance: 0.1,
    titles: ['SHIPPING ORDER', 'PACKING LIST / BILL OF LADING', 'DELIVERY RECEIPT', 'SHIPPER\'S BILL OF LADING'], extras: [] },
  { id: 'cmr', lang: 'fr', bilingual: 0.3, trade: 'europe', dateOrder: 'dayfirst', arrangements: ['grid'], labelPositions: ['inside'], handChance: 0.2,
    titles: ['LETTRE DE VOITURE INTERNATIONALE CMR', 'LETTRE DE VOITURE', 'CMR'], extras: ['cmr'] },
  { id: 'typewriter', lang: 'en', bilingual: 0.05, trade: 'north-america', dateOrder: 'us', arrangements: ['stacked'], labelPositions: ['left', 'left', 'above'], handChance: 0,
    titles: ['BILL OF LADING', 'STRAIGHT BILL OF LADING', 'SHIPPING ORDER'], extras: [], typewriter: true },
  { id: 'handwritten', lang: 'en', bilingual: 0.1, trade: 'north-america', dateOrder: 'us', arrangements: ['grid', 'columns'], labelPositions: ['left', 'above', 'inside'], handChance: 1,
    titles: ['BILL OF LADING', 'STRAIGHT BILL OF LADING - SHORT FORM', 'RECEIPT FOR GOODS'], extras: [] },
];

/**
 * Families kept out of training entirely, for evaluation only. Nobody writes rules from, inspects, or trains on pages
 * of these families: they stand for layouts the product has never met. Change this list only between rounds, and
 * then report the figures of the old and the new held-out families apart.
 */
export const HELDOUT_FAMILIES: readonly string[] = ['cmr', 'typewriter', 'handwritten'];

/** Which side of the train/evaluation line a family stands on. */
export type Split = 'train' | 'heldout';

/** The split of a family. */
export function splitOf(familyId: string): Split {
  return HELDOUT_FAMILIES.includes(familyId) ? 'heldout' : 'train';
}

/** Which families a set is drawn from. */
export type FamilySelection = Split | 'all';

/** The families of a selection, in their fixed order. */
export function familiesOf(selection: FamilySelection): Family[] {
  return FAMILIES.filter((f) => selection === 'all' || splitOf(f.id) === selection);
}

/** The family with this id. */
export function familyById(id: string): Family {
  const f = FAMILIES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown layout family "${id}"`);
  return f;
}
