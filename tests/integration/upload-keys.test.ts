// Uploads under an Idempotency-Key, through the real endpoints, the real database and a local
// uploads directory: an upload sent again with the same key (the islands' upload() after a lost
// connection, the form framed with a new boundary) stores its photo once and the repeat gets the
// first answer; the same key with another file is refused and stores nothing; a refused upload
// leaves its key free; the copy read to know a repeat keeps the photo's size limit; and keys are
// the user's own (another contractor's same key is another upload).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../src/domain/quote-rules.ts';
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_MAX_ITEMS,
  PORTFOLIO_TITLE_MAX,
} from '../../src/domain/portfolio-rules.ts';
import {
  createSession,
  validateSession,
  type SessionUser,
} from '../../src/server/platform/security/sessions.ts';
import { REPLAYED_HEADER, REQUEST_KEY_MESSAGES } from '../../src/server/platform/security/request-keys.ts';
import { MAX_UPLOAD_BYTES } from '../../src/server/platform/security/body-limits.ts';
import { checkRateLimit } from '../../src/server/platform/security/rate-limit.ts';
import { UPLOADS_PER_IP_PER_HOUR } from '../../src/server/platform/uploads/limit-uploads.ts';
import { addressKey } from '../../src/domain/client-address.ts';
import { createBusiness, createUser, type BusinessRow } from '../factories/index.ts';
import { apiContext } from '../helpers/api-context.ts';
import { useTestSql } from '../helpers/sql.ts';

process.env['DATABASE_URL'] = inject('databaseUrl');
const uploadsDir = await mkdtemp(path.join(tmpdir(), 'upload-keys-'));
process.env['UPLOADS_DIR'] = uploadsDir;
const sql = useTestSql();

let photos: APIRoute;
let quotePhotos: APIRoute;
let portfolio: APIRoute;

beforeAll(async () => {
  photos = (await import('../../src/pages/api/contractor/photos.ts')).POST;
  quotePhotos = (await import('../../src/pages/api/uploads.ts')).POST;
  portfolio = (await import('../../src/pages/api/contractor/portfolio/index.ts')).POST;
});

interface Contractor {
  user: SessionUser;
  business: BusinessRow;
}

async function contractor(): Promise<Contractor> {
  const row = await createUser(sql, { roles: ['contractor'] });
  const business = await createBusiness(sql, { ownerId: row.id });
  const user = (await validateSession(sql, (await createSession(sql, row.id)).token))!;
  return { user, business };
}

// A 1x1 PNG, and other bytes (the same with one more).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const OTHER = Buffer.concat([PNG, Buffer.from([0])]);

function form(fields: Record<string, string | Buffer>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.set(name, value);
    else data.set(name, new File([new Uint8Array(value)], 'photo.png', { type: 'image/png' }));
  }
  return data;
}

/**
 * POSTs `data` to `handler` as a browser frames it: each call encodes the form afresh, with a
 * new boundary, as a browser does when XMLHttpRequest sends the same FormData again.
 */
async function post(
  handler: APIRoute,
  where: string,
  user: SessionUser | null,
  data: FormData,
  key: string | null,
  clientAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
): Promise<Response> {
  const encoded = new Response(data);
  const type = encoded.headers.get('content-type')!;
  return Promise.resolve(
    handler(
      apiContext({
        method: 'POST',
        path: where,
        user,
        clientAddress,
        headers: { 'content-type': type, ...(key ? { 'idempotency-key': key } : {}) },
        rawBody: await encoded.arrayBuffer(),
      }),
    ),
  );
}

/** The files stored in `folder` of the uploads directory. */
async function filesIn(folder: string): Promise<string[]> {
  return readdir(path.join(uploadsDir, folder)).catch(() => []);
}

async function images(businessId: string): Promise<string[]> {
  const [row] = await sql<{ images: string[] }[]>`select images from businesses where id = ${businessId}`;
  return row!.images;
}

