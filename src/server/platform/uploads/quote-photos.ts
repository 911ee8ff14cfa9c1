// Photos for a quote request, uploaded before the request is sent: checked by content, stripped
// of metadata, at most MAX_PHOTOS per request. Each photo belongs to the request that uploaded it:
// it is recorded with the SHA-256 of the wizard's request key (a random UUID the browser keeps
// until the request is sent), and only that key may delete it or cite it in the request. The
// store's folder is named by the same hash (the spec's folder per uploader: the homeowner here is
// anonymous), so a photo's URL shows nothing that could delete or claim it.
import { createHash } from 'node:crypto';
import { MAX_PHOTOS, PHOTO_MESSAGES } from '../../../domain/quote-rules.ts';
import type { Sql, TransactionSql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { checkedImage, putImage } from './store-image.ts';
import { log } from '../log.ts';

/** A photo added to or removed from a request after it was sent. */
const ALREADY_SENT = 'This request has already been sent.';

export { PHOTO_MESSAGES };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The SHA-256 of a request key, the photos' owner. */
export function requestKeyHash(requestKey: string): string {
  const key = requestKey.toLowerCase();
  if (!UUID.test(key)) throw new AppError('BAD_REQUEST', 'Missing request key');
  return createHash('sha256').update(key).digest('hex');
}

/** The request's folder in the store, named by (half of) its key's hash. */
function folderOf(hash: string): string {
  return `quotes/${hash.slice(0, 32)}/`;
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * The store's own failure (Supabase Storage down, a full disk) as the spec's message with 502,
 * not the generic 500: the homeowner can retry, and the cause is logged for us.
 */
async function withStore<T>(message: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    log().error({ err: error }, 'Upload store failed');
    throw new AppError('BAD_GATEWAY', message);
  }
}

export async function uploadQuotePhoto(
  sql: Sql,
  store: UploadStore,
  input: { requestKey: string; bytes: Uint8Array },
): Promise<{ url: string }> {
  const hash = requestKeyHash(input.requestKey);
  const image = checkedImage(input.bytes, folderOf(hash));
  const { key } = image;
  // Counted and recorded under a lock on the request, so two uploads at once cannot both be
  // the fifth; a request already sent takes no more photos.
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`;
    const [row] = await tx<{ n: number; sent: boolean }[]>`
      select (select count(*)::int from quote_uploads where request_key_hash = ${hash}) as n,
             exists (select 1 from leads where request_key = ${input.requestKey.toLowerCase()}) as sent`;
    if (row!.sent) throw new AppError('CONFLICT', ALREADY_SENT);
    if (row!.n >= MAX_PHOTOS) throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.tooMany);
    await tx`insert into quote_uploads (key, request_key_hash) values (${key}, ${hash})`;
  });
  try {
    await putImage(store, image);
  } catch (error) {
    await sql`delete from quote_uploads where key = ${key}`;
    throw error;
  }
  return { url: `/uploads/${key}` };
}

/**
 * Deletes a photo of this request, while the request is not sent yet; another request's photo
 * is NOT_FOUND, as is one already gone.
 */
export async function deleteQuotePhoto(
  sql: Sql,
  store: UploadStore,
  input: { requestKey: string; url: string },
): Promise<void> {
  const hash = requestKeyHash(input.requestKey);
  const key = keyOf(input.url);
  const [owned] = await sql<{ sent: boolean }[]>`
    select exists (select 1 from leads where request_key = ${input.requestKey.toLowerCase()}) as sent
    from quote_uploads where key = ${key} and request_key_hash = ${hash}`;
  if (!owned) throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  if (owned.sent) throw new AppError('CONFLICT', ALREADY_SENT);
  await withStore(PHOTO_MESSAGES.deleteFailed, () => store.delete(key));
  await sql`delete from quote_uploads where key = ${key}`;
}

/** Refuses a request that cites a photo it did not upload (or one since deleted). */
export async function checkRequestPhotos(
  tx: TransactionSql,
  requestKey: string,
  urls: readonly string[],
): Promise<void> {
  if (!urls.length) return;
  const keys = urls.map(keyOf);
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from quote_uploads
    where request_key_hash = ${requestKeyHash(requestKey)} and key in ${tx(keys)}`;
  if (row!.n !== new Set(keys).size || keys.length !== new Set(keys).size) {
    throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.unknownPhoto, { photos: [PHOTO_MESSAGES.unknownPhoto] });
  }
}

/** How long an upload may wait for the request that cites it. */
const UNUSED_UPLOAD_HOURS = 48;

/**
 * Deletes uploads no request kept: older than 48 hours and cited by no request that is still
 * waiting or was sold (an expired request's photos go with it). Returns how many went.
 */
export async function deleteUnusedUploads(sql: Sql, store: UploadStore, limit = 500): Promise<number> {
  const unused = await sql<{ key: string }[]>`
    select u.key from quote_uploads u
    where u.created_at < now() - make_interval(hours => ${UNUSED_UPLOAD_HOURS})
      and not exists (select 1 from leads l
                      where l.qualification <> 'expired' and ('/uploads/' || u.key) = any(l.photos))
    order by u.created_at limit ${limit}`;
  let deleted = 0;
  for (const { key } of unused) {
    try {
      await store.delete(key);
      await sql`delete from quote_uploads where key = ${key}`;
      deleted += 1;
    } catch (error) {
      log().error({ err: error }, `upload ${key} could not be deleted; the next sweep tries again`);
    }
  }
  return deleted;
}
