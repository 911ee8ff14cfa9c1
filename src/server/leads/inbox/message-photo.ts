// A photo sent with a message: the upload store's rules for every photo (JPEG, PNG or WebP by
// content, at most 10 MB, metadata stripped), under messages/ with a random name, so its URL
// names neither the request nor either side.
import type { UploadStore } from '../../platform/storage/upload-store.ts';
import { storeImage } from '../../platform/uploads/store-image.ts';
import { log } from '../../platform/log.ts';

export function storeMessagePhoto(
  store: UploadStore,
  bytes: Uint8Array,
): Promise<{ url: string; key: string }> {
  return storeImage(store, bytes, 'messages/');
}

/** A photo whose message was refused after it was stored. */
export async function discardMessagePhoto(store: UploadStore, key: string): Promise<void> {
  await store.delete(key).catch((error: unknown) => log().error({ err: error }, `photo ${key} not deleted`));
}
