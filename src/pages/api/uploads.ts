// Quote photos. POST multipart/form-data { requestKey, file } answers 201 { url }; 415 for a file
// that is not a JPEG, PNG or WebP image (by content), 413 past 10 MB (by Content-Length before the
// body is read), 400 past 5 photos. DELETE ?requestKey=&url= answers { ok: true } or 404.
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { MAX_PHOTO_BYTES } from '~/domain/quote-rules';
import { checkRateLimit } from '~/server/auth/rate-limit';
import { db } from '~/server/db/client';
import { AppError, errorResponse } from '~/server/errors';
import { PRIVATE, readBody, requestMeta } from '~/server/http';
import { uploadStore } from '~/server/storage/uploads';
import { deleteQuotePhoto, PHOTO_MESSAGES, uploadQuotePhoto } from '~/server/uploads/quote-photos';

export const prerender = false;

/** The photo plus the multipart framing and the other field. */
const MAX_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

const ZUpload = z.object({
  requestKey: z.uuid('Missing request key'),
  file: z.instanceof(File, { error: 'Please choose a photo' }),
});
const ZDelete = z.object({ requestKey: z.uuid('Missing request key'), url: z.string().max(200) });

/** The multipart body, read no further than MAX_BODY_BYTES whatever Content-Length says. */
async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data');
  }
  const body = await readBody(request, MAX_BODY_BYTES, PHOTO_MESSAGES.tooLarge);
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'The upload is not valid multipart/form-data');
  }
}

/** Uploads from one client address per hour: enough for a dozen quotes, not for free hosting. */
const UPLOADS_PER_IP_PER_HOUR = 60;

export const POST: APIRoute = async (context) => {
  const { request } = context;
  try {
    const { ip } = requestMeta(context);
    if (ip && !(await checkRateLimit(db(), ip, 'upload:ip', UPLOADS_PER_IP_PER_HOUR, 60)).allowed) {
      throw new AppError('RATE_LIMITED', 'Too many uploads. Please try again later.');
    }
    const form = await readForm(request);
    const input = ZUpload.parse({ requestKey: form.get('requestKey'), file: form.get('file') });
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const result = await uploadQuotePhoto(uploadStore(), { requestKey: input.requestKey, bytes });
    return Response.json(result, { status: 201, headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};

export const DELETE: APIRoute = async ({ url }) => {
  try {
    const input = ZDelete.parse(Object.fromEntries(url.searchParams));
    await deleteQuotePhoto(uploadStore(), input);
    return Response.json({ ok: true }, { headers: PRIVATE });
  } catch (error) {
    return errorResponse(error, PRIVATE);
  }
};
