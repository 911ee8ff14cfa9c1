// Foundation benchmarks: cold and warm `npm start` to the first 200, a full site build, the
// Netlify function size, and (with --install) `npm install` on a fresh clone.
import { spawn, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../scripts/lib/embedded-db.ts';
import { ROOT } from '../scripts/lib/database.ts';

export interface Measurement {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

async function timeStartToFirst200(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200)
          return (performance.now() - started) / 1000;
      } catch {
        // not up yet
      }
      if (performance.now() - started > 600_000)
        throw new Error('npm start did not answer within 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  execFileSync(command, args, { cwd, env, stdio: 'ignore' });
  return (performance.now() - started) / 1000;
}

export async function foundationBench(options: { install: boolean }): Promise<Measurement[]> {
  const results: Measurement[] = [];
  // Inside the project: the built server resolves its packages from node_modules.
  await mkdir(path.join(ROOT, '.scratch'), { recursive: true });
  const scratch = await mkdtemp(path.join(ROOT, '.scratch', 'bench-foundation-'));
  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(scratch, 'data'),
      ASTRO_OUT_DIR: path.join(scratch, 'dist'),
      PORT: String(port),
      EMBEDDED_DB_PORT: String(await freePort()),
    };
    delete env['DATABASE_URL'];
    delete env['EMBEDDED_DB'];
    results.push({
      name: 'npm start to first 200, first run (migrate, seed, build)',
      value: await timeStartToFirst200(env, port),
      unit: 's',
    });
    results.push({
      name: 'npm start to first 200, second run (data and build reused)',
      value: await timeStartToFirst200(env, port),
      unit: 's',
    });

    const out = execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/check-netlify.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: undefined },
      encoding: 'utf8',
    });
    const match =
      /Netlify function: (\d+) files, ([\d.]+) MB, no WASM: (\w+), no PGlite: (\w+); build ([\d.]+) s/.exec(
        out,
      );
    if (!match) throw new Error(`unexpected check-netlify output: ${out}`);
    results.push({ name: 'Site build (Netlify adapter, demo database)', value: Number(match[5]), unit: 's' });
    results.push({
      name: 'Netlify function bundle',
      value: Number(match[2]),
      unit: 'MB',
      note: `${match[1]} files; no WASM: ${match[3]}; no PGlite: ${match[4]}; budget 5 MB`,
    });

    if (options.install) {
      const clone = path.join(scratch, 'clone');
      execFileSync('git', ['clone', '-q', ROOT, clone]);
      const seconds = run('npm', ['install', '--no-audit', '--no-fund'], clone);
      results.push({ name: 'npm install on a fresh clone', value: seconds, unit: 's' });
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return results;
}
