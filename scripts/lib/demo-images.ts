// Placeholder images for demo data, drawn locally with sharp from SVG (no downloads):
// one small WebP per service and variant, written under the uploads directory.
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TCatalogService } from '../../src/schemas/catalog.ts';
import { DEMO_IMAGE_VARIANTS } from './demo-data.ts';

const PALETTE = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svgFor(label: string, variant: number, colour: string): string {
  const shapes = Array.from({ length: 5 }, (_, k) => {
    const x = (k * 173 + variant * 61) % 800;
    const y = (k * 97 + variant * 43) % 600;
    return `<circle cx="${x}" cy="${y}" r="${60 + ((k * 37 + variant * 11) % 90)}" fill="#ffffff" fill-opacity="0.08"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="${colour}"/>${shapes}
  <text x="400" y="290" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>
  <text x="400" y="345" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">Project photo ${variant}</text>
</svg>`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes {uploadsDir}/demo/{service}-{n}.webp for every service; existing files are kept. */
export async function writeDemoImages(uploadsDir: string, services: TCatalogService[]): Promise<number> {
  const dir = path.join(uploadsDir, 'demo');
  await mkdir(dir, { recursive: true });
  let written = 0;
  for (const [i, service] of services.entries()) {
    for (let variant = 1; variant <= DEMO_IMAGE_VARIANTS; variant += 1) {
      const file = path.join(dir, `${service.slug}-${variant}.webp`);
      if (await exists(file)) continue;
      const colour = PALETTE[(i + variant) % PALETTE.length]!;
      await sharp(Buffer.from(svgFor(service.name, variant, colour)))
        .webp({ quality: 70 })
        .toFile(file);
      written += 1;
    }
  }
  return written;
}
