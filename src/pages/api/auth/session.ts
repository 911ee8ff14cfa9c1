// GET /api/auth/session: who is signed in, for the account menu of prebuilt pages.
import type { APIRoute } from 'astro';
import { PRIVATE } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => {
  const user = locals.user;
  return Response.json(
    { user: user ? { email: user.email, fullName: user.fullName, roles: user.roles } : null },
    { headers: PRIVATE },
  );
};
