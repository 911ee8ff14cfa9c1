// POST /api/admin/publish: publishes the pending changes (a rebuild of the prebuilt pages; it joins
// the queued run if one waits) and answers 202 with the run. GET: the latest runs and how many
// changes wait for the next publish. Admins only.
import { db } from '~/server/platform/db/client';
import { publishState } from '~/server/platform/publish/publish-runs';
import { publisher } from '~/server/platform/publish/publisher';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin' }, async () => Response.json(await publishState(db())));

export const POST = route({ auth: 'admin' }, async ({ user }) =>
  Response.json(await publisher().publish(user.id), { status: 202 }),
);