describe('a profile photo sent again with the same Idempotency-Key', () => {
  it('is stored once; the repeat, framed with a new boundary, gets the first answer', async () => {
    const a = await contractor();
    const key = randomUUID();
    const first = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key);
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { url: string; images: string[] };
    const again = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(answer);
    expect(await images(a.business.id)).toEqual([answer.url]);
    expect(await filesIn(`businesses/${a.business.id}`)).toHaveLength(1);

    // Without a key, each upload is its own.
    expect((await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), null)).status).toBe(
      201,
    );
    expect(await images(a.business.id)).toHaveLength(2);
  });

  it('with another file is refused and stores nothing more', async () => {
    const a = await contractor();
    const key = randomUUID();
    expect((await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key)).status).toBe(201);
    const other = await post(photos, '/api/contractor/photos', a.user, form({ file: OTHER }), key);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: REQUEST_KEY_MESSAGES.mismatch });
    expect(await images(a.business.id)).toHaveLength(1);
    expect(await filesIn(`businesses/${a.business.id}`)).toHaveLength(1);
  });

  it('is the user’s own: another contractor’s upload under the same key is stored for them', async () => {
    const [a, b] = [await contractor(), await contractor()];
    const key = randomUUID();
    expect((await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key)).status).toBe(201);
    const theirs = await post(photos, '/api/contractor/photos', b.user, form({ file: PNG }), key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await images(b.business.id)).toHaveLength(1);
  });

  it('after a refusal is carried out afresh: a refused upload keeps no answer', async () => {
    const a = await contractor();
    const key = randomUUID();
    const text = new FormData();
    text.set('file', new File(['<svg onload="x"/>'], 'x.png', { type: 'image/png' }));
    expect((await post(photos, '/api/contractor/photos', a.user, text, key)).status).toBe(415);
    expect(await sql`select 1 from request_keys where key = ${key}`).toHaveLength(0);
    const fixed = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await images(a.business.id)).toHaveLength(1);
  });

  it('past the photo limit is refused before anything is kept', async () => {
    const a = await contractor();
    const key = randomUUID();
    const big = form({ file: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]) });
    const refused = await post(photos, '/api/contractor/photos', a.user, big, key);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: PHOTO_MESSAGES.tooLarge });
    expect(await sql`select 1 from request_keys where key = ${key}`).toHaveLength(0);
    expect(await images(a.business.id)).toHaveLength(0);
  });

  it('is checked before its body is read: past the hourly limit it is a 429, even past the photo limit', async () => {
    const a = await contractor();
    const address = '203.0.113.77';
    for (let i = 0; i < UPLOADS_PER_IP_PER_HOUR; i++) {
      await checkRateLimit(sql, addressKey(address), 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60);
    }
    const key = randomUUID();
    const big = form({ file: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]) });
    const refused = await post(photos, '/api/contractor/photos', a.user, big, key, address);
    expect(refused.status).toBe(429);
    expect(await sql`select 1 from request_keys where key = ${key}`).toHaveLength(0);
  });

  it('sent again at the hourly limit gets its first answer: a resend uses up no upload', async () => {
    const a = await contractor();
    const address = '203.0.113.78';
    for (let i = 0; i < UPLOADS_PER_IP_PER_HOUR - 1; i++) {
      await checkRateLimit(sql, addressKey(address), 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60);
    }
    const key = randomUUID();
    const first = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key, address);
    expect(first.status).toBe(201);
    const again = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key, address);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    // A new upload is over the limit.
    const next = await post(
      photos,
      '/api/contractor/photos',
      a.user,
      form({ file: OTHER }),
      randomUUID(),
      address,
    );
    expect(next.status).toBe(429);
  });

  it('at the hourly limit, under a used key with another file, is refused and stores nothing', async () => {
    const a = await contractor();
    const address = '203.0.113.79';
    for (let i = 0; i < UPLOADS_PER_IP_PER_HOUR - 1; i++) {
      await checkRateLimit(sql, addressKey(address), 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60);
    }
    const key = randomUUID();
    const first = await post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key, address);
    expect(first.status).toBe(201);
    const other = await post(photos, '/api/contractor/photos', a.user, form({ file: OTHER }), key, address);
    expect(other.status).toBe(409);
    expect(await images(a.business.id)).toHaveLength(1);
  });

  it('at the hourly limit, under a key whose first try was abandoned, is refused like a new upload', async () => {
    const a = await contractor();
    const address = '203.0.113.80';
    for (let i = 0; i < UPLOADS_PER_IP_PER_HOUR - 1; i++) {
      await checkRateLimit(sql, addressKey(address), 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60);
    }
    const key = randomUUID();
    const send = () => post(photos, '/api/contractor/photos', a.user, form({ file: PNG }), key, address);
    expect((await send()).status).toBe(201);
    // As if that first try had died with its server three minutes ago, unanswered: its key is
    // taken over by the next try, which is then a new upload, and the limit is spent.
    await sql`
      update request_keys set status = null, response_body = null, created_at = now() - interval '3 minutes'
       where owner = ${a.user.id} and key = ${key}`;
    expect((await send()).status).toBe(429);
    expect(await images(a.business.id)).toHaveLength(1);
  });
});

describe('a quote photo sent again with the same Idempotency-Key (an anonymous visitor)', () => {
  it('is stored once for the request and answered with the same address', async () => {
    const requestKey = randomUUID();
    const key = randomUUID();
    const send = () => post(quotePhotos, '/api/uploads', null, form({ requestKey, file: PNG }), key);
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from quote_uploads
      where request_key_hash = encode(sha256(${requestKey}::bytea), 'hex')`;
    expect(row!.n).toBe(1);
  });
});

describe('a portfolio job sent again with the same Idempotency-Key', () => {
  it('is added once even when the portfolio it answers with is over 64 KB', async () => {
    const a = await contractor();
    // 23 jobs of three-byte characters: the list the 24th answers with is about 80 KB.
    const long = '€'.repeat(PORTFOLIO_DESCRIPTION_MAX);
    for (let i = 0; i < PORTFOLIO_MAX_ITEMS - 1; i++) {
      await sql`
        insert into portfolio_items (business_id, title, description, image_url, display_order)
        values (${a.business.id}, ${'€'.repeat(PORTFOLIO_TITLE_MAX)}, ${long}, '/uploads/x.png', ${i})`;
    }
    const key = randomUUID();
    const job = { title: 'The last job', description: long, file: PNG };
    const first = await post(portfolio, '/api/contractor/portfolio', a.user, form(job), key);
    expect(first.status).toBe(201);
    const answer = await first.text();
    expect(Buffer.byteLength(answer)).toBeGreaterThan(65_536);
    const again = await post(portfolio, '/api/contractor/portfolio', a.user, form(job), key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.text()).toBe(answer);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from portfolio_items where business_id = ${a.business.id}`;
    expect(row!.n).toBe(PORTFOLIO_MAX_ITEMS);
  });

  it('is added once', async () => {
    const a = await contractor();
    const key = randomUUID();
    const job = { title: 'New porch light', description: 'On a motion sensor.', file: PNG };
    const first = await post(portfolio, '/api/contractor/portfolio', a.user, form(job), key);
    expect(first.status).toBe(201);
    const again = await post(portfolio, '/api/contractor/portfolio', a.user, form(job), key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from portfolio_items where business_id = ${a.business.id}`;
    expect(row!.n).toBe(1);
  });
});
