// Renders packages/extract/test/fixtures/handwritten-short.png: printed labels, values in a handwriting font
// (DkgHandwriting, from fonts-dkg-handwriting, which `npm run bench:extract` installs).
// usage: node bench/tools/handwritten-fixture.mjs OUT.png
import { createRequire } from 'node:module';
const sharp = createRequire(new URL('../../packages/extract/package.json', import.meta.url))('sharp');
const W = 1700, H = 1000;
const items = [
  ['BILL OF LADING - SHORT FORM', 'DejaVu Sans Bold', 60, 420, 60],
  ['Shipper', 'DejaVu Sans Bold', 34, 100, 200], ['Consignee', 'DejaVu Sans Bold', 34, 900, 200],
  ['Harbor Point Mills Inc', 'DkgHandwriting', 52, 100, 250], ['Kestrel Glassworks Ltd', 'DkgHandwriting', 52, 900, 250],
  ['4471 Canal Street', 'DkgHandwriting', 52, 100, 320], ['2290 Ridge Road', 'DkgHandwriting', 52, 900, 320],
  ['Omaha, NE 68102', 'DkgHandwriting', 52, 100, 390], ['Denver, CO 80202', 'DkgHandwriting', 52, 900, 390],
  ['B/L No.', 'DejaVu Sans', 34, 100, 520], ['SH7734019', 'DkgHandwriting', 52, 300, 510],
  ['P.O. No.', 'DejaVu Sans', 34, 900, 520], ['4518866', 'DkgHandwriting', 52, 1100, 510],
  ['Weight', 'DejaVu Sans', 34, 100, 620], ['1842 lbs', 'DkgHandwriting', 52, 300, 610],
  ['Pieces', 'DejaVu Sans', 34, 900, 620], ['14', 'DkgHandwriting', 52, 1100, 610],
  ['Description', 'DejaVu Sans', 34, 100, 720], ['Steel Shelving', 'DkgHandwriting', 52, 350, 710],
  ['Pickup date', 'DejaVu Sans', 34, 900, 720], ['04/17/2026', 'DkgHandwriting', 52, 1150, 710],
];
const comp = [];
for (const [text, font, size, left, top] of items) {
  const img = await sharp({ text: { text: `<span foreground="#1a1a40">${text}</span>`, font: `${font} ${size}px`, rgba: true, dpi: 72 } }).png().toBuffer();
  comp.push({ input: img, left, top });
}
await sharp({ create: { width: W, height: H, channels: 3, background: '#fdfdf8' } }).composite(comp).flatten({ background: '#ffffff' }).greyscale().png().toFile(process.argv[2]);
