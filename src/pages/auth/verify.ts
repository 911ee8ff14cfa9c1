// GET /auth/verify?token=..: the link in a verification or e-mail-change mail. A new account's
// link confirms the address and signs the browser in; an e-mail change takes effect. Then on to
// the home page or Account Settings with a flag the page turns into a message.
import type { APIRoute } from 'astro';
import { ZTokenQuery } from '~/schemas/auth';
import { confirmEmailToken } from '~/server/auth/accounts';
import { db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { PRIVATE, requestMeta, setSessionCookie } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  const redirect = (location: string) =>
    new Response(null, { status: 302, headers: { location, ...PRIVATE } });
  const parsed = ZTokenQuery.safeParse({ token: context.url.searchParams.get('token') ?? '' });
  if (!parsed.success) return redirect('/auth?verify=invalid');
  try {
    const result = await confirmEmailToken(db(), parsed.data.token, requestMeta(context));
    if (result.session) {
      setSessionCookie(context.cookies, context.url, result.session.token, result.session.expiresAt);
      return redirect('/?verified=1');
    }
    return redirect(context.locals.user ? '/profile?email=changed' : '/auth?email=changed');
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return redirect('/auth?verify=taken');
    if (error instanceof AppError) return redirect('/auth?verify=invalid');
    throw error;
  }
};
