// Every on-demand request: refuse a host this site does not serve and a body larger than the
// route takes, refuse cross-site state changes (CSRF), load the signed-in user from the session
// cookie, apply the route guards before any HTML is rendered, and put the security headers on
// the answer. The Node server (scripts/lib/site-server.ts) has already checked the host and the
// body for everything it serves; this repeats it where no server of ours runs first (Netlify's
// function, astro dev).
import { defineMiddleware } from 'astro:middleware';
import type { APIContext } from 'astro';
import { decide } from './domain/guards.ts';
import { validateSession } from './server/platform/security/sessions.ts';
import { serverEnv } from './server/platform/config/env.ts';
import { checkProductionConfig } from './server/platform/config/production.ts';
import { db } from './server/platform/db/client.ts';
import { isDatabaseUnavailable } from './server/platform/db/unavailable.ts';
import { runnerHost, startJobRunner } from './server/jobs/index.ts';
import { errorResponse } from './server/platform/errors.ts';
import { clearSessionCookie, PRIVATE, sessionCookieName } from './server/platform/http.ts';
import { bodyLimit, declaredTooLarge, tooLargeMessage } from './server/platform/security/body-limits.ts';
import { refusedAsCrossSite } from './server/platform/security/cross-site.ts';
import { NON_PAGE_CSP, securityHeaders } from './server/platform/security/headers.ts';
import {
  hostPolicy,
  resolveSite,
  type HostPolicy,
  type RequestSite,
} from './server/platform/security/request-site.ts';

let policy: HostPolicy | undefined;

/**
 * Without our Node server in front, the request URL is what the platform built: on Netlify its
 * edge terminates TLS, routes only the site's own domains to the function and names the
 * client (context.ip), so the URL's scheme and the client address are believed and the host is
 * checked against the configured ones.
 */
function siteFromUrl(context: APIContext): ReturnType<typeof resolveSite> {
  policy ??= hostPolicy(serverEnv());
  let peer: string | null;
  try {
    peer = context.clientAddress;
  } catch {
    peer = null;
  }
  return resolveSite({ host: context.url.host, peer, encrypted: context.url.protocol === 'https:' }, policy);
}

const json = (status: number, error: string, code: string) =>
  Response.json({ error, code }, { status, headers: PRIVATE });

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const given = (context.locals as Partial<App.Locals>).site;
  let site: RequestSite;
  if (given) {
    site = given;
  } else {
    const decision = siteFromUrl(context);
    if (!decision.ok) {
      return withSecurityHeaders(new Response(decision.message, { status: decision.status }), false);
    }
    site = decision.site;
    context.locals.site = site;
  }
  let response: Response;
  try {
    response = await handle(context, next, site);
  } catch (error) {
    // The database unreachable (the session lookup, or a route outside route()): an API answers
    // its JSON 503; a page's error is rendered by src/pages/500.astro, which answers 503 too.
    if (!context.url.pathname.startsWith('/api/') || !isDatabaseUnavailable(error)) throw error;
    response = errorResponse(error, {
      headers: PRIVATE,
      where: `${context.request.method} ${context.url.pathname}`,
    });
  }
  // Astro answers its error page (src/pages/500.astro) with 500 whatever the page sets; the page
  // marks the database being unreachable with Retry-After, which makes it the 503 it is.
  if (response.status === 500 && response.headers.has('retry-after')) {
    response = new Response(response.body, {
      status: 503,
      statusText: 'Service Unavailable',
      headers: response.headers,
    });
  }
  return withSecurityHeaders(response, site.secure);
});

async function handle(
  context: APIContext,
  next: () => Promise<Response>,
  site: RequestSite,
): Promise<Response> {
  const { request, url } = context;
  if (declaredTooLarge(request.headers.get('content-length'), bodyLimit(url.pathname))) {
    return json(413, tooLargeMessage(url.pathname), 'PAYLOAD_TOO_LARGE');
  }
  // A production server missing a secret answers nothing rather than fall back (config/production.ts).
  checkProductionConfig();
  // Our Node server runs the background jobs in this process, on this bundle's pool (runner.ts);
  // only once the configuration is known to be whole, and never failing the request.
  if (runnerHost()?.wanted) startJobRunner(db);
  if (refusedAsCrossSite(request, url.pathname, site.origin)) {
    return json(403, 'Cross-site request refused', 'FORBIDDEN');
  }
  const token = context.cookies.get(sessionCookieName(site))?.value;
  try {
    context.locals.user = token ? await validateSession(db(), token) : null;
  } catch (error) {
    // The error page of a request that failed because the database is unreachable is shown
    // signed out (the session cannot be looked up either); the cookie is kept.
    if (context.routePattern !== '/500' || !isDatabaseUnavailable(error)) throw error;
    context.locals.user = null;
    return next();
  }
  if (token && !context.locals.user) clearSessionCookie(context);

  const decision = decide(url.pathname, url.search, context.locals.user);
  if (decision.kind === 'redirect') {
    return new Response(null, { status: 302, headers: { location: decision.location, ...PRIVATE } });
  }
  if (decision.kind === 'deny') {
    const code = decision.code ?? (decision.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
    return json(decision.status, decision.message, code);
  }
  const response = await next();
  return context.locals.user ? privateIfPage(response) : response;
}

/**
 * A page rendered for a signed-in visitor names them (the account menu's e-mail): whatever the
 * page says of its caching, no shared cache and no service worker may keep it.
 */
function privateIfPage(response: Response): Response {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  if (!/\bpublic\b|s-maxage/.test(response.headers.get('cache-control') ?? '')) return response;
  const answer = new Response(response.body, response);
  answer.headers.set('cache-control', PRIVATE['cache-control']);
  answer.headers.delete('cdn-cache-control');
  answer.headers.delete('netlify-cdn-cache-control');
  return answer;
}

/**
 * The security headers on an on-demand answer. A page carries the policy Astro wrote for it (with
 * its hashes); anything else gets the policy that lets nothing load.
 */
function withSecurityHeaders(response: Response, secure: boolean): Response {
  let answer = response;
  try {
    answer.headers.set('x-content-type-options', 'nosniff');
  } catch {
    // Response.redirect() and fetched responses have immutable headers: copy.
    answer = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(securityHeaders({ secure }))) answer.headers.set(name, value);
  if (!answer.headers.has('content-security-policy'))
    answer.headers.set('content-security-policy', NON_PAGE_CSP);
  return answer;
}
