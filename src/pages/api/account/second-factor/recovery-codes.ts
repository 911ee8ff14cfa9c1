// POST /api/account/second-factor/recovery-codes: ten new recovery codes, shown once; the old
// ones stop working. Needs a second factor, proved in this session. The codes are never kept for
// an idempotent replay (keyed: false).
import { FACTOR_MESSAGES, replaceRecoveryCodes, requireProvedSession } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', keyed: false }, async ({ user }) => {
  if (!user.secondFactor.enrolled) throw new AppError('CONFLICT', FACTOR_MESSAGES.noFactor);
  requireProvedSession(user);
  return Response.json({ recoveryCodes: await replaceRecoveryCodes(db(), user.id) });
});
