// POST /api/quotes/status { requestKey }: where the request stands, answered as POST
// /api/quotes/verify answers (status 'sent' with `selling` while its sale runs, then the
// contractors who paid), for the wizard to follow the sale. Reads only; 404 for an unknown key.
import { ZQuoteStatus } from '~/schemas/phone-proof';
import { db } from '~/server/platform/db/client';
import { quoteStatus } from '~/server/leads';
import { route } from '~/server/platform/route';

export const prerender = false;

// Not keyed: a read asked every 0.7 s stores no request key (the wizard's api() sends one per POST).
export const POST = route({ auth: 'none', body: ZQuoteStatus, keyed: false }, async ({ body }) =>
  Response.json(await quoteStatus(db(), body)),
);
