// Every uploaded photo goes through the same steps: at most MAX_PHOTO_BYTES, an image by its
// content (JPEG, PNG or WebP), its metadata stripped, then put in the upload store under a random
// name in the caller's folder (a quote's photos, a business's, an article cover, a message's),
// refused with the spec's photo M.
import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES as M } from '../../../domain/quote-rules.ts';
import { AppError } from '../errors.ts';
import type { UploadStore } from '../storage/upload-store.ts';
import { IMAGE_TYPES, MalformedImageError, sniffImage, stripMetadata, type ImageKind } from './image.ts';
import { log } from '../log.ts';

/** The photo checked and cleaned, with the key it will be stored under in `folder`. */
export function checkedImage(
  bytes: Uint8Array,
  folder: string,
): { clean: Uint8Array; kind: ImageKind; key: string } {
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.invalidType);
  try {
    return { clean: stripMetadata(bytes, kind), kind, key: `${folder}${randomUUID()}.${kind}` };
  } catch (error) {
    if (error instanceof MalformedImageError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.invalidType);
    throw error;
  }
}

/** Puts a checked photo in the store; a store failure is a 502. */
export async function putImage(
  store: UploadStore,
  image: { clean: Uint8Array; kind: ImageKind; key: string },
): Promise<{ url: string; key: string }> {
  try {
    await store.put(image.key, image.clean, IMAGE_TYPES[image.kind]);
  } catch (error) {
    log().error({ err: error }, 'Upload store failed');
    throw new AppError('BAD_GATEWAY', M.uploadFailed);
  }
  return { url: `/uploads/${image.key}`, key: image.key };
}

/** checkedImage, then putImage: the photo's public URL and store key. */
export function storeImage(
  store: UploadStore,
  bytes: Uint8Array,
  folder: string,
): Promise<{ url: string; key: string }> {
  return putImage(store, checkedImage(bytes, folder));
}
