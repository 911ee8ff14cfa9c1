// Who may open which route (spec, section 4): the rule of a path, and what happens to a
// request that does not meet it. A pure function, used by the middleware for pages and APIs.
export type Requirement = 'guest' | 'user' | 'contractor' | 'admin';
export type Role = 'contractor' | 'admin';

const RULES: [RegExp, Requirement][] = [
  [/^\/auth$/, 'guest'],
  [/^\/profile$/, 'user'],
  [/^\/dashboard(\/.*)?$/, 'contractor'],
  [/^\/contractor\/billing$/, 'contractor'],
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
  | { kind: 'deny'; status: 401 | 403; message: string };

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const NOT_ALLOWED = 'You do not have access to this.';

/** The sign-in page, remembering where to come back to. */
export function signInUrl(returnTo: string, adminRequired = false): string {
  const params = new URLSearchParams();
  if (adminRequired) params.set('admin', 'required');
  if (returnTo !== '/') params.set('returnTo', returnTo);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

export function decide(pathname: string, search: string, user: { roles: readonly Role[] } | null): Decision {
  const requirement = requirementOf(pathname);
  if (!requirement) return { kind: 'allow' };
  const api = pathname.startsWith('/api/');
  const origin = pathname + search;
  if (requirement === 'guest') return user ? { kind: 'redirect', location: '/' } : { kind: 'allow' };
  if (requirement === 'admin' && !user?.roles.includes('admin')) {
    if (api)
      return user
        ? { kind: 'deny', status: 403, message: NOT_ALLOWED }
        : { kind: 'deny', status: 401, message: SIGN_IN_REQUIRED };
    return { kind: 'redirect', location: signInUrl(origin, true) };
  }
  if (!user) {
    return api
      ? { kind: 'deny', status: 401, message: SIGN_IN_REQUIRED }
      : { kind: 'redirect', location: signInUrl(origin) };
  }
  if (requirement === 'contractor' && !user.roles.includes('contractor')) {
    // Spec: a user lacking the role goes to /dashboard if a contractor, else to /. Lacking the
    // contractor role, this user is not a contractor, so always to /.
    if (api) return { kind: 'deny', status: 403, message: NOT_ALLOWED };
    return { kind: 'redirect', location: '/' };
  }
  return { kind: 'allow' };
}
