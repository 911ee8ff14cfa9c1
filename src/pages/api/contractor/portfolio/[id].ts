// POST /api/contractor/portfolio/:id multipart {title, description, file?}: the item's text
// saved, and its photo replaced when a file comes ({items}). DELETE: the item removed ({items}).
// Another business's item, like an unknown one, is 404.
import { requireActiveOwner } from '~/server/accounts';
import { editPortfolioItem, portfolioOfForm, removePortfolioItem } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { limitUploads } from '~/server/platform/uploads/limit-uploads';
import { readUploadForm } from '~/server/platform/uploads/read-photo-form';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const POST = route({ auth: 'contractor' }, async ({ context, user, once, unlessRepeat }) => {
  const owner = await requireActiveOwner(db(), user.id);
  const form = await readUploadForm(context.request);
  const input = await portfolioOfForm(form);
  if (input.photo) await unlessRepeat(() => limitUploads(db(), requestMeta(context).ip));
  return once(form, async () => {
    const items = await editPortfolioItem(db(), uploadStore(), owner, context.params['id'] ?? '', input);
    schedulePublish(user.id);
    return Response.json({ items });
  });
});

export const DELETE = route({ auth: 'contractor' }, async ({ context, user }) => {
  const owner = await requireActiveOwner(db(), user.id);
  const items = await removePortfolioItem(db(), uploadStore(), owner, context.params['id'] ?? '');
  schedulePublish(user.id);
  return Response.json({ items });
});
