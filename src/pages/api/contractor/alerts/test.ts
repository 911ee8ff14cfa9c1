// POST /api/contractor/alerts/test {channel?}: a test alert to each of the caller's devices
// ('push'), to its confirmed number for texts ('sms'), or both (no channel), sent at once
// ({devices}: how many it went to). None is a 409 saying to turn alerts on first; more than five
// in ten minutes is a 429.
import { ALERT_MESSAGES } from '~/domain/alert-rules';
import { ZTestAlert } from '~/schemas/alerts';
import { checkRateLimit } from '~/server/platform/security/rate-limit';
import { kickAlertSender, alertPorts, queueTestAlert } from '~/server/leads';
import { requireOwnedBusiness } from '~/server/accounts';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'contractor', body: ZTestAlert }, async ({ user, body }) => {
  await requireOwnedBusiness(db(), user.id);
  const limit = await checkRateLimit(db(), user.id, 'alert-test', 5, 10);
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', ALERT_MESSAGES.testLimited, undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const devices = await queueTestAlert(db(), user.id, body.channel);
  if (devices === 0)
    throw new AppError(
      'CONFLICT',
      body.channel === 'sms'
        ? ALERT_MESSAGES.smsNeedsPhone
        : body.channel === 'push'
          ? ALERT_MESSAGES.noDevices
          : ALERT_MESSAGES.nothingToTest,
    );
  kickAlertSender(db(), alertPorts);
  return Response.json({ devices });
});
