// The guard of /api/admin/* is in force (src/middleware.ts) before these endpoints exist: a caller
// who passes it is told there is no such endpoint yet.
import type { APIRoute } from 'astro';
import { PRIVATE } from '~/server/http';

export const prerender = false;

export const ALL: APIRoute = () =>
  Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404, headers: PRIVATE });
