// GET /api/contractor/portfolio: the caller's portfolio in its order ({items}). POST multipart
// {title, description, file}: a job added last (201 {items}); 400 without a photo or past the
// limit, 415 not a JPEG, PNG or WebP image, 413 past 10 MB.
import { requireActiveBusiness, requireActiveOwner } from '~/server/accounts';
import { addPortfolioItem, listPortfolio, portfolioOfForm } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { uploadStore } from '~/server/platform/storage/uploads';
import { limitUploads } from '~/server/platform/uploads/limit-uploads';
import { readUploadForm } from '~/server/platform/uploads/read-photo-form';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const business = await requireActiveBusiness(db(), user.id);
  return Response.json({ items: await listPortfolio(db(), business.id) });
});

export const POST = route({ auth: 'contractor' }, async ({ context, user, once, unlessRepeat }) => {
  const owner = await requireActiveOwner(db(), user.id);
  await unlessRepeat(() => limitUploads(db(), requestMeta(context).ip));
  const form = await readUploadForm(context.request);
  return once(form, async () => {
    const items = await addPortfolioItem(db(), uploadStore(), owner, await portfolioOfForm(form));
    schedulePublish(user.id);
    return Response.json({ items }, { status: 201 });
  });
});
