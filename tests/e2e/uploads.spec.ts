// Quote photo uploads against the built server (embedded database, local disk storage), and
// /uploads reading nothing outside the uploads directory however the path is spelled.
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  type APIRequestContext,
  type Page,
  request as playwrightRequest,
  type Response,
} from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { PHOTO_URL_PATTERN } from '../../src/schemas/quote.ts';
import { hydrated } from '../helpers/islands.ts';

/** A valid 1x1 PNG. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x1e, 0x90, 0xff, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { origin: new URL(baseURL!).origin },
  });
});

test.afterAll(async () => {
  await api.dispose();
});

const upload = (requestKey: string, buffer: Buffer, name = 'photo.png', mimeType = 'image/png') =>
  api.post('/api/uploads', { multipart: { requestKey, file: { name, mimeType, buffer } } });

test('a PNG photo is stored and served back as an image', async () => {
  const response = await upload(randomUUID(), tinyPng());
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(PHOTO_URL_PATTERN);
  const image = await api.get(url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await image.body()).equals(tinyPng())).toBe(true);
});

test('a text file named photo.jpg is refused by its content', async () => {
  const response = await upload(randomUUID(), Buffer.from('not an image at all'), 'photo.jpg', 'image/jpeg');
  expect(response.status()).toBe(415);
  expect(await response.json()).toMatchObject({
    error: 'Invalid file type: Please upload a JPEG, PNG, or WebP image',
  });
});

test('a photo over 10 MB is refused', async () => {
  const big = Buffer.concat([tinyPng(), Buffer.alloc(11 * 1024 * 1024)]);
  const response = await upload(randomUUID(), big);
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ error: 'File too large' });
});

test('a quote takes five photos; one can be deleted by its own request only', async () => {
  const requestKey = randomUUID();
  const urls: string[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await upload(requestKey, tinyPng());
    expect(response.status()).toBe(201);
    urls.push(((await response.json()) as { url: string }).url);
  }
  const sixth = await upload(requestKey, tinyPng());
  expect(sixth.status()).toBe(400);
  expect(await sixth.json()).toMatchObject({ error: 'You can upload up to 5 photos' });

  const other = await api.delete('/api/uploads', { params: { requestKey: randomUUID(), url: urls[0]! } });
  expect(other.status()).toBe(404);
  expect((await api.get(urls[0]!)).status()).toBe(200);

  const deleted = await api.delete('/api/uploads', { params: { requestKey, url: urls[0]! } });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ ok: true });
  expect((await api.get(urls[0]!)).status()).toBe(404);
  // The freed place takes a new photo.
  expect((await upload(requestKey, tinyPng())).status()).toBe(201);
});

/** GET with the path written on the wire exactly as given: no client normalises `..` or decodes. */
function rawGet(baseURL: string, rawPath: string): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('/uploads reads nothing outside the uploads directory', () => {
  // An image outside the server's uploads directory (a temporary directory of its own): what a
  // traversal would be after. Enough `..` to reach the root from any depth, then its path.
  const secret = path.join(tmpdir(), `uploads-traversal-${randomUUID()}.png`);
  const SECRET = 'not for the web';
  test.beforeAll(() => writeFileSync(secret, SECRET));
  test.afterAll(() => rmSync(secret, { force: true }));

  const climb = (up: string) => `/uploads/demo/${up.repeat(16)}${secret.slice(1)}`;
  const SPELLINGS: [string, () => string][] = [
    ['raw ../', () => climb('../')],
    ['%2e%2e/', () => climb('%2e%2e/')],
    ['%2E%2E%2F', () => climb('%2E%2E%2F')],
    ['..%2f', () => climb('..%2f')],
    ['..%5c (backslash)', () => climb('..%5c')],
    ['%252e%252e/ (double-encoded)', () => climb('%252e%252e/')],
    ['%252e%252e%252f (double-encoded)', () => climb('%252e%252e%252f')],
    ['an absolute path after an empty segment', () => `/uploads/${secret}`],
    ['an encoded absolute path', () => `/uploads/${encodeURIComponent(secret)}`],
    ['a double-encoded absolute path', () => `/uploads/${encodeURIComponent(encodeURIComponent(secret))}`],
  ];

  test('the raw request reaches the store: a demo image is served', async ({ baseURL }) => {
    const { status, body } = await rawGet(baseURL!, '/uploads/demo/plumbing-1.webp');
    expect(status).toBe(200);
    expect(body.subarray(0, 4).toString()).toBe('RIFF');
  });

  for (const [name, rawPath] of SPELLINGS) {
    test(`a path climbing out with ${name} is not found`, async ({ baseURL }) => {
      const { status, body } = await rawGet(baseURL!, rawPath());
      expect(body.toString()).not.toContain(SECRET);
      expect(status).toBe(404);
    });
  }

  test('a path that climbs out and back in is not found either', async ({ baseURL }) => {
    // Resolved, it names the demo image inside the directory; a key with `..` is refused as such.
    for (const up of ['%252e%252e/', '..%5c']) {
      const { status } = await rawGet(baseURL!, `/uploads/demo/x/${up}plumbing-1.webp`);
      expect(status, up).toBe(404);
    }
  });
});

test.describe('removing a photo in the quote wizard', () => {
  /** The wizard on step 2, 'Tell us about the project', with one photo uploaded; its URL. */
  async function wizardWithPhoto(page: Page): Promise<string> {
    await page.goto('/quote-request');
    await hydrated(page, 'QuoteWizard');
    await page.getByRole('radio', { name: 'Plumbing' }).check();
    await expect(page.getByText('Step 2 of 6')).toBeVisible();
    await page
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'sink.png', mimeType: 'image/png', buffer: tinyPng() });
    const photo = page.getByRole('img', { name: 'Project photo 1' });
    await expect(photo).toBeVisible();
    const url = await photo.getAttribute('src');
    expect(url).toMatch(PHOTO_URL_PATTERN);
    return url!;
  }

  const isDelete = (response: Response) =>
    response.request().method() === 'DELETE' && new URL(response.url()).pathname === '/api/uploads';

  test('takes it off the list and out of storage', async ({ page }) => {
    const url = await wizardWithPhoto(page);
    const deleted = page.waitForResponse(isDelete);
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByRole('img', { name: 'Project photo 1' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove photo 1' })).toHaveCount(0);
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('keeps it, saying so, when the delete fails', async ({ page }) => {
    const url = await wizardWithPhoto(page);
    await page.route('**/api/uploads?*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { error: 'An unexpected error occurred. Please try again.' } })
        : route.fallback(),
    );
    const refused = page.waitForResponse(isDelete);
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    expect((await refused).status()).toBe(500);
    await expect(page.getByText('Delete failed.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Project photo 1' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(200);
  });
});
