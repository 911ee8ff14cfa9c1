// The docs name what is there (issue 29): a server folder, an island folder, a Netlify function, a
// variable production requires or an npm script that the README and docs/architecture.md never
// mention fails here, so a newcomer reading them finds every part of the repository.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_REQUIRED } from '../../src/server/platform/config/production.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const readme = read('README.md');
const docs = readme + read('docs/architecture.md');
const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The names in `names` that `text` never mentions as `pattern(name)` says. */
const unnamed = (names: readonly string[], text: string, pattern: (name: string) => RegExp) =>
  names.filter((name) => !pattern(name).test(text));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the docs name every part of the repository', () => {
  it('every area of src/server, as "name/"', () => {
    expect(unnamed(folders('src/server'), docs, (name) => new RegExp(`\\b${escape(name)}/`))).toEqual([]);
  });

  it('every folder inside an area, as "name/"', () => {
    const inside = folders('src/server').flatMap((area) => folders(`src/server/${area}`));
    expect(inside.length).toBeGreaterThan(20);
    expect(unnamed(inside, docs, (name) => new RegExp(`\\b${escape(name)}/`))).toEqual([]);
  });

  it('every island folder, as "name/"', () => {
    expect(unnamed(folders('src/islands'), docs, (name) => new RegExp(`\\b${escape(name)}/`))).toEqual([]);
  });

  it('every Netlify function, by its name', () => {
    const functions = readdirSync(path.join(ROOT, 'netlify/functions')).map((file) =>
      file.replace(/\.m?ts$/, ''),
    );
    expect(functions.length).toBeGreaterThan(0);
    expect(unnamed(functions, docs, (name) => new RegExp(`\`${escape(name)}(\\.mts)?\``))).toEqual([]);
  });

  it('every variable production requires, in the README', () => {
    expect(unnamed(PRODUCTION_REQUIRED, readme, (name) => new RegExp(`\`${name}\``))).toEqual([]);
  });

  it('every npm script, in the README', () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    )
      // npm runs it itself after `npm install`.
      .filter((name) => name !== 'postinstall');
    const named = (name: string) =>
      new RegExp(name === 'start' || name === 'test' ? `\`npm ${name}\`` : `\`npm run ${escape(name)}\\b`);
    expect(unnamed(scripts, readme, named)).toEqual([]);
  });
});
