// Photos of the owner's business: checked by content, stripped of metadata, stored under the
// business's own folder (businesses/<id>/), and listed in businesses.images with a publish
// request in the same transaction. Deleting a photo the profile does not list is NOT_FOUND; a
// listed photo outside the business's folder (a demo placeholder) is only unlisted, never
// deleted from the store, since other listings may share it.
import { PROFILE_MESSAGES, PROFILE_PHOTOS_MAX } from '../../../domain/profile-rules.ts';
import type { Sql } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { requestPublish } from '../../platform/publish/request-publish.ts';
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { storeImage } from '../../platform/uploads/store-image.ts';
import { log } from '../../platform/log.ts';
import { NO_BUSINESS_MESSAGE } from '../accounts-rules.ts';

type Owner = { id: string; ownerId: string };

const folderOf = (businessId: string) => `businesses/${businessId}/`;
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * A photo of the business, checked by content, stripped of metadata and put under the business's
 * own folder: its public URL. Shared by the profile's photos and the portfolio's.
 */
export async function storeBusinessImage(
  store: UploadStore,
  businessId: string,
  bytes: Uint8Array,
): Promise<{ url: string; key: string }> {
  return storeImage(store, bytes, folderOf(businessId));
}

/**
 * Removes a photo the business no longer lists from the store, when it is in the business's own
 * folder (demo placeholders are shared and stay). A store failure leaves an orphan file, logged.
 */
export async function discardBusinessImage(
  store: UploadStore,
  businessId: string,
  url: string,
): Promise<void> {
  const key = keyOf(url);
  if (!key.startsWith(folderOf(businessId))) return;
  await store.delete(key).catch((error: unknown) => log().error({ err: error }, `photo ${key} not deleted`));
}

export async function uploadBusinessPhoto(
  sql: Sql,
  store: UploadStore,
  business: Owner,
  bytes: Uint8Array,
): Promise<{ url: string; images: string[] }> {
  const [row] = await sql<{ n: number }[]>`
    select cardinality(images) as n from businesses where id = ${business.id} and owner_id = ${business.ownerId}`;
  if (!row) throw new AppError('NOT_FOUND', NO_BUSINESS_MESSAGE);
  if (row.n >= PROFILE_PHOTOS_MAX) throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.photosFull);
  const { url, key } = await storeBusinessImage(store, business.id, bytes);
  // Appended under the row's lock, so two uploads at once cannot both pass the limit.
  const images = await sql.begin(async (tx) => {
    const [updated] = await tx<{ images: string[] }[]>`
      update businesses set images = array_append(images, ${url})
       where id = ${business.id} and owner_id = ${business.ownerId} and cardinality(images) < ${PROFILE_PHOTOS_MAX}
      returning images`;
    if (!updated) return null;
    await requestPublish(tx, {
      reason: 'Photo added by its owner',
      entityType: 'business',
      entityId: business.id,
      requestedBy: business.ownerId,
      automatic: true,
    });
    return updated.images;
  });
  if (!images) {
    await store.delete(key).catch(() => false);
    throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.photosFull);
  }
  return { url, images };
}

export async function deleteBusinessPhoto(
  sql: Sql,
  store: UploadStore,
  business: Owner,
  url: string,
): Promise<{ images: string[] }> {
  const images = await sql.begin(async (tx) => {
    const [updated] = await tx<{ images: string[] }[]>`
      update businesses set images = array_remove(images, ${url})
       where id = ${business.id} and owner_id = ${business.ownerId} and ${url} = any(images)
      returning images`;
    if (!updated) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
    await requestPublish(tx, {
      reason: 'Photo removed by its owner',
      entityType: 'business',
      entityId: business.id,
      requestedBy: business.ownerId,
      automatic: true,
    });
    return updated.images;
  });
  // Unlisted already: a store failure leaves an orphan file, never a broken profile.
  await discardBusinessImage(store, business.id, url);
  return { images };
}
