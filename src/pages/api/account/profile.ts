// GET /api/account/profile: the signed-in user's profile and preferences (created when missing).
// PUT {fullName, email}: saves the name; a different e-mail is mailed a verification link and
// changes only once it is followed; asking for that needs a recent password (403 REAUTH_REQUIRED).
import { ZProfileUpdate } from '~/schemas/auth';
import { getProfile, updateProfile } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { kickMailSender } from '~/server/platform/mail/sender';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'user' }, async ({ user }) =>
  Response.json(await getProfile(db(), user.id)),
);

export const PUT = route({ auth: 'user', body: ZProfileUpdate }, async ({ user, body }) => {
  const result = await updateProfile(db(), user, body);
  if (result.verificationSent) kickMailSender(db());
  return Response.json({ ...result, profile: await getProfile(db(), user.id) });
});
