// npm run bench [-- --install]: runs the benchmarks, prints a Markdown table and writes the
// raw figures to bench/results/<date>.json. BENCHMARKS.md records the figures by date.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foundationBench } from './foundation.ts';

const install = process.argv.includes('--install');
const date = new Date().toISOString().slice(0, 10);
const results = await foundationBench({ install });

console.log(`\nBenchmarks ${date} (${os.cpus().length} cores, Node ${process.version})\n`);
console.log('| Measure | Value | Note |\n|---|---|---|');
for (const r of results) console.log(`| ${r.name} | ${r.value.toFixed(2)} ${r.unit} | ${r.note ?? ''} |`);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, `${date}.json`),
  JSON.stringify({ date, node: process.version, results }, null, 2),
);
