// @vitest-environment jsdom
// The islands' upload() (src/islands/shared/api.ts) through jsdom's real XMLHttpRequest against a
// local HTTP server that plays the network: the form arrives whole with an Idempotency-Key, its
// progress is told from 0 to 100; a try whose answer is lost is sent again with the same key (the
// server stores the file once: tests/integration/upload-keys.test.ts), as is one told its first
// try still runs; a refusal is answered at once in api()'s shape; an abort stops it, even while
// it waits to try again.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../src/domain/quote-rules.ts';
import { upload } from '../../src/islands/shared/api.ts';

interface Arrived {
  key: string | undefined;
  type: string | undefined;
  body: Buffer;
}

/** What the server does with each POST, in turn: answer it, cut it off once read, or hold it. */
type Move = { status: number; body: unknown } | 'drop' | 'hold';

let server: Server;
let base: string;
let arrived: Arrived[];
let script: Move[];
let held: ServerResponse[] = [];

function serve(request: IncomingMessage, response: ServerResponse): void {
  // jsdom's page is another origin (http://localhost:3000): the upload is a CORS request.
  response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
  if (request.method === 'OPTIONS') {
    response.setHeader('access-control-allow-methods', 'POST');
    response.setHeader('access-control-allow-headers', 'idempotency-key');
    response.end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const key = request.headers['idempotency-key'];
    arrived.push({
      key: Array.isArray(key) ? key[0] : key,
      type: request.headers['content-type'],
      body: Buffer.concat(chunks),
    });
    const move = script.shift() ?? 'drop';
    if (move === 'drop') request.socket.destroy();
    else if (move === 'hold') held.push(response);
    else if (typeof move.body === 'string') response.writeHead(move.status).end(move.body);
    else
      response.writeHead(move.status, { 'content-type': 'application/json' }).end(JSON.stringify(move.body));
  });
}

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  arrived = [];
  script = [];
  for (const response of held) response.socket?.destroy();
  held = [];
});

/** A form of one 256 KB "photo" and a field, as the quote wizard sends it. */
function photoForm(): FormData {
  const form = new FormData();
  form.append('requestKey', '7f0c3c7e-1111-4222-8333-944455556666');
  form.append('file', new File([new Uint8Array(256 * 1024).fill(7)], 'sink.png', { type: 'image/png' }));
  return form;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('upload()', () => {
  it('sends the form whole with an Idempotency-Key and tells its progress from 0 to 100', async () => {
    script.push({ status: 201, body: { url: '/uploads/quotes/x/y.png' } });
    const progress: number[] = [];
    const answer = await upload<{ url: string }>(`${base}/api/uploads`, photoForm(), {
      onProgress: (percent) => progress.push(percent),
    });
    expect(answer).toEqual({ ok: true, status: 201, body: { url: '/uploads/quotes/x/y.png' } });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(arrived[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    const body = arrived[0]!.body.toString('latin1');
    expect(body).toContain('name="requestKey"');
    expect(body).toContain('7f0c3c7e-1111-4222-8333-944455556666');
    expect(body).toContain('filename="sink.png"');
    expect(arrived[0]!.body.length).toBeGreaterThan(256 * 1024);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('sends it again with the same key when the answer is lost, and starts its progress again', async () => {
    script.push('drop', { status: 201, body: { url: '/uploads/a.png' } });
    const progress: number[] = [];
    const answer = await upload(`${base}/api/uploads`, photoForm(), {
      onProgress: (percent) => progress.push(percent),
    });
    expect(answer.status).toBe(201);
    expect(arrived).toHaveLength(2);
    expect(arrived[1]!.key).toBe(arrived[0]!.key);
    expect(arrived[1]!.body.length).toBe(arrived[0]!.body.length);
    expect(progress.filter((p) => p === 0)).toHaveLength(2);
  });

  it('told its first try still runs, asks again with the same key for the first answer', async () => {
    script.push(
      { status: 409, body: { error: 'This request is still being processed.', code: 'IN_PROGRESS' } },
      { status: 201, body: { url: '/uploads/b.png' } },
    );
    const answer = await upload(`${base}/api/uploads`, photoForm());
    expect(answer).toEqual({ ok: true, status: 201, body: { url: '/uploads/b.png' } });
    expect(arrived.map((a) => a.key)).toEqual([arrived[0]!.key, arrived[0]!.key]);
  });

  it('answers a refusal at once, as api() does: its status and the server’s message', async () => {
    script.push({ status: 415, body: { error: PHOTO_MESSAGES.invalidType } });
    const answer = await upload(`${base}/api/uploads`, photoForm());
    expect(answer).toEqual({ ok: false, status: 415, body: { error: PHOTO_MESSAGES.invalidType } });
    expect(arrived).toHaveLength(1);
  });

  it('answers a body that is not JSON with an empty one', async () => {
    script.push({ status: 502, body: '<html>Bad gateway</html>' });
    expect(await upload(`${base}/api/uploads`, photoForm())).toEqual({ ok: false, status: 502, body: {} });
  });

  it('that opts out is tried once, without a key', async () => {
    const answer = await upload(`${base}/api/uploads`, photoForm(), { resend: false });
    expect(answer).toEqual({ ok: false, status: 0, body: {} });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.key).toBeUndefined();
  });
});

describe('an upload aborted', () => {
  it('while on its way stops with status 0 and is not sent again', async () => {
    script.push('hold');
    const stop = new AbortController();
    const answer = upload(`${base}/api/uploads`, photoForm(), { signal: stop.signal });
    await until(() => held.length === 1);
    stop.abort();
    expect(await answer).toEqual({ ok: false, status: 0, body: {} });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(arrived).toHaveLength(1);
  });

  it('while it waits to be sent again stops at once', async () => {
    const stop = new AbortController();
    const answer = upload(`${base}/api/uploads`, photoForm(), { signal: stop.signal });
    await until(() => arrived.length === 1);
    // Cut off, it waits a second before the next try.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const aborted = Date.now();
    stop.abort();
    expect((await answer).status).toBe(0);
    expect(Date.now() - aborted).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(arrived).toHaveLength(1);
  });

  it('before it starts sends nothing', async () => {
    const answer = await upload(`${base}/api/uploads`, photoForm(), { signal: AbortSignal.abort() });
    expect(answer.status).toBe(0);
    expect(arrived).toHaveLength(0);
  });
});
