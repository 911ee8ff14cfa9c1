// The caller's business's profile photos. POST multipart/form-data { file } answers 201
// { url, images }: 415 not a JPEG, PNG or WebP image (by content), 413 past 10 MB, 400 past the
// profile's photo limit. DELETE ?url= unlists the photo and answers { images }; 404 if the
// profile does not list it.
import * as z from 'zod/mini';
import { requireActiveOwner, deleteBusinessPhoto, uploadBusinessPhoto } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { limitUploads } from '~/server/platform/uploads/limit-uploads';
import { photoFileOfForm, readUploadForm } from '~/server/platform/uploads/read-photo-form';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const POST = route({ auth: 'contractor' }, async ({ context, user, once, unlessRepeat }) => {
  const owner = await requireActiveOwner(db(), user.id);
  await unlessRepeat(() => limitUploads(db(), requestMeta(context).ip));
  const form = await readUploadForm(context.request);
  return once(form, async () => {
    const photos = await uploadBusinessPhoto(db(), uploadStore(), owner, await photoFileOfForm(form));
    schedulePublish(user.id);
    return Response.json(photos, { status: 201 });
  });
});

const ZPhotoUrl = z.strictObject({ url: z.string().check(z.maxLength(500)) });

export const DELETE = route({ auth: 'contractor', query: ZPhotoUrl }, async ({ user, query }) => {
  const owner = await requireActiveOwner(db(), user.id);
  const photos = await deleteBusinessPhoto(db(), uploadStore(), owner, query.url);
  schedulePublish(user.id);
  return Response.json(photos);
});
