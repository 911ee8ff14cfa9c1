// The account rules shared by the islands and the server: the spec's messages word for word,
// the plain-text sanitiser, and the guard of every protected route.
import { describe, expect, it } from 'vitest';
import {
  apiDenial,
  decide,
  NOT_ALLOWED,
  requirementOf,
  SECOND_FACTOR_CHECK_NEEDED,
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_SETUP_NEEDED,
} from '../../src/domain/guards.ts';
import { sanitizeText } from '../../src/domain/sanitize-text.ts';
import {
  isValidEmail,
  passwordProblems,
  ZChangePassword,
  ZEmail,
  ZResetPassword,
  ZReturnTo,
  ZSignIn,
  ZSignUp,
} from '../../src/schemas/auth.ts';

describe('e-mail', () => {
  it('trims and lowercases, and refuses bad or long addresses with the spec message', () => {
    expect(ZEmail.parse('  Pat.Lee@Example.COM ')).toBe('pat.lee@example.com');
    for (const bad of [
      'pat',
      'pat@',
      '@example.com',
      'pat@example',
      'pa t@example.com',
      `${'a'.repeat(250)}@x.com`,
    ]) {
      const result = ZEmail.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('sign-up password', () => {
  it('lists every unmet rule in the spec words', () => {
    expect(passwordProblems('')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(passwordProblems('abcdefgh')).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(passwordProblems('Str0ng!Pass')).toEqual([]);
  });

  it('is enforced by the shared schema; sign-in only needs a password', () => {
    expect(ZSignUp.safeParse({ email: 'a@b.co', password: 'weak' }).success).toBe(false);
    expect(ZSignUp.parse({ email: 'a@b.co', password: 'Str0ng!Pass' })).toMatchObject({ email: 'a@b.co' });
    expect(ZSignIn.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(ZSignUp.safeParse({ email: 'a@b.co', password: `Aa1!${'x'.repeat(200)}` }).success).toBe(false);
    expect(ZSignUp.safeParse({ email: 'a@b.co', password: 'Str0ng!Pass', role: 'admin' }).success).toBe(
      false,
    );
  });
});

describe('reset and change password', () => {
  const token = 'a'.repeat(43);
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it("says 'Passwords don't match' and holds the new password to sign-up's rules (issue 26)", () => {
    expect(
      messages(ZResetPassword.safeParse({ token, password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pasz' })),
    ).toEqual(["Passwords don't match"]);
    expect(
      messages(ZResetPassword.safeParse({ token, password: 'aaaaaa', confirmPassword: 'aaaaaa' })),
    ).toEqual(passwordProblems('aaaaaa'));
    expect(
      messages(
        ZChangePassword.safeParse({ currentPassword: 'x', password: 'abcdef', confirmPassword: 'abcdef' }),
      ),
    ).toEqual(passwordProblems('abcdef'));
  });
});

describe('sanitizeText', () => {
  it('removes angle brackets, script protocols and inline handlers, then truncates', () => {
    expect(sanitizeText('<script>alert(1)</script>Hi')).toBe('scriptalert(1)/scriptHi');
    expect(sanitizeText('javascript:alert(1)')).toBe('alert(1)');
    expect(sanitizeText('JaVaScRiPt : x')).toBe('x');
    expect(sanitizeText('javajavascript:script:x')).toBe('x');
    expect(sanitizeText('img onerror=alert(1)')).toBe('img alert(1)');
    expect(sanitizeText('vbscript:x data:text/html,y')).toBe('x ,y');
    expect(sanitizeText('x'.repeat(2000))).toHaveLength(1000);
    expect(sanitizeText('x'.repeat(300), 255)).toHaveLength(255);
    expect(sanitizeText('  Pat Lee  ')).toBe('Pat Lee');
  });
});

describe('returnTo', () => {
  it.each([
    ['/profile?tab=1', '/profile?tab=1'],
    ['/contractors?search=plumbing#results', '/contractors?search=plumbing#results'],
    ['/a/./b/../c', '/a/c'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
  ])('keeps the path of this site %j as %j', (input, expected) => {
    expect(ZReturnTo.parse(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'HTTPS://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\u0000/x',
    '/.//evil.example',
    '/.//\\evil.example',
    '/./\\evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '%2F%2Fevil.example',
    '%2F.%2F%2Fevil.example',
    ' //evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j (the home page instead)', (input) => {
    expect(ZReturnTo.parse(input)).toBe('/');
  });

  it('refuses the decoded form of the reported link, /auth?returnTo=%2F.%2F%2Fevil.example', () => {
    const returnTo = new URLSearchParams('returnTo=%2F.%2F%2Fevil.example').get('returnTo')!;
    expect(returnTo).toBe('/.//evil.example');
    expect(ZReturnTo.parse(returnTo)).toBe('/');
  });
});

describe('route guards', () => {
  const anonymous = null;
  const user = { roles: [] as const };
  const contractor = { roles: ['contractor'] as const };
  // An admin signed in with the second factor (issue 26): the admin area needs it.
  const admin = { roles: ['admin'] as const, secondFactor: { enrolled: true, proved: true } };

  it('knows which routes need what', () => {
    expect(requirementOf('/')).toBeNull();
    expect(requirementOf('/contractor/gem-city-plumbing')).toBeNull();
    expect(requirementOf('/profile')).toBe('user');
    expect(requirementOf('/profile/')).toBe('user');
    // My requests (issue 25): the list and one request.
    expect(requirementOf('/profile/requests')).toBe('user');
    expect(requirementOf('/profile/requests/00000000-0000-4000-8000-000000000000')).toBe('user');
    expect(requirementOf('/dashboard')).toBe('contractor');
    expect(requirementOf('/contractor/billing')).toBe('contractor');
    expect(requirementOf('/contractor/billing/receipts/00000000-0000-4000-8000-000000000000')).toBe(
      'contractor',
    );
    expect(requirementOf('/contractor/billing/other')).toBeNull();
    expect(requirementOf('/admin/users')).toBe('admin');
    expect(requirementOf('/administrator')).toBeNull();
    expect(requirementOf('/api/account/profile')).toBe('user');
    expect(requirementOf('/auth')).toBe('guest');
  });

  it('sends visitors to sign in and back, wrong roles away, non-admins to admin sign-in', () => {
    expect(decide('/profile', '?x=1', anonymous)).toEqual({
      kind: 'redirect',
      location: '/auth?returnTo=%2Fprofile%3Fx%3D1',
    });
    expect(decide('/profile', '', user)).toEqual({ kind: 'allow' });
    expect(decide('/dashboard', '', user)).toEqual({ kind: 'redirect', location: '/' });
    expect(decide('/contractor/billing', '', admin)).toEqual({ kind: 'redirect', location: '/' });
    expect(decide('/dashboard', '', contractor)).toEqual({ kind: 'allow' });
    expect(decide('/admin', '', contractor)).toEqual({
      kind: 'redirect',
      location: '/auth?admin=required&returnTo=%2Fadmin',
    });
    expect(decide('/admin', '', admin)).toEqual({ kind: 'allow' });
    // Signed in, /auth (the mobile Account tab) goes to the account's home, never to the home page.
    expect(decide('/auth', '', user)).toEqual({ kind: 'redirect', location: '/profile' });
    expect(decide('/auth', '', contractor)).toEqual({ kind: 'redirect', location: '/dashboard' });
    expect(decide('/auth', '', anonymous)).toEqual({ kind: 'allow' });
    // A signed-in non-admin sent from an admin page is shown the admin sign-in, not bounced home.
    expect(decide('/auth', '?admin=required&returnTo=%2Fadmin', user)).toEqual({ kind: 'allow' });
    expect(decide('/auth', '?admin=required', contractor)).toEqual({ kind: 'allow' });
    expect(decide('/auth', '?admin=required', admin)).toEqual({ kind: 'redirect', location: '/admin' });
  });

  it('answers APIs with 401 and 403, never a redirect', () => {
    expect(decide('/api/account/profile', '', anonymous)).toMatchObject({ kind: 'deny', status: 401 });
    expect(decide('/api/contractor/leads', '', user)).toMatchObject({ kind: 'deny', status: 403 });
    expect(decide('/api/admin/users', '', contractor)).toMatchObject({ kind: 'deny', status: 403 });
    expect(decide('/api/admin/users', '', anonymous)).toMatchObject({ kind: 'deny', status: 401 });
    expect(decide('/api/search', '', anonymous)).toEqual({ kind: 'allow' });
  });

  it.each([
    ['user', anonymous, 401],
    ['user', user, null],
    ['contractor', user, 403],
    ['contractor', contractor, null],
    ['contractor', admin, 403],
    ['admin', contractor, 403],
    ['admin', anonymous, 401],
    ['admin', admin, null],
  ] as const)('an endpoint for %s answers %o with %s', (requirement, who, status) => {
    expect(apiDenial(requirement, who)?.status ?? null).toBe(status);
  });
});

describe('the admin area needs a second factor (issue 26)', () => {
  const enrolledAndProved = { roles: ['admin'] as const, secondFactor: { enrolled: true, proved: true } };
  const notEnrolled = { roles: ['admin'] as const, secondFactor: { enrolled: false, proved: false } };
  const notProved = { roles: ['admin'] as const, secondFactor: { enrolled: true, proved: false } };
  // A caller that does not say counts as neither: the admin area stays shut.
  const unsaid = { roles: ['admin'] as const };
  const contractorWithFactor = {
    roles: ['contractor'] as const,
    secondFactor: { enrolled: true, proved: false },
  };

  it.each([
    ['/admin', enrolledAndProved, { kind: 'allow' }],
    ['/admin', notEnrolled, { kind: 'redirect', location: '/second-factor?returnTo=%2Fadmin' }],
    ['/admin/users', notProved, { kind: 'redirect', location: '/second-factor?returnTo=%2Fadmin%2Fusers' }],
    ['/admin', unsaid, { kind: 'redirect', location: '/second-factor?returnTo=%2Fadmin' }],
    // The enrolment itself, and the rest of the account, stay open.
    ['/second-factor', notEnrolled, { kind: 'allow' }],
    ['/profile', notEnrolled, { kind: 'allow' }],
    ['/api/account/second-factor/totp', notEnrolled, { kind: 'allow' }],
    ['/api/account/profile', notProved, { kind: 'allow' }],
    // Not an admin: the second factor opens nothing more.
    [
      '/admin',
      contractorWithFactor,
      { kind: 'redirect', location: '/auth?admin=required&returnTo=%2Fadmin' },
    ],
    ['/second-factor', null, { kind: 'redirect', location: '/auth?returnTo=%2Fsecond-factor' }],
    ['/dashboard', contractorWithFactor, { kind: 'allow' }],
  ] as const)('a page %s for %o: %o', (path, who, decision) => {
    expect(decide(path, '', who)).toEqual(decision);
  });

  it.each([
    [enrolledAndProved, null],
    [notEnrolled, SECOND_FACTOR_SETUP_NEEDED],
    [notProved, SECOND_FACTOR_CHECK_NEEDED],
    [unsaid, SECOND_FACTOR_SETUP_NEEDED],
  ] as const)('an admin API for %o answers 403 %s with the code the islands act on', (who, message) => {
    const denial = apiDenial('admin', who);
    expect(denial).toEqual(message === null ? null : { status: 403, message, code: SECOND_FACTOR_REQUIRED });
    expect(decide('/api/admin/users', '', who)).toEqual(
      message === null
        ? { kind: 'allow' }
        : { kind: 'deny', status: 403, message, code: SECOND_FACTOR_REQUIRED },
    );
  });

  it('never asks a non-admin endpoint for a second factor', () => {
    expect(apiDenial('user', notEnrolled)).toBeNull();
    expect(apiDenial('contractor', { ...contractorWithFactor })).toBeNull();
    expect(apiDenial('admin', contractorWithFactor)).toEqual({ status: 403, message: NOT_ALLOWED });
  });
});
