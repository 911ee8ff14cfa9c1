// POST /api/quote-responses/push/state {token | requestId, endpoint}: whether this browser gets
// notifications for the homeowner's request (the responses page asks on load, to show the right
// button). A POST so the link's token never sits in a URL or a log. Answers { on }.
import { ZRequestPushDevice, type RequestPushState } from '~/schemas/alerts';
import { requestAccessOf, requestPushOn } from '~/server/alerts/request-push';
import { db } from '~/server/db/client';
import { route } from '~/server/route';

export const prerender = false;

export const POST = route(
  { auth: 'none', body: ZRequestPushDevice, keyed: false },
  async ({ body, user }) => {
    const on = await requestPushOn(db(), requestAccessOf(body, user), body.endpoint);
    return Response.json({ on } satisfies RequestPushState);
  },
);
