// The UploadStore contract, run the same over both adapters: local disk in a temporary directory,
// and Supabase Storage through the real supabase-js client against a stand-in of its HTTP API.
// Then what only the remote store has: a failing service (the adapter throws, the upload API
// answers with the spec's message), the service role key on every call, the public URL that
// /uploads redirects to, and the configuration that selects it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { AppError, errorResponse } from '../../src/server/platform/errors.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { serveUpload } from '../../src/server/platform/storage/serve-upload.ts';
import {
  createSupabaseUploadStore,
  PROJECT_IMAGES_BUCKET,
} from '../../src/server/platform/storage/supabase-storage.ts';
import type { UploadStore } from '../../src/server/platform/storage/upload-store.ts';
import {
  deleteQuotePhoto,
  PHOTO_MESSAGES,
  requestKeyHash,
  uploadQuotePhoto,
} from '../../src/server/platform/uploads/quote-photos.ts';
import {
  startSupabaseStorageStandIn,
  type SupabaseStorageStandIn,
} from '../helpers/supabase-storage-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { logLines } from '../helpers/captured-log.ts';

vi.mock('../../src/server/platform/log.ts', async (real) =>
  (await import('../helpers/captured-log.ts')).capturingLog(await real()),
);

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const bytes = (text: string) => new Uint8Array(Buffer.from(text));

let standIn: SupabaseStorageStandIn;
let scratch: string;
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  standIn = await startSupabaseStorageStandIn();
  scratch = await mkdtemp(path.join(tmpdir(), 'upload-store-'));
  database = await createTestDatabase();
  sql = createSql(database.url);
});
afterAll(async () => {
  await standIn.close();
  await sql.end();
  await database.drop();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  standIn.failing = false;
});

const supabaseStore = (serviceRoleKey = standIn.serviceRoleKey) =>
  createSupabaseUploadStore({ url: standIn.url, serviceRoleKey });

let folders = 0;
/** Each test gets its own empty store: a fresh directory, or a fresh bucket on the stand-in. */
const ADAPTERS: [string, () => UploadStore][] = [
  ['local disk', () => createLocalUploadStore(path.join(scratch, `root-${(folders += 1)}`, 'uploads'))],
  [
    'Supabase Storage',
    () =>
      createSupabaseUploadStore({
        url: standIn.url,
        serviceRoleKey: standIn.serviceRoleKey,
        bucket: `b${(folders += 1)}`,
      }),
  ],
];

const INVALID_KEYS = [
  '',
  '../x.png',
  'demo/../../x.png',
  'demo/..',
  './x.png',
  'demo/./x.png',
  'demo//x.png',
  '/x.png',
  'demo/',
  'demo\\..\\x.png',
  'demo/x.png\0.png',
];

