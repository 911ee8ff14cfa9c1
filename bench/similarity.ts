// Text similarity of the city-service pages: each page's visible <main> text as a set of
// 5-word shingles; for every pair, the Jaccard index |A∩B|/|A∪B| and the containment
// |A∩B|/min(|A|,|B|). Budget: no pair above 0.60. Usage: tsx bench/similarity.ts DIST_CLIENT_DIR
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SHINGLE = 5;

function visibleMainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? html;
  return main
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9$.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shingles(text: string, size = SHINGLE): Set<string> {
  const words = text.split(' ').filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + size <= words.length; i += 1) out.add(words.slice(i, i + size).join(' '));
  return out;
}

export interface SimilarityReport {
  pages: number;
  pairs: number;
  maxJaccard: { value: number; a: string; b: string };
  maxContainment: { value: number; a: string; b: string };
  over60Jaccard: number;
  over60Containment: number;
}

export function similarity(pages: { name: string; html: string }[]): SimilarityReport {
  const sets = pages.map((p) => shingles(visibleMainText(p.html)));
  // Inverted index: shingle -> pages holding it; count shared shingles per pair.
  const index = new Map<string, number[]>();
  sets.forEach((set, i) => {
    for (const s of set) {
      const list = index.get(s);
      if (list) list.push(i);
      else index.set(s, [i]);
    }
  });
  const shared = new Map<number, number>();
  const n = pages.length;
  for (const list of index.values()) {
    for (let x = 0; x < list.length; x += 1) {
      for (let y = x + 1; y < list.length; y += 1) {
        const key = list[x]! * n + list[y]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  const report: SimilarityReport = {
    pages: n,
    pairs: (n * (n - 1)) / 2,
    maxJaccard: { value: 0, a: '', b: '' },
    maxContainment: { value: 0, a: '', b: '' },
    over60Jaccard: 0,
    over60Containment: 0,
  };
  for (const [key, common] of shared) {
    const i = Math.floor(key / n);
    const j = key % n;
    const a = sets[i]!.size;
    const b = sets[j]!.size;
    const jaccard = common / (a + b - common);
    const containment = common / Math.min(a, b);
    if (jaccard > 0.6) report.over60Jaccard += 1;
    if (containment > 0.6) report.over60Containment += 1;
    if (jaccard > report.maxJaccard.value)
      report.maxJaccard = { value: jaccard, a: pages[i]!.name, b: pages[j]!.name };
    if (containment > report.maxContainment.value) {
      report.maxContainment = { value: containment, a: pages[i]!.name, b: pages[j]!.name };
    }
  }
  return report;
}

export function cityServicePages(clientDir: string): { name: string; html: string }[] {
  return readdirSync(clientDir)
    .filter((f) => f.endsWith('-ohio.html'))
    .map((f) => ({ name: f.replace(/\.html$/, ''), html: readFileSync(path.join(clientDir, f), 'utf8') }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx bench/similarity.ts DIST_CLIENT_DIR');
  console.log(JSON.stringify(similarity(cityServicePages(dir)), null, 2));
}
