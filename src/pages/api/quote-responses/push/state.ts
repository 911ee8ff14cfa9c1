// POST /api/quote-responses/push/state {token | requestId, endpoint}: whether this browser gets
// notifications for the homeowner's request, and how many browsers do (the responses page asks on
// load, to show the right buttons). A POST so the link's token never sits in a URL or a log.
// Answers { on, devices }.
import { ZRequestPushDevice, type RequestPushState } from '~/schemas/alerts';
import { requestAccessOf, requestPushState } from '~/server/leads';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route(
  { auth: 'none', body: ZRequestPushDevice, keyed: false },
  async ({ body, user }) => {
    const state = await requestPushState(db(), requestAccessOf(body, user), body.endpoint);
    return Response.json(state satisfies RequestPushState);
  },
);
