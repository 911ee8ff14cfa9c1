// A photo sent with a message: the upload store's rules for every photo (JPEG, PNG or WebP by
// content, at most 10 MB, metadata stripped), under messages/ with a random name, so its URL
// names neither the request nor either side.
import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../../domain/quote-rules.ts';
import { AppError } from '../errors.ts';
import type { UploadStore } from '../storage/uploads.ts';
import { IMAGE_TYPES, MalformedImageError, sniffImage, stripMetadata } from '../uploads/image.ts';

export async function storeMessagePhoto(
  store: UploadStore,
  bytes: Uint8Array,
): Promise<{ url: string; key: string }> {
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.invalidType);
  let clean: Uint8Array;
  try {
    clean = stripMetadata(bytes, kind);
  } catch (error) {
    if (error instanceof MalformedImageError)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.invalidType);
    throw error;
  }
  const key = `messages/${randomUUID()}.${kind}`;
  try {
    await store.put(key, clean, IMAGE_TYPES[kind]);
  } catch (error) {
    console.error('Upload store failed:', error);
    throw new AppError('BAD_GATEWAY', PHOTO_MESSAGES.uploadFailed);
  }
  return { url: `/uploads/${key}`, key };
}

/** A photo whose message was refused after it was stored. */
export async function discardMessagePhoto(store: UploadStore, key: string): Promise<void> {
  await store.delete(key).catch((error: unknown) => console.error(`photo ${key} not deleted`, error));
}
