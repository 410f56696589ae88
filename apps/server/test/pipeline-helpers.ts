/** Test helpers for the pipeline: multipart bodies, uploads, waiting on jobs, rendered text images. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
/** A real scanned bill of lading from the dev set (d010, a clean VICS form). */
export const BOL_JPEG = readFileSync(fileURLToPath(new URL('./fixtures/bol-d010.jpg', import.meta.url)));

export interface Part { name: string; filename?: string; contentType?: string; data: Buffer | string }

/** Builds a multipart/form-data body by hand, so tests control every byte (hostile names, broken framing). */
export function multipart(parts: Part[], boundary = `----lw${randomUUID().replace(/-/g, '')}`): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined
      ? `form-data; name="${p.name}"; filename="${p.filename.replace(/"/g, '%22')}"`
      : `form-data; name="${p.name}"`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads files (+ optional ID fields) through the real route; returns the HTTP response. */
export async function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  files: { filename: string; data: Buffer; contentType?: string }[],
  fields: Record<string, string> = { EdiSenderId: 'SENDER1', EdiReceiverId: 'RECEIVER1' },
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    ...files.map((f) => ({ name: 'Files', filename: f.filename, contentType: f.contentType ?? 'image/jpeg', data: f.data })),
  ]);
  return app.inject({ method: 'POST', url: '/api/upload/process-images', headers: { ...auth, ...body.headers }, payload: body.payload });
}

/** Polls `check` until it returns a value other than undefined, or fails at the deadline. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A small black-on-white image with printed lines of text (fast for real OCR). */
export async function textImage(lines: string[], format: 'png' | 'jpeg' | 'webp' | 'tiff' = 'png', width = 640): Promise<Buffer> {
  const lineHeight = 34;
  // At least 300 pixels high: the extractor turns away images under 200 pixels a side as unreadable scans.
  const height = Math.max(300, 40 + lines.length * lineHeight);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    ${lines.map((l, i) => `<text x="20" y="${44 + i * lineHeight}" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#000">${esc(l)}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** Sets the tenant's review policy through the settings API (explicit in every test that depends on it). */
export async function setReviewPolicy(app: FastifyInstance, auth: Record<string, string>, reviewPolicy: 'always' | 'when-unsure' | 'never'): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: '/api/admin/user/settings', headers: auth, payload: { reviewPolicy } });
  if (res.statusCode !== 200) throw new Error(`setting the review policy answered ${res.statusCode}: ${res.body}`);
}

/** A typed bill of lading as a text image: real OCR reads its parties, carrier, BOL number and totals in a few seconds. */
export function typedBol(bol = '4471902'): Promise<Buffer> {
  return textImage([
    'STRAIGHT BILL OF LADING', `BOL NUMBER: ${bol}`, 'SHIP FROM: ACME FREIGHT INC', '120 MAIN ST', 'DAYTON, OH 45402',
    'SHIP TO: BETA FOODS LLC', '55 HARBOR DR', 'TOLEDO, OH 43604', 'CARRIER: OLD DOMINION   SCAC: ODFL', 'TOTAL WEIGHT: 1200 LBS   PIECES: 10',
  ], 'png', 900);
}

/** A multi-page TIFF of the given images (same size), as a fax or a scanner writes it. */
export async function multiPageTiff(pages: Buffer[]): Promise<Buffer> {
  const raws = await Promise.all(pages.map((p) => sharp(p).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width, height, channels } = raws[0]!.info;
  return sharp(Buffer.concat(raws.map((r) => r.data)), { raw: { width, height: height * pages.length, channels, pageHeight: height } }).tiff().toBuffer();
}
