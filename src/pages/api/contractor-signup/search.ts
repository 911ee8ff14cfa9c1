// GET /api/contractor-signup/search?q=: the registration's business search (our unclaimed
// listings, then Google Places when configured). Public, limited per client address.
import { ZSignupSearchQuery } from '~/schemas/contractor-signup';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { placesDirectory } from '~/server/platform/places/places';
import { searchSignupBusinesses } from '~/server/accounts';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route(
  { auth: 'none', query: ZSignupSearchQuery, maxQuery: 512 },
  async ({ context, query }) => {
    const results = await searchSignupBusinesses(db(), query.q, placesDirectory(), requestMeta(context).ip);
    return Response.json({ results });
  },
);
