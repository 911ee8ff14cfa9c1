// npm start end to end, as a user runs it: first run seeds and builds, Ctrl-C stops every
// process, a second run reuses the data, and db:migrate is then a no-op. Runs in its own data
// and build directories on free ports, so it touches nothing else.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '../helpers/test.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The contractor profiles the home page links to (not the account menu's template). */
function featured(html: string): string[] {
  const page = html.replace(/<template[\s\S]*?<\/template>/g, '');
  return [...page.matchAll(/href="\/contractor\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function start(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  let output = '';
  const child = spawn(TSX, ['scripts/start.ts'], { cwd: ROOT, env, detached: true });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return { child, output: () => output, ready };
}

async function interrupt(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

test('npm start: first run, Ctrl-C, second run reuses the data', async () => {
  test.setTimeout(300_000);
  // Inside the project: the built server resolves its packages from node_modules.
  await mkdir(path.join(ROOT, '.scratch'), { recursive: true });
  const scratch = await mkdtemp(path.join(ROOT, '.scratch', 'launcher-'));
  const port = await freePort();
  const dbPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(scratch, 'data'),
    ASTRO_OUT_DIR: path.join(scratch, 'dist'),
    PORT: String(port),
    EMBEDDED_DB_PORT: String(dbPort),
  };
  delete env['DATABASE_URL'];
  delete env['EMBEDDED_DB'];
  delete env['UPLOADS_DIR'];
  try {
    const first = start(env);
    await first.ready;
    expect(first.output()).toContain('First run: loading the catalog and demo data');
    expect(first.output()).toContain(`running at http://localhost:${port}`);
    expect(first.output()).toContain('contractor@example.com');

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const names = featured(await home.text());
    expect(names).toHaveLength(6);
    const missing = await fetch(`http://127.0.0.1:${port}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');

    await interrupt(first.child);
    expect(await listening(port)).toBe(false);
    expect(await listening(dbPort)).toBe(false);

    const second = start(env);
    await second.ready;
    expect(second.output()).toContain('Migrations: up to date.');
    expect(second.output()).not.toContain('First run');
    expect(second.output()).not.toContain('Building the site');
    const again = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(featured(again)).toEqual(names);
    await interrupt(second.child);
    expect(await listening(port)).toBe(false);

    const migrate = execFileSync(TSX, ['scripts/db-migrate.ts'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(migrate).toMatch(/Nothing to apply \(\d+ already applied\)\./);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
});
