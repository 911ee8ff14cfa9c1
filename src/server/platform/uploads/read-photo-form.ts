// The photo upload's input: a multipart body of one photo and the wizard's request key, read no
// further than the photo's limit allows whatever Content-Length says.
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { readBody } from '../http.ts';
import { MAX_UPLOAD_BYTES } from '../security/body-limits.ts';
import { PHOTO_MESSAGES } from './quote-photos.ts';

const ZUpload = z.object({
  requestKey: z.uuid('Missing request key'),
  file: z.instanceof(File, { error: 'Please choose a photo' }),
});

/** DELETE /api/uploads?requestKey=&url=: which photo of which request. */
export const ZDeletePhoto = z.object({ requestKey: z.uuid('Missing request key'), url: z.string().max(200) });

/**
 * A multipart body of one photo and a few short fields, read no further than the photo's limit
 * allows (415 for any other body, 413 past the limit, 400 for broken framing).
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
  }
  const body = await readBody(request, MAX_UPLOAD_BYTES, PHOTO_MESSAGES.tooLarge);
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'The upload is not valid multipart/form-data');
  }
}

/** The quote wizard's photo: the request it belongs to and the photo's bytes. */
export async function photoOfForm(form: FormData): Promise<{ requestKey: string; bytes: Uint8Array }> {
  const input = ZUpload.parse({ requestKey: form.get('requestKey'), file: form.get('file') });
  return { requestKey: input.requestKey, bytes: new Uint8Array(await input.file.arrayBuffer()) };
}

/** A form's one photo (`file`) and nothing else needed: the dashboard's profile photos. */
export async function photoFileOfForm(form: FormData): Promise<Uint8Array> {
  const file = z.instanceof(File, { error: 'Please choose a photo' }).parse(form.get('file'));
  return new Uint8Array(await file.arrayBuffer());
}

/** A form's photo (`file`) where one may come or not: none, or an empty file, is null. */
export async function optionalPhotoOfForm(form: FormData): Promise<Uint8Array | null> {
  const file = form.get('file');
  return file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}
