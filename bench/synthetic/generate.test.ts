import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDoc, planSet } from './generate.ts';
import { PageRenderer } from './render.ts';
import { TEMPLATES } from './templates/index.ts';

const CORE_PATHS = ['shipper.name', 'shipper.address', 'shipper.city', 'shipper.state', 'shipper.zip',
  'consignee.name', 'consignee.address', 'consignee.city', 'consignee.state', 'consignee.zip',
  'shipmentDetails.weight', 'shipmentDetails.pieces', 'shipmentDetails.commodity', 'shipmentDetails.freightClass',
  'dates.pickup', 'references.bolNumber', 'carrier.name', 'carrier.scac'];

const get = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((c, k) => (c && typeof c === 'object' ? (c as Record<string, unknown>)[k] : undefined), o);

describe('synthetic BOL generator', () => {
  let renderer: PageRenderer;
  beforeAll(async () => { renderer = await PageRenderer.launch(); });
  afterAll(async () => { await renderer?.close(); });

  it('gives the same truth for the same seed and different truth for another seed', () => {
    const a = planSet(16, 3).map((p) => p.row);
    expect(planSet(16, 3).map((p) => p.row)).toEqual(a);
    expect(planSet(16, 4).map((p) => p.row)).not.toEqual(a);
  });

  it('plans every template once in a set of as many documents, with the truth fields filled', () => {
    const plan = planSet(TEMPLATES.length, 1);
    expect(new Set(plan.map((p) => p.row.layout))).toEqual(new Set(TEMPLATES.map((t) => t.id)));
    for (const p of plan) {
      for (const path of CORE_PATHS) expect(get(p.row.truth, path), `${p.row.layout} ${path}`).toBeTruthy();
      expect(p.row.truth.dates.pickup).toMatch(/^2026-\d\d-\d\d$/);
      expect(['L', 'K']).toContain(p.row.truth.shipmentDetails.weightUnit);
    }
    expect(plan.find((p) => p.row.layout === 'handwritten')?.row.writing).toBe('handwritten');
  });

  it('draws a decodable page of plausible size for each template', async () => {
    for (const planned of planSet(TEMPLATES.length, 1)) {
      const drawn = await drawDoc(planned, renderer);
      expect(drawn.file).toMatch(new RegExp(`^${planned.name}\\.(png|jpg|tiff|webp)$`));
      const meta = await sharp(drawn.bytes).metadata();
      const long = Math.max(meta.width ?? 0, meta.height ?? 0);
      const short = Math.min(meta.width ?? 0, meta.height ?? 0);
      // A Letter page between 100 and 300 dpi (photos add a margin of background).
      expect(long, planned.row.layout).toBeGreaterThanOrEqual(1000);
      expect(long, planned.row.layout).toBeLessThanOrEqual(3600);
      expect(short / long).toBeGreaterThan(0.7);
      expect(short / long).toBeLessThan(0.85);
      if (planned.row.profile === 'fax') expect(meta.format).toBe('tiff');
    }
  }, 60_000);
});
