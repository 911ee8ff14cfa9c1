// POST /api/admin/fraud/blocks/:id/release: a blocked phone, e-mail, device or domain may send
// requests again (the row kept, with who released it); audited.
import { ZNoBody } from '~/schemas/admin';
import { db } from '~/server/platform/db/client';
import { releaseIdentity } from '~/server/leads';
import { route } from '~/server/platform/route';

export const prerender = false;

export const POST = route({ auth: 'admin', body: ZNoBody }, async ({ context, user }) =>
  Response.json({ block: await releaseIdentity(db(), { id: user.id }, context.params['id'] ?? '') }),
);
