import type { BolDoc } from '../data.ts';
import { esc } from '../format.ts';
import type { Rng } from '../random.ts';

/** What a template gets besides the data: randomness for looks and, when filled in by hand, the handwriting font. */
export interface TemplateContext {
  rng: Rng;
  /** CSS font-family for filled-in values when the form is completed by hand, else null. */
  hand: string | null;
  /** Ink colour for handwritten values. */
  ink: string;
}

/** One synthetic form layout. */
export interface Template {
  id: string;
  lang: BolDoc['lang'];
  /** How often the values are handwritten: 1 = always, 0 = never. */
  handChance: number;
  render(doc: BolDoc, ctx: TemplateContext): string;
}

/** Page size in CSS pixels (US Letter at 96 px per inch). */
export const PAGE = { width: 816, height: 1056 } as const;

/** A filled-in value: typed as-is, or handwritten with a little wobble. */
export function val(text: string | number | null | undefined, ctx: TemplateContext, extra = ''): string {
  const s = esc(text);
  if (!ctx.hand || !s) return `<span class="v" ${extra}>${s}</span>`;
  const rot = ctx.rng.float(-2.5, 2.5).toFixed(2);
  const dy = ctx.rng.float(-2, 2).toFixed(1);
  const size = ctx.rng.float(15, 19).toFixed(1);
  // A thin stroke thickens light faces (Breip) to a ballpoint's line.
  const pen = ctx.rng.float(0.2, 0.6).toFixed(2);
  return `<span class="v hw" style="font-family:${ctx.hand};color:${ctx.ink};-webkit-text-stroke:${pen}px ${ctx.ink};font-size:${size}px;line-height:1;display:inline-block;white-space:nowrap;transform:translate(0,${dy}px) rotate(${rot}deg)" ${extra}>${s}</span>`;
}

/** A whole HTML page with the shared reset and the template's CSS. */
export function page(css: string, body: string, bodyFont = "'Liberation Sans', 'DejaVu Sans', sans-serif"): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:${PAGE.width}px;height:${PAGE.height}px;background:#fff;color:#111;font-family:${bodyFont};font-size:12px;overflow:hidden}
svg{display:block}
table{border-collapse:collapse}
${css}
</style></head><body>${body}</body></html>`;
}
