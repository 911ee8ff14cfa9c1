// Quote photos. POST multipart/form-data { requestKey, file } answers 201 { url }; 415 for a file
// that is not a JPEG, PNG or WebP image (by content), 413 past 10 MB (by Content-Length before the
// body is read), 400 past 5 photos. DELETE ?requestKey=&url= answers { ok: true } or 404.
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { limitUploads } from '~/server/platform/uploads/limit-uploads';
import { deleteQuotePhoto, uploadQuotePhoto } from '~/server/platform/uploads/quote-photos';
import { photoOfForm, readUploadForm, ZDeletePhoto } from '~/server/platform/uploads/read-photo-form';

export const prerender = false;

// No body schema: the handler reads the multipart body itself.
export const POST = route({ auth: 'none' }, async ({ context, once, unlessRepeat }) => {
  await unlessRepeat(() => limitUploads(db(), requestMeta(context).ip));
  const form = await readUploadForm(context.request);
  return once(form, async () => {
    const photo = await photoOfForm(form);
    return Response.json(await uploadQuotePhoto(db(), uploadStore(), photo), { status: 201 });
  });
});

export const DELETE = route({ auth: 'none', query: ZDeletePhoto }, async ({ query }) => {
  await deleteQuotePhoto(db(), uploadStore(), query);
  return Response.json({ ok: true });
});
