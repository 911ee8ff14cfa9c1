// POST /dev/push/sandbox-phone: the sandbox phone's push service (src/server/leads/alerts/sandbox-phone.ts),
// where alerts to it arrive on a developer's machine; /dev/push shows them. Exists only where
// /dev/sms does (the embedded database, for requests from this machine to a loopback host name);
// elsewhere, and for any other id, 404.
import { receiveSandboxPush, SANDBOX_PHONE, sandboxPhoneHere } from '~/server/leads';
import { AppError } from '~/server/platform/errors';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context }) => {
  const exists =
    context.params['id'] === SANDBOX_PHONE.id &&
    sandboxPhoneHere(requestMeta(context).ip, context.request.headers.get('host'));
  if (!exists) throw new AppError('NOT_FOUND', 'Not found');
  return receiveSandboxPush(context.request);
});
