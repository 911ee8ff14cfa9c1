// POST /api/quote-responses/push {token | requestId, subscription}: this browser gets a
// notification for each new response or quote on the homeowner's request (issue 27, Must 4).
// DELETE /api/quote-responses/push {token | requestId, endpoint}: it stops (endpoint 'all': every
// browser listening to the request stops). The token of the mailed
// responses link proves whose request it is; a signed-in homeowner may name one of their own
// requests instead. Answers { on, devices }; 404 for a link or request that is not theirs.
import { ZRequestPushDevice, ZRequestPushOn, type RequestPushState } from '~/schemas/alerts';
import { requestAccessOf, turnOffRequestPush, turnOnRequestPush } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'none', body: ZRequestPushOn }, async ({ body, user, context }) => {
  const access = requestAccessOf(body, user);
  const state = await turnOnRequestPush(
    db(),
    access,
    body.subscription,
    context.request.headers.get('user-agent'),
  );
  return Response.json(state satisfies RequestPushState);
});

export const DELETE = route({ auth: 'none', body: ZRequestPushDevice }, async ({ body, user }) => {
  const state = await turnOffRequestPush(db(), requestAccessOf(body, user), body.endpoint);
  return Response.json(state satisfies RequestPushState);
});
