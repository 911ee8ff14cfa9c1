// The browser tests' build (dist-e2e/) served again by a second server of ours with a different
// environment (production settings, a mail transport), on a free port.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface SecondServer {
  port: number;
  origin: string;
  /** What the server printed so far. */
  log(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process ends at once, whatever it was doing. */
  kill(): Promise<void>;
}

/**
 * Serves dist-e2e/ with `env` (over the test process's own; a function of the server's origin when
 * it must name itself, as SITE_URL does); resolves once it listens.
 */
export async function serveBuildAgain(
  env: NodeJS.ProcessEnv | ((origin: string) => NodeJS.ProcessEnv),
): Promise<SecondServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ASTRO_OUT_DIR: path.join(ROOT, 'dist-e2e'),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(typeof env === 'function' ? env(origin) : env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server listening on')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`The second server exited:\n${log}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    port,
    origin,
    log: () => log,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
