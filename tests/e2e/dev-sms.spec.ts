// /dev/sms, the sandbox SMS provider's captured texts and calls: it shows every code, so it exists
// only where /dev/mail does and texts are not sent (no Twilio), and answers only this machine
// (a loopback client, asking for a loopback host name).
import { request as httpRequest } from 'node:http';
import { serveBuildAgain } from '../helpers/second-server.ts';
import { expect, test } from '../helpers/test.ts';

/** GET `path` from `origin` with the headers as given (fetch would set Host itself). */
function get(
  origin: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const base = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

test('/dev/sms shows the captured texts to this machine only, never to another Host', async () => {
  const origin = test.info().project.use.baseURL!;
  const port = new URL(origin).port;
  const local = await get(origin, '/dev/sms', { host: `localhost:${port}` });
  expect(local.status).toBe(200);
  expect(local.body).toContain('Captured texts');
  for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
    const rebound = await get(origin, '/dev/sms', { host });
    expect(rebound.status, host).toBe(421);
    expect(rebound.body).not.toContain('Captured texts');
  }
});

test('/dev/sms refuses a client that is not on this machine', async () => {
  // Behind a proxy we trust, the client is the address it names: here one on another network.
  const server = await serveBuildAgain({ EMBEDDED_DB: '1', TRUSTED_PROXIES: '127.0.0.1' });
  try {
    const remote = await get(server.origin, '/dev/sms', {
      host: `localhost:${server.port}`,
      'x-forwarded-for': '203.0.113.9',
    });
    expect(remote.status).toBe(404);
    expect(remote.body).not.toContain('Captured texts');
  } finally {
    await server.stop();
  }
});

test('/dev/sms does not exist when Twilio sends the texts', async () => {
  const server = await serveBuildAgain({
    EMBEDDED_DB: '1',
    TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'not-used',
    TWILIO_VERIFY_SERVICE_SID: `VA${'2'.repeat(32)}`,
  });
  try {
    const answer = await get(server.origin, '/dev/sms', { host: `localhost:${server.port}` });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('Captured texts');
  } finally {
    await server.stop();
  }
});
