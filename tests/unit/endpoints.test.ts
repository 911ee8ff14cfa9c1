// Every endpoint under src/pages/api goes through the one wrapper (src/server/platform/route.ts), so its
// auth check, parsing and error answers are the same everywhere.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.join(import.meta.dirname, '../../src/pages/api');
const files = readdirSync(API, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
const METHOD = /export const (GET|POST|PUT|PATCH|DELETE|ALL)\b([^=]*)=\s*(\w+)/g;

describe.each(files)('src/pages/api/%s', (file) => {
  const source = readFileSync(path.join(API, file), 'utf8');

  it('exports its methods through route(), and no method any other way', () => {
    const methods = [...source.matchAll(METHOD)];
    expect(methods.length).toBeGreaterThan(0);
    for (const [, method, , wrapper] of methods) expect(`${method} = ${wrapper}`).toBe(`${method} = route`);
    // A handler exported as a function, or re-exported under a method's name, bypasses the wrapper.
    expect(source).not.toMatch(/export\s+(async\s+)?function\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/);
    expect(source).not.toMatch(/export\s*\{[^}]*\b(GET|POST|PUT|PATCH|DELETE|ALL)\b[^}]*\}/);
  });

  it('trusts the wrapper for the user instead of asserting one', () => {
    expect(source).not.toMatch(/locals\.user!/);
  });
});
