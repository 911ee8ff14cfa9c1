// The web app manifest (issue 16): the fields browsers need to offer installation, and every icon
// it names present in public/ at the size it states (read with sharp), besides the apple-touch-icon
// the pages link.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const PUBLIC = path.join(import.meta.dirname, '..', '..', 'public');

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
const manifest = JSON.parse(readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
};

/** The pixel size of a file under public/. */
async function pixels(src: string): Promise<string> {
  const { width, height, format } = await sharp(path.join(PUBLIC, src)).metadata();
  return `${width}x${height} ${format}`;
}

describe('the web app manifest', () => {
  it('names the app, opens standalone at the site root, in the site colours', () => {
    expect(manifest.name).toBe('Dayton Contractors');
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    const layout = readFileSync(path.join(PUBLIC, '..', 'src', 'layouts', 'BaseLayout.astro'), 'utf8');
    expect(layout).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8')).toContain(
      `fill="${manifest.theme_color}"`,
    );
    expect(manifest.background_color).toBe('#ffffff');
    expect(layout).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('has 192 and 512 pixel PNG icons and a maskable one', () => {
    const any = manifest.icons.filter((i) => (i.purpose ?? 'any').split(' ').includes('any'));
    expect(any.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    for (const icon of manifest.icons) expect(icon.type).toBe('image/png');
  });

  it('names only icon files that exist, each of the size it states', async () => {
    for (const icon of manifest.icons) {
      expect(existsSync(path.join(PUBLIC, icon.src)), icon.src).toBe(true);
      expect(await pixels(icon.src), icon.src).toBe(`${icon.sizes} png`);
    }
  });

  it('has the 180 pixel apple-touch-icon the pages link', async () => {
    const layout = readFileSync(path.join(PUBLIC, '..', 'src', 'layouts', 'BaseLayout.astro'), 'utf8');
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(layout)?.[1];
    expect(href).toBe('/icons/apple-touch-icon.png');
    expect(await pixels(href!)).toBe('180x180 png');
  });
});
