// Child processes for the launcher scripts: run to completion, or keep running and stop
// together with the parent (Ctrl-C stops every process the launcher started).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './database.ts';

export const BIN = path.join(ROOT, 'node_modules', '.bin');

/**
 * The built site's server (scripts/serve.ts), run by the project's Node 24, which strips the
 * types itself: no loader in the long-running process (tsx's would cost it some 45 MB).
 */
export const SITE_SERVER = {
  command: path.join(BIN, 'node'),
  args: [path.join(ROOT, 'scripts', 'serve.ts')],
} as const;

/** Runs a command to completion; rejects with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Starts a long-running command; the returned stop() ends it (SIGTERM, then SIGKILL). */
export function startLongRunning(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): {
  child: ChildProcess;
  stop: () => Promise<void>;
} {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers 200, or throws after timeoutMs. */
export async function waitForOk(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Runs cleanup once on Ctrl-C / SIGTERM, then exits. */
export function onShutdown(cleanup: () => Promise<void>): void {
  let done = false;
  const handler = (signal: NodeJS.Signals) => {
    if (done) return;
    done = true;
    console.log(`\n${signal}: stopping...`);
    cleanup()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
