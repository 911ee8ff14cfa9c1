// Who may open which route (the spec's route guards): the rule of a path, and what happens to a
// request that does not meet it. Pure functions, used by the middleware for every page and API
// and by the endpoints' wrapper (src/server/platform/route.ts).
export type Requirement = 'guest' | 'user' | 'contractor' | 'admin';
export type Role = 'contractor' | 'admin';

const RULES: [RegExp, Requirement][] = [
  [/^\/auth$/, 'guest'],
  // Setting up or confirming a second factor (issue 26): where the admin guard sends an admin.
  [/^\/second-factor$/, 'user'],
  [/^\/profile$/, 'user'],
  // The homeowner's inbox (issue 25): the list and one request.
  [/^\/profile\/requests(\/[^/]+)?$/, 'user'],
  [/^\/dashboard(\/.*)?$/, 'contractor'],
  [/^\/contractor\/billing(\/receipts\/[^/]+)?$/, 'contractor'],
  [/^\/admin(\/.*)?$/, 'admin'],
  [/^\/api\/account(\/.*)?$/, 'user'],
  [/^\/api\/contractor(\/.*)?$/, 'contractor'],
  [/^\/api\/admin(\/.*)?$/, 'admin'],
];

export function requirementOf(pathname: string): Requirement | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

export type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; location: string }
  | { kind: 'deny'; status: 401 | 403; message: string; code?: typeof SECOND_FACTOR_REQUIRED };

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const NOT_ALLOWED = 'You do not have access to this.';

/** What a guarded request needs to know of the signed-in user. */
export interface GuardUser {
  roles: readonly Role[];
  /**
   * The account's second factor: enrolled, and proved in this session (issue 26). Absent counts
   * as neither, so the admin area stays shut to a caller that does not say.
   */
  secondFactor?: { enrolled: boolean; proved: boolean };
}

/** The code an admin API answers 403 with when a second factor is missing; islands act on it. */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';
export const SECOND_FACTOR_SETUP_NEEDED =
  'The admin area needs a second factor. Please set up an authenticator app first.';
export const SECOND_FACTOR_CHECK_NEEDED =
  'The admin area needs your second factor. Please enter a code from your authenticator app.';
/** A change to how an account signs in, asked from a session that has not proved the account's factor. */
export const SECOND_FACTOR_CHECK_FOR_CHANGE =
  'This change needs your second factor. Please confirm it is you with your authenticator app, a passkey or a recovery code.';
/** The page that sets up or checks a second factor, and comes back. */
export const SECOND_FACTOR_PAGE = '/second-factor';

/** Why an admin's session may not open the admin area yet; null when it may. */
function missingSecondFactor(user: GuardUser): string | null {
  if (!user.secondFactor?.enrolled) return SECOND_FACTOR_SETUP_NEEDED;
  return user.secondFactor.proved ? null : SECOND_FACTOR_CHECK_NEEDED;
}

export function secondFactorUrl(returnTo: string): string {
  return returnTo === '/' ? SECOND_FACTOR_PAGE : `${SECOND_FACTOR_PAGE}?${new URLSearchParams({ returnTo })}`;
}

/**
 * Where a signed-in user's account lives (issue 24): a contractor's dashboard, an admin's admin
 * area, anyone else's account settings. The mobile Account tab and the sign-in page (/auth) send a
 * signed-in user there, never bounced to the home page.
 */
export function homeOf(user: { roles: readonly Role[] }): string {
  if (user.roles.includes('contractor')) return '/dashboard';
  return user.roles.includes('admin') ? '/admin' : '/profile';
}

/**
 * Where signing in (or confirming the e-mail, which signs in) goes when no page asked for it: a
 * contractor to the dashboard; null leaves anyone else where the sign-in form was going (home).
 */
export function signInLanding(roles: readonly Role[]): string | null {
  return roles.includes('contractor') ? '/dashboard' : null;
}

/** The sign-in page, remembering where to come back to. */
function signInUrl(returnTo: string, adminRequired = false): string {
  const params = new URLSearchParams();
  if (adminRequired) params.set('admin', 'required');
  if (returnTo !== '/') params.set('returnTo', returnTo);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

/** Why an API caller may not use an endpoint that needs `requirement`; null when they may. */
export function apiDenial(
  requirement: Exclude<Requirement, 'guest'>,
  user: GuardUser | null,
): { status: 401 | 403; message: string; code?: typeof SECOND_FACTOR_REQUIRED } | null {
  if (!user) return { status: 401, message: SIGN_IN_REQUIRED };
  if (requirement !== 'user' && !user.roles.includes(requirement))
    return { status: 403, message: NOT_ALLOWED };
  const missing = requirement === 'admin' ? missingSecondFactor(user) : null;
  if (missing) return { status: 403, message: missing, code: SECOND_FACTOR_REQUIRED };
  return null;
}

export function decide(pathname: string, search: string, user: GuardUser | null): Decision {
  const requirement = requirementOf(pathname);
  if (!requirement) return { kind: 'allow' };
  if (requirement === 'guest') {
    // A signed-in non-admin sent here from an admin page sees why (admin access required) and
    // may sign in with an admin account, instead of bouncing to the home page unexplained.
    const adminRequired = new URLSearchParams(search).get('admin') === 'required';
    return user && !(adminRequired && !user.roles.includes('admin'))
      ? { kind: 'redirect', location: homeOf(user) }
      : { kind: 'allow' };
  }
  if (pathname.startsWith('/api/')) {
    const denial = apiDenial(requirement, user);
    return denial ? { kind: 'deny', ...denial } : { kind: 'allow' };
  }
  const origin = pathname + search;
  if (requirement === 'admin' && !user?.roles.includes('admin')) {
    return { kind: 'redirect', location: signInUrl(origin, true) };
  }
  if (requirement === 'admin' && user && missingSecondFactor(user)) {
    return { kind: 'redirect', location: secondFactorUrl(origin) };
  }
  if (!user) return { kind: 'redirect', location: signInUrl(origin) };
  if (requirement === 'contractor' && !user.roles.includes('contractor')) {
    // Spec: a user lacking the role goes to /dashboard if a contractor, else to /. Lacking the
    // contractor role, this user is not a contractor, so always to /.
    return { kind: 'redirect', location: '/' };
  }
  return { kind: 'allow' };
}
