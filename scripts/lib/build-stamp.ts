// Decides whether the site must be rebuilt: a hash of the sources' paths and modification
// times, the database URL and the database's data version, stored beside the build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './database.ts';

const INPUTS = ['src', 'public', 'content', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
const OUT_DIR = path.resolve(ROOT, process.env.ASTRO_OUT_DIR ?? 'dist');
const STAMP = path.join(OUT_DIR, '.build-stamp');

function walk(target: string, out: string[]): void {
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) walk(path.join(target, entry), out);
  } else {
    out.push(`${path.relative(ROOT, target)}:${stat.size}:${stat.mtimeMs}`);
  }
}

export function buildStamp(databaseUrl: string, dataVersion: string): string {
  const entries: string[] = [];
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    if (existsSync(full)) walk(full, entries);
  }
  return createHash('sha256')
    .update(entries.join('\n'))
    .update(databaseUrl)
    .update(dataVersion)
    .digest('hex');
}

export function buildIsCurrent(stamp: string): boolean {
  return (
    existsSync(path.join(OUT_DIR, 'server', 'entry.mjs')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === stamp
  );
}

export function writeBuildStamp(stamp: string): void {
  writeFileSync(STAMP, stamp);
}
