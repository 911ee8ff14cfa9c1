// The front doors hold for the .astro pages too (issue 29): dependency-cruiser (npm run lint)
// checks every .ts file of src and netlify/functions, but it cannot read an .astro page's
// frontmatter, so this reads it. A page may import platform's files and another area only
// through its index.ts (src/server/<area> or src/server/<area>/index).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'src/server');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(file);
    return entry.name.endsWith('.astro') ? [file] : [];
  });
}

/** The server files an .astro file's frontmatter imports, as paths inside src/server. */
function serverImports(file: string): string[] {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...frontmatter.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)]
    .map((match) => match[1] ?? match[2]!)
    .map((spec) =>
      spec.startsWith('~/') ? path.join(ROOT, 'src', spec.slice(2)) : path.resolve(path.dirname(file), spec),
    )
    .filter((target) => target.startsWith(SERVER + path.sep))
    .map((target) => path.relative(SERVER, target).split(path.sep).join('/'));
}

/** Through a front door: platform's files, or an area itself (its index.ts). */
const throughFrontDoor = (inServer: string) =>
  inServer.startsWith('platform/') || /^[^/]+(\/index(\.ts)?)?$/.test(inServer);

describe('the .astro pages reach the server through its front doors', () => {
  it('knows a front door from a deep import', () => {
    expect(throughFrontDoor('leads')).toBe(true);
    expect(throughFrontDoor('leads/index.ts')).toBe(true);
    expect(throughFrontDoor('platform/db/client')).toBe(true);
    expect(throughFrontDoor('leads/requests/submit-quote')).toBe(false);
    expect(throughFrontDoor('accounts/index/deeper')).toBe(false);
  });

  it('no page, layout or component imports past an area’s index.ts', () => {
    const files = astroFiles(path.join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const imports = files.flatMap((file) =>
      serverImports(file).map((inServer) => `${path.relative(ROOT, file)} -> ${inServer}`),
    );
    expect(imports.length).toBeGreaterThan(50);
    expect(imports.filter((line) => !throughFrontDoor(line.split(' -> ')[1]!))).toEqual([]);
  });
});