describe.each(ADAPTERS)('the upload store contract: %s', (_name, create) => {
  it('gives back the bytes and the image type that were put', async () => {
    const store = create();
    await store.put('quotes/a/photo.png', PNG, 'image/png');
    await store.put('demo/kitchen.webp', bytes('RIFF-webp'), 'image/webp');
    const png = await store.get('quotes/a/photo.png');
    expect(Buffer.from(png!.body).equals(PNG)).toBe(true);
    expect(png!.type).toBe('image/png');
    const webp = await store.get('demo/kitchen.webp');
    expect(Buffer.from(webp!.body).toString()).toBe('RIFF-webp');
    expect(webp!.type).toBe('image/webp');
  });

  it('answers null for a key that holds nothing, or is not an image', async () => {
    const store = create();
    await store.put('notes/readme.txt', bytes('text'), 'text/plain');
    expect(await store.get('quotes/missing/photo.png')).toBeNull();
    expect(await store.get('notes/readme.txt')).toBeNull();
  });

  it('lists keys by prefix, folders below included, sorted', async () => {
    const store = create();
    for (const key of [
      'quotes/a/2.jpg',
      'quotes/a/1.png',
      'quotes/ab/3.png',
      'quotes/b/4.png',
      'demo/x.webp',
    ]) {
      await store.put(key, PNG, 'image/png');
    }
    expect(await store.list('quotes/a/')).toEqual(['quotes/a/1.png', 'quotes/a/2.jpg']);
    expect(await store.list('quotes/a')).toEqual(['quotes/a/1.png', 'quotes/a/2.jpg', 'quotes/ab/3.png']);
    expect(await store.list('quotes/')).toEqual([
      'quotes/a/1.png',
      'quotes/a/2.jpg',
      'quotes/ab/3.png',
      'quotes/b/4.png',
    ]);
    expect(await store.list('')).toHaveLength(5);
    expect(await store.list('nothing/')).toEqual([]);
    expect(await store.list('../')).toEqual([]);
  });

  it('lists a folder larger than one page of the remote listing', async () => {
    const store = create();
    const keys = Array.from({ length: 105 }, (_, i) => `many/${String(i).padStart(3, '0')}.png`);
    for (const key of keys) await store.put(key, PNG, 'image/png');
    expect(await store.list('many/')).toEqual(keys);
  });

  it('deletes: true for the object it removed, then false', async () => {
    const store = create();
    await store.put('quotes/a/photo.png', PNG, 'image/png');
    expect(await store.delete('quotes/a/photo.png')).toBe(true);
    expect(await store.delete('quotes/a/photo.png')).toBe(false);
    expect(await store.get('quotes/a/photo.png')).toBeNull();
    expect(await store.list('quotes/')).toEqual([]);
  });

  it.each(INVALID_KEYS)('refuses the key %j', async (key) => {
    const store = create();
    const before = standIn.requests.length;
    await expect(store.put(key, PNG, 'image/png')).rejects.toThrow('Invalid upload key');
    expect(await store.get(key)).toBeNull();
    expect(await store.delete(key)).toBe(false);
    expect(store.publicUrl(key)).toBeNull();
    // Refused before anything reached the remote service.
    expect(standIn.requests.length).toBe(before);
  });
});

describe('the local store keeps every file inside its root', () => {
  it('writes nothing outside for a key that climbs out', async () => {
    const base = await mkdtemp(path.join(scratch, 'inside-'));
    const store = createLocalUploadStore(path.join(base, 'uploads'));
    await writeFile(path.join(base, 'secret.png'), 'secret');
    await expect(store.put('../escaped.png', PNG, 'image/png')).rejects.toThrow('Invalid upload key');
    expect(await store.get('../secret.png')).toBeNull();
    expect(await store.delete('../secret.png')).toBe(false);
    expect((await readdir(base)).sort()).toEqual(['secret.png']);
  });
});

describe('the Supabase Storage store', () => {
  it('keeps objects in the project-images bucket, with the type and the spec’s cache time', async () => {
    const store = supabaseStore();
    await store.put('quotes/folder/photo.png', PNG, 'image/png');
    const object = standIn.objects.get(`${PROJECT_IMAGES_BUCKET}/quotes/folder/photo.png`);
    expect(object?.body.equals(PNG)).toBe(true);
    expect(object?.contentType).toBe('image/png');
    expect(object?.cacheControl).toBe('max-age=3600');
  });

  it('sends the service role key on every call, and fails with another key', async () => {
    const store = supabaseStore();
    const before = standIn.requests.length;
    await store.put('keys/photo.png', PNG, 'image/png');
    await store.get('keys/photo.png');
    await store.list('keys/');
    await store.delete('keys/photo.png');
    const calls = standIn.requests.slice(before);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'GET', 'POST', 'DELETE']);
    for (const call of calls) {
      expect(call.headers.apikey).toBe(standIn.serviceRoleKey);
      expect(call.headers.authorization).toBe(`Bearer ${standIn.serviceRoleKey}`);
    }
    await expect(supabaseStore('not-the-key').put('keys/other.png', PNG, 'image/png')).rejects.toThrow(
      'invalid signature',
    );
    expect(standIn.objects.has(`${PROJECT_IMAGES_BUCKET}/keys/other.png`)).toBe(false);
  });

  it('throws when the service fails, for every operation', async () => {
    const store = supabaseStore();
    await store.put('down/photo.png', PNG, 'image/png');
    standIn.failing = true;
    await expect(store.put('down/other.png', PNG, 'image/png')).rejects.toThrow('Internal server error');
    await expect(store.get('down/photo.png')).rejects.toThrow('Internal server error');
    await expect(store.list('down/')).rejects.toThrow('Internal server error');
    await expect(store.delete('down/photo.png')).rejects.toThrow('Internal server error');
  });

  it('gives the bucket’s public URL for an image key, which serves the bytes', async () => {
    const store = supabaseStore();
    await store.put('public/photo.png', PNG, 'image/png');
    const url = store.publicUrl('public/photo.png');
    expect(url).toBe(`${standIn.url}/storage/v1/object/public/${PROJECT_IMAGES_BUCKET}/public/photo.png`);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect(store.publicUrl('public/readme.txt')).toBeNull();
  });
});

