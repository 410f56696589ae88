import { carrierShort } from './carrier-short.ts';
import { cartaPorte } from './carta-porte.ts';
import type { Template } from './common.ts';
import { handwritten } from './handwritten.ts';
import { lettreDeVoiture } from './lettre-de-voiture.ts';
import { tableHeavy } from './table-heavy.ts';
import { twoColumn } from './two-column.ts';
import { typewriter } from './typewriter.ts';
import { vicsGrid } from './vics-grid.ts';

/** Every synthetic layout, in the order documents cycle through them. */
export const TEMPLATES: readonly Template[] = [vicsGrid, carrierShort, tableHeavy, twoColumn, lettreDeVoiture, cartaPorte, typewriter, handwritten];

export type { Template, TemplateContext } from './common.ts';
