// POST /api/admin/content/articles/:id/cover, multipart/form-data {file}: the article's cover
// image through the upload port. 415 not a JPEG, PNG or WebP image (by content), 413 past 10 MB.
import * as z from 'zod/mini';
import { ZRecordId } from '~/schemas/admin';
import { setArticleCover } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { photoFileOfForm, readUploadForm } from '~/server/platform/uploads/read-photo-form';

export const prerender = false;

// No body schema: the handler reads the multipart body itself.
export const POST = route({ auth: 'admin' }, async ({ context, user, once }) => {
  const id = z.parse(ZRecordId, context.params.id);
  const form = await readUploadForm(context.request);
  return once(form, async () => {
    const article = await setArticleCover(
      db(),
      uploadStore(),
      { id: user.id },
      id,
      await photoFileOfForm(form),
    );
    return Response.json({ article });
  });
});