describe('GET /uploads/<key> (serveUpload)', () => {
  it('sends a local image with its type and the cache time', async () => {
    const store = createLocalUploadStore(await mkdtemp(path.join(scratch, 'serve-')));
    await store.put('quotes/a/photo.png', PNG, 'image/png');
    const response = await serveUpload(store, 'quotes/a/photo.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await serveUpload(store, 'quotes/a/missing.png')).status).toBe(404);
    expect((await serveUpload(store, '../photo.png')).status).toBe(404);
  });

  it('redirects to a remote image’s public URL, cacheably, without reading it', async () => {
    const store = supabaseStore();
    await store.put('quotes/b/photo.png', PNG, 'image/png');
    const before = standIn.requests.length;
    const response = await serveUpload(store, 'quotes/b/photo.png');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(store.publicUrl('quotes/b/photo.png'));
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(standIn.requests.length).toBe(before);
    expect((await serveUpload(store, 'quotes/../../photo.png')).status).toBe(404);
    expect((await serveUpload(store, 'quotes/b/readme.txt')).status).toBe(404);
  });
});

describe('quote photos on Supabase Storage', () => {
  it('go to the request’s folder (named by its key’s hash: the anonymous uploader’s) and are deleted from it', async () => {
    const store = supabaseStore();
    const requestKey = crypto.randomUUID();
    const { url } = await uploadQuotePhoto(sql, store, { requestKey, bytes: new Uint8Array(PNG) });
    const folder = requestKeyHash(requestKey).slice(0, 32);
    expect(url).toMatch(new RegExp(`^/uploads/quotes/${folder}/[0-9a-f-]{36}\\.png$`));
    expect(url).not.toContain(requestKey);
    expect(standIn.objects.has(`${PROJECT_IMAGES_BUCKET}/${url.slice('/uploads/'.length)}`)).toBe(true);
    await deleteQuotePhoto(sql, store, { requestKey, url });
    expect(standIn.objects.has(`${PROJECT_IMAGES_BUCKET}/${url.slice('/uploads/'.length)}`)).toBe(false);
  });

  it('answer a failing service with the spec’s upload and delete messages', async () => {
    const store = supabaseStore();
    const requestKey = crypto.randomUUID();
    const { url } = await uploadQuotePhoto(sql, store, { requestKey, bytes: new Uint8Array(PNG) });
    standIn.failing = true;
    logLines.length = 0;
    {
      const upload = await uploadQuotePhoto(sql, store, { requestKey, bytes: new Uint8Array(PNG) }).catch(
        (error: unknown) => error,
      );
      expect(upload).toBeInstanceOf(AppError);
      const response = errorResponse(upload);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: PHOTO_MESSAGES.uploadFailed });
      expect(PHOTO_MESSAGES.uploadFailed).toBe('There was an error uploading your image. Please try again.');

      const removal = await deleteQuotePhoto(sql, store, { requestKey, url }).catch(
        (error: unknown) => error,
      );
      expect(removal).toBeInstanceOf(AppError);
      expect(await errorResponse(removal).json()).toMatchObject({ error: 'Delete failed.' });
      // The cause is logged for us, not sent to the homeowner.
      expect(logLines.find((line) => line.msg === 'Upload store failed')?.fields['err']).toBeInstanceOf(
        Error,
      );
    }
  });
});
