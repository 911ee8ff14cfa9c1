// Photos for a quote request, before the request exists: kept under the wizard's request key
// (`quotes/<requestKey>/<uuid>.<ext>`), checked by content, stripped of EXIF, at most MAX_PHOTOS.
// The spec keeps uploads in a folder per user; the homeowner here is anonymous, so the request
// key (a random UUID the wizard makes once and keeps until the request is sent) is that
// anonymous uploader's folder.
import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../../domain/quote-rules.ts';
import { PHOTO_URL_PATTERN } from '../../schemas/quote.ts';
import { AppError } from '../errors.ts';
import type { UploadStore } from '../storage/uploads.ts';
import { IMAGE_TYPES, MalformedImageError, sniffImage, stripMetadata } from './image.ts';

export const PHOTO_MESSAGES = {
  invalidType: 'Invalid file type: Please upload a JPEG, PNG, or WebP image',
  tooLarge: 'File too large',
  tooMany: `You can upload up to ${MAX_PHOTOS} photos`,
  notFound: 'Photo not found',
  /** The wizard's toast puts this under its 'Upload failed' title, as the spec words it. */
  uploadFailed: 'There was an error uploading your image. Please try again.',
  deleteFailed: 'Delete failed.',
} as const;

/**
 * The store's own failure (Supabase Storage down, a full disk) as the spec's message with 502,
 * not the generic 500: the homeowner can retry, and the cause is logged for us.
 */
async function withStore<T>(message: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    console.error('Upload store failed:', error);
    throw new AppError('BAD_GATEWAY', message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request's folder in the store; its key is a uuid (lower case, as in PHOTO_URL_PATTERN). */
function folderOf(requestKey: string): string {
  const key = requestKey.toLowerCase();
  if (!UUID.test(key)) throw new AppError('BAD_REQUEST', 'Missing request key');
  return `quotes/${key}/`;
}

export async function uploadQuotePhoto(
  store: UploadStore,
  input: { requestKey: string; bytes: Uint8Array },
): Promise<{ url: string }> {
  const folder = folderOf(input.requestKey);
  if (input.bytes.length > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  const kind = sniffImage(input.bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.invalidType);
  let clean: Uint8Array;
  try {
    clean = stripMetadata(input.bytes, kind);
  } catch (error) {
    if (error instanceof MalformedImageError) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.invalidType);
    }
    throw error;
  }
  const failed = PHOTO_MESSAGES.uploadFailed;
  if ((await withStore(failed, () => store.list(folder))).length >= MAX_PHOTOS) {
    throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.tooMany);
  }
  const key = `${folder}${randomUUID()}.${kind}`;
  await withStore(failed, () => store.put(key, clean, IMAGE_TYPES[kind]));
  // Two uploads at once can both pass the count above; an upload that then sees more than the
  // limit takes its own photo back, so the folder never keeps more than MAX_PHOTOS.
  if ((await withStore(failed, () => store.list(folder))).length > MAX_PHOTOS) {
    await withStore(failed, () => store.delete(key));
    throw new AppError('BAD_REQUEST', PHOTO_MESSAGES.tooMany);
  }
  return { url: `/uploads/${key}` };
}

/** Deletes a photo of this request only; another request's photo is NOT_FOUND, as is a gone one. */
export async function deleteQuotePhoto(
  store: UploadStore,
  input: { requestKey: string; url: string },
): Promise<void> {
  const key = input.url.replace(/^\/uploads\//, '');
  if (!PHOTO_URL_PATTERN.test(input.url) || !key.startsWith(folderOf(input.requestKey))) {
    throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  }
  if (!(await withStore(PHOTO_MESSAGES.deleteFailed, () => store.delete(key)))) {
    throw new AppError('NOT_FOUND', PHOTO_MESSAGES.notFound);
  }
}
