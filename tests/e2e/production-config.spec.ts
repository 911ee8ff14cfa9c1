// A production server missing a secret refuses to answer, naming what is missing, instead of
// falling back to the sandbox gateway, captured mail or localhost links (src/server/config.ts).
// The same build as the other browser tests, served again with a production environment.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const COMPLETE = {
  SITE_URL: 'https://daytoncontractors.example',
  STRIPE_SECRET_KEY: 'sk_test_not_used',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Dayton Contractors <hello@daytoncontractors.example>',
  ALTCHA_HMAC_KEY: 'a-production-altcha-key-of-at-least-32-chars',
  UPLOADS_DIR: '/tmp/production-config-uploads',
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** GET /api/auth/session from the build served with `env`; the status and what it logged. */
async function askSession(env: Record<string, string>): Promise<{ status: number; log: string }> {
  const port = await freePort();
  const cleared = new Set(['EMBEDDED_DB', 'NETLIFY', ...Object.keys(COMPLETE)]);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !cleared.has(name)));
  const server = spawn(process.execPath, [path.join('dist-e2e', 'server', 'entry.mjs')], {
    env: {
      ...base,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      // Never reached: the session check reads no table without a cookie.
      DATABASE_URL: 'postgres://app@127.0.0.1:9/app',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    let status = 0;
    for (let i = 0; i < 50 && status === 0; i += 1) {
      status = await fetch(`http://127.0.0.1:${port}/api/auth/session`).then(
        (r) => r.status,
        () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 200)),
      );
    }
    return { status, log };
  } finally {
    server.kill();
  }
}

test('a production server without its secrets fails every request and says which are missing', async () => {
  const { status, log } = await askSession({ SITE_URL: COMPLETE.SITE_URL });
  expect(status).toBe(500);
  expect(log).toContain(
    'Production needs STRIPE_SECRET_KEY, SMTP_URL, MAIL_FROM, ALTCHA_HMAC_KEY, SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY',
  );
});

test('a production server with every secret answers', async () => {
  const { status } = await askSession(COMPLETE);
  expect(status).toBe(200);
});
