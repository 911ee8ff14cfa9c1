// POST /api/netlify/deploy-status: where Netlify's deploy notifications go (outgoing webhooks
// "Deploy succeeded" and "Deploy failed" with the JWS secret NETLIFY_DEPLOY_WEBHOOK_SECRET; README
// "Publishing"). The body is read raw, at most 1 MB, for its signature: a missing or wrong one is a
// 401 and writes nothing. 200 whether the deploy ended a publish run or was one no publish started.
// Without the secret it is 404.
import { netlifyDeployWebhookSecret } from '~/server/platform/config/site';
import { db } from '~/server/platform/db/client';
import { AppError } from '~/server/platform/errors';
import { readBody } from '~/server/platform/http';
import {
  DeploySignatureError,
  NETLIFY_SIGNATURE_HEADER,
  receiveDeployStatus,
  verifyDeploySignature,
} from '~/server/platform/publish/deploy-status';
import { route } from '~/server/platform/route';
import { MAX_WEBHOOK_BYTES } from '~/server/platform/security/body-limits';

export const prerender = false;

export const POST = route({ auth: 'none' }, async ({ context }) => {
  const secret = netlifyDeployWebhookSecret();
  if (!secret) throw new AppError('NOT_FOUND', 'Not found');
  const rawBody = (await readBody(context.request, MAX_WEBHOOK_BYTES)).toString('utf8');
  try {
    await verifyDeploySignature(rawBody, context.request.headers.get(NETLIFY_SIGNATURE_HEADER), secret);
  } catch (error) {
    if (error instanceof DeploySignatureError) throw new AppError('UNAUTHORIZED', error.message);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', 'The deploy notification is not JSON');
  }
  const outcome = await receiveDeployStatus(db(), body);
  return Response.json({ received: true, outcome });
});
