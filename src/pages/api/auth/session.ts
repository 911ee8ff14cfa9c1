// GET /api/auth/session: who is signed in, for the account menu of prebuilt pages.
import { route } from '~/server/platform/route';

export const prerender = false;

export const GET = route({ auth: 'none' }, ({ user }) =>
  Response.json({ user: user ? { email: user.email, fullName: user.fullName, roles: user.roles } : null }),
);
