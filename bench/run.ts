// npm run bench [-- --install]: runs the benchmarks, prints a Markdown table and writes the
// raw figures to bench/results/<date>.json. BENCHMARKS.md records the figures by date.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminBench } from './admin.ts';
import { alertsBench } from './alerts.ts';
import { authBench } from './auth.ts';
import { billingBench } from './billing.ts';
import { buildScaleBench } from './build-scale.ts';
import { dashboardBench } from './dashboard.ts';
import { foundationBench } from './foundation.ts';
import { islandsBench } from './islands.ts';
import { lighthouseBench } from './lighthouse.ts';
import { loadBench } from './load.ts';
import { publishBench } from './publish.ts';
import { quoteBench } from './quote.ts';
import { searchBench } from './search.ts';
import { siteBench } from './site.ts';
import { typingBench } from './typing.ts';

const install = process.argv.includes('--install');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const date = new Date().toISOString().slice(0, 10);
const results = [
  ...(!only || only === 'foundation' ? await foundationBench({ install }) : []),
  ...(!only || only === 'site' ? await siteBench() : []),
  ...(!only || only === 'lighthouse' ? await lighthouseBench() : []),
  ...(only === 'lighthouse-islands' ? await lighthouseBench({ only: 'islands' }) : []),
  ...(only === 'lighthouse-profile' ? await lighthouseBench({ only: 'profile' }) : []),
  ...(only === 'lighthouse-wizard' ? await lighthouseBench({ only: 'wizard' }) : []),
  ...(!only || only === 'lighthouse-workspace' ? await lighthouseBench({ only: 'workspace' }) : []),
  ...(only === 'lighthouse-inbox' ? await lighthouseBench({ only: 'inbox' }) : []),
  ...(!only || only === 'search' ? await searchBench() : []),
  ...(!only || only === 'typing' ? await typingBench() : []),
  ...(!only || only === 'islands' ? await islandsBench() : []),
  ...(!only || only === 'auth' ? await authBench() : []),
  ...(!only || only === 'quote' ? await quoteBench() : []),
  ...(!only || only === 'alerts' ? await alertsBench() : []),
  ...(!only || only === 'dashboard' ? await dashboardBench() : []),
  ...(!only || only === 'billing' ? await billingBench() : []),
  ...(!only || only === 'publish' ? await publishBench() : []),
  ...(!only || only === 'build-scale' ? await buildScaleBench() : []),
  ...(!only || only === 'admin' ? await adminBench() : []),
  ...(!only || only === 'load' ? await loadBench() : []),
];

console.log(`\nBenchmarks ${date} (${os.cpus().length} cores, Node ${process.version})\n`);
console.log('| Measure | Value | Note |\n|---|---|---|');
for (const r of results) console.log(`| ${r.name} | ${r.value.toFixed(2)} ${r.unit} | ${r.note ?? ''} |`);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, `${date}.json`),
  JSON.stringify({ date, node: process.version, results }, null, 2),
);
