// npm run icons: the app's PNG icons (public/icons/), drawn from public/favicon.svg with sharp,
// in the sizes public/manifest.webmanifest names: 192 and 512 ("any": the favicon as it is, with
// its rounded corners), 512 maskable (the house on a full-bleed square, inside the middle 60% that
// every mask keeps) and Apple's 180 touch icon (full bleed too: iOS rounds the corners itself).
// The PNGs are committed; run this after changing the favicon. A test checks each file's size.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib/database.ts';

const BRAND = '#1d4ed8';
const svg = readFileSync(path.join(ROOT, 'public', 'favicon.svg'));
const out = (name: string) => path.join(ROOT, 'public', 'icons', name);

/** The favicon drawn at `size` pixels, corners and all. */
const plain = (size: number) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png();

/** The favicon's house at `share` of a full-bleed brand square of `size` pixels. */
async function fullBleed(size: number, share: number) {
  const inner = Math.round(size * share);
  const house = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: house, gravity: 'centre' }])
    .png();
}

await plain(192).toFile(out('icon-192.png'));
await plain(512).toFile(out('icon-512.png'));
await (await fullBleed(512, 0.6)).toFile(out('icon-maskable-512.png'));
await (await fullBleed(180, 0.8)).flatten({ background: BRAND }).toFile(out('apple-touch-icon.png'));
console.log('Wrote public/icons/: icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png');
