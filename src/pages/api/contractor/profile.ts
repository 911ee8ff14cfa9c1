// GET /api/contractor/profile: the Profile tab's data for the caller's own business. PUT with the
// ZBusinessProfile body saves it (no business id is taken from the request: it is always the
// caller's) and answers the saved profile; a change records a publish request.
import { ZBusinessProfile } from '~/schemas/business';
import { requireActiveOwner, getBusinessProfile, updateBusinessProfile } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';
import { schedulePublish } from '~/server/platform/publish/publisher';

export const prerender = false;

export const GET = route({ auth: 'contractor' }, async ({ user }) => {
  const owner = await requireActiveOwner(db(), user.id);
  return Response.json(await getBusinessProfile(db(), owner.id));
});

export const PUT = route({ auth: 'contractor', body: ZBusinessProfile }, async ({ user, body }) => {
  const owner = await requireActiveOwner(db(), user.id);
  const { changed } = await updateBusinessProfile(db(), owner, body);
  if (changed) schedulePublish(user.id);
  return Response.json({ changed, profile: await getBusinessProfile(db(), owner.id) });
});
