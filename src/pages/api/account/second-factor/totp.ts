// The authenticator app. POST: a new secret to set up (QR code as SVG, and as text), pending
// until PUT {code} confirms it with a first code (then the recovery codes, the first time);
// DELETE removes it. Replacing or removing one needs a session that proved the second factor.
// The answers hold a secret and recovery codes: never kept for an idempotent replay (keyed: false).
import { ZSecondFactorCode } from '~/schemas/second-factor';
import {
  confirmTotpEnrolment,
  startTotpEnrolment,
  removeSecondFactor,
  requireProvedSession,
} from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'user', keyed: false }, async ({ user }) => {
  requireProvedSession(user);
  const setup = await startTotpEnrolment(db(), user);
  return Response.json(setup);
});

export const PUT = route({ auth: 'user', body: ZSecondFactorCode, keyed: false }, async ({ user, body }) => {
  requireProvedSession(user);
  return Response.json(await confirmTotpEnrolment(db(), user, body.code));
});

export const DELETE = route({ auth: 'user' }, async ({ user }) => {
  requireProvedSession(user);
  await removeSecondFactor(db(), user, { kind: 'totp' });
  return Response.json({ ok: true });
});
