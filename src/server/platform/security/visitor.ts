// A browser's own identity for fraud signals: a random token in a long-lived HttpOnly cookie
// (`__Host-visitor` over HTTPS, `visitor` on plain-http localhost), set the first time the browser
// sends a quote request, a review or a claim, or signs in. Only its SHA-256 is stored (on the
// request, the review, the account's signals), so a leaked row names no cookie. It proves
// nothing alone: clearing cookies makes a new one. It ties requests together when it is kept.
import type { APIContext } from 'astro';
import { clientPrefix } from '../../../domain/client-address.ts';
import { hashToken, newToken } from './tokens.ts';
import type { Db } from '../db/client.ts';
import { requestMeta } from '../http.ts';

/** How long a visitor cookie lives. */
const VISITOR_DAYS = 365;
/** A visitor cookie's token as newToken makes it. */
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function visitorCookieName(site: { secure: boolean }): string {
  return site.secure ? '__Host-visitor' : 'visitor';
}

export interface VisitorSignals {
  /** SHA-256 of the visitor cookie's token. */
  deviceHash: string;
  /** The client's network (clientPrefix), or null when the address is unknown. */
  clientPrefix: string | null;
}

/**
 * The request's visitor signals; gives the browser a visitor cookie if it has none (so the
 * answer sets a cookie: route() does not keep such answers for replays, which is right here).
 */
export function visitorSignals(
  context: Pick<APIContext, 'cookies' | 'locals' | 'request' | 'clientAddress'>,
): VisitorSignals {
  const name = visitorCookieName(context.locals.site);
  let token = context.cookies.get(name)?.value;
  if (!token || !VISITOR_TOKEN.test(token)) {
    token = newToken();
    context.cookies.set(name, token, {
      httpOnly: true,
      secure: context.locals.site.secure,
      sameSite: 'lax',
      path: '/',
      expires: new Date(Date.now() + VISITOR_DAYS * 86_400_000),
    });
  }
  const { ip } = requestMeta(context);
  return { deviceHash: hashToken(token), clientPrefix: ip ? clientPrefix(ip) : null };
}

/**
 * The request's visitor signals only if the browser already has a visitor cookie (null if not):
 * for writes whose answers are kept for replays (route() keeps none that sets a cookie).
 */
export function knownVisitorSignals(
  context: Pick<APIContext, 'cookies' | 'locals' | 'request' | 'clientAddress'>,
): VisitorSignals | null {
  const token = context.cookies.get(visitorCookieName(context.locals.site))?.value;
  return token && VISITOR_TOKEN.test(token) ? visitorSignals(context) : null;
}

/** Notes that an account was used from these signals (sign-in, registration, a contractor's work). */
export async function recordAccountSignals(sql: Db, userId: string, signals: VisitorSignals): Promise<void> {
  const rows = [
    { kind: 'device', value: signals.deviceHash },
    ...(signals.clientPrefix ? [{ kind: 'client_prefix', value: signals.clientPrefix }] : []),
  ];
  for (const row of rows) {
    await sql`
      insert into account_signals (user_id, kind, value) values (${userId}, ${row.kind}, ${row.value})
      on conflict (user_id, kind, value) do update set last_seen_at = now()`;
  }
}
