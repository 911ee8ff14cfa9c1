// The embedded default's publish: `astro build` with the server's own environment, from the same
// code, into a fresh folder (<outDir>-builds/<run>-<time>/) that no server serves yet; when it
// succeeds the server switches to it at once (site-server.ts), when it fails the old site stays
// and the run keeps the log's tail. One build at a time.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOutcome } from '../../src/server/platform/publish/builder.ts';
import { logTail } from '../../src/server/platform/publish/publish-runs.ts';

/** A build that takes longer than this is stopped and failed. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

export interface LocalRebuildOptions {
  /** Where builds go, one fresh folder each. */
  buildsDir: string;
  /** The build command (default: the project's astro build) and its working folder. */
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Folders that must never be written: the ones being served. */
  inUse: () => string[];
  /** Switches the server to a successful build's folder. */
  activate: (dir: string) => void;
  timeoutMs?: number;
}

export interface LocalRebuild {
  rebuild: (runId: number) => Promise<BuildOutcome>;
  /** Stops a build in progress (the server is closing). */
  stop: () => void;
}

export function createLocalRebuild(options: LocalRebuildOptions): LocalRebuild {
  let busy = false;
  let building: string | null = null;
  const children = new Set<ChildProcess>();
  const rebuild = async (runId: number): Promise<BuildOutcome> => {
    if (busy) return { status: 'failed', log: 'Another build is running in this server.' };
    busy = true;
    try {
      const dir = path.join(options.buildsDir, `${runId}-${Date.now().toString(36)}`);
      if (options.inUse().some((served) => path.resolve(served) === path.resolve(dir))) {
        return { status: 'failed', log: `Refused to build into ${dir}: it is being served.` };
      }
      await mkdir(options.buildsDir, { recursive: true });
      await rm(dir, { recursive: true, force: true });
      building = dir;
      const { ok, log } = await runBuild(options, dir, children);
      if (ok && !(await isBuild(dir))) {
        await rm(dir, { recursive: true, force: true });
        return { status: 'failed', log: logTail(`${log}\nThe build finished without a site in ${dir}.`) };
      }
      if (!ok) {
        await rm(dir, { recursive: true, force: true });
        return { status: 'failed', log: logTail(log) };
      }
      options.activate(dir);
      return { status: 'live', log: `Built in ${path.basename(dir)} and served.` };
    } catch (error) {
      return { status: 'failed', log: error instanceof Error ? error.message : String(error) };
    } finally {
      busy = false;
      building = null;
    }
  };
  return {
    rebuild,
    stop: () => {
      for (const child of children) child.kill('SIGKILL');
      if (building) rmSync(building, { recursive: true, force: true });
    },
  };
}

async function isBuild(dir: string): Promise<boolean> {
  try {
    return (await stat(path.join(dir, 'client'))).isDirectory();
  } catch {
    return false;
  }
}

/** Runs the build with ASTRO_OUT_DIR set to `dir`; its output is kept (the tail is what counts). */
function runBuild(
  options: LocalRebuildOptions,
  dir: string,
  children: Set<ChildProcess>,
): Promise<{ ok: boolean; log: string }> {
  return new Promise((resolve) => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: { ...options.env, ASTRO_OUT_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('close', () => children.delete(child));
    let log = '';
    const keep = (chunk: Buffer) => {
      log += chunk.toString('utf8');
      // Only the tail is ever shown: the log is trimmed as it grows.
      if (log.length > 200_000) log = log.slice(-100_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      log += `\nThe build took longer than ${(options.timeoutMs ?? BUILD_TIMEOUT_MS) / 60_000} minutes and was stopped.`;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? BUILD_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, log: `${log}\n${error.message}` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, log: code === 0 ? log : `${log}\nThe build exited with ${signal ?? code}.` });
    });
  });
}
