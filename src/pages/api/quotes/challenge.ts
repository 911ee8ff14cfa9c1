// GET /api/quotes/challenge: a proof-of-work challenge for the quote form (ALTCHA), made and later
// checked by this server; a new one for every request, so never cached.
import { createQuoteChallenge } from '~/server/leads';
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'none' }, async () => Response.json(await createQuoteChallenge()));
