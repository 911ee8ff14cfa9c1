// Every on-demand request: refuse cross-site state changes (CSRF), load the signed-in user from
// the session cookie, and apply the route guards before any HTML is rendered.
import { defineMiddleware } from 'astro:middleware';
import { decide } from './domain/guards.ts';
import { validateSession } from './server/auth/sessions.ts';
import { checkProductionConfig } from './server/config.ts';
import { db } from './server/db/client.ts';
import { clearSessionCookie, PRIVATE, sessionCookieName } from './server/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request must come from this site: Origin (or, lacking it, Referer) matches. */
function sameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === url.origin;
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin === url.origin;
    } catch {
      return false;
    }
  }
  // Browsers send Sec-Fetch-Site on every request; a cross-site one is refused.
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // A production server missing a secret answers nothing rather than fall back (config.ts).
  checkProductionConfig();
  const { request, url, cookies } = context;
  if (!SAFE_METHODS.has(request.method) && !sameOrigin(request, url)) {
    return Response.json(
      { error: 'Cross-site request refused', code: 'FORBIDDEN' },
      { status: 403, headers: PRIVATE },
    );
  }
  const token = cookies.get(sessionCookieName(url))?.value;
  context.locals.user = token ? await validateSession(db(), token) : null;
  if (token && !context.locals.user) clearSessionCookie(cookies, url);

  const decision = decide(url.pathname, url.search, context.locals.user);
  if (decision.kind === 'redirect') {
    return new Response(null, { status: 302, headers: { location: decision.location, ...PRIVATE } });
  }
  if (decision.kind === 'deny') {
    return Response.json(
      { error: decision.message, code: decision.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' },
      { status: decision.status, headers: PRIVATE },
    );
  }
  return next();
});
