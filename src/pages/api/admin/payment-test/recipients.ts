// GET /api/admin/payment-test/recipients?q=: active businesses by name that could receive test
// leads (10 at most). POST {businessId, receives}: names one a test recipient or stops it (audited).
import { ZRecipientChange, ZRecipientQuery } from '~/schemas/admin-payment-test';
import { findRecipientCandidates, setTestRecipient } from '~/server/admin';
import { db } from '~/server/platform/db/client';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'admin', query: ZRecipientQuery }, async ({ query }) =>
  Response.json({ businesses: await findRecipientCandidates(db(), query.q) }),
);

export const POST = route({ auth: 'admin', body: ZRecipientChange }, async ({ user, body }) =>
  Response.json({ recipient: await setTestRecipient(db(), user, body.businessId, body.receives) }),
);
