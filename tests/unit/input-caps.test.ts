// Long input costs linear time: the e-mail check is one pass (the pattern it replaced backtracked
// quadratically), and every string field of the shared schemas is refused by its length before
// any pattern or transform looks at it.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  hasEmailShape,
  isValidEmail,
  PASSWORDS_DIFFER,
  ZChangePassword,
  ZEmail,
  ZForgotPassword,
  ZProfileUpdate,
  ZResetPassword,
  ZReturnTo,
  ZSignIn,
  ZSignUp,
  ZTokenQuery,
} from '../../src/schemas/auth.ts';
import { ZLeadListQuery, ZLeadResponse, ZQuote } from '../../src/schemas/lead-response.ts';
import { ZAcceptQuote, ZJobReview } from '../../src/schemas/homeowner.ts';
import { ZReverseGeocodeQuery, ZSearchQuery, ZSuggestQuery } from '../../src/schemas/search.ts';

/** 100 KB that makes /^[^\s@]+@[^\s@]+\.[^\s@]+$/ try every split of the dots before failing. */
const PATHOLOGICAL = `a@${'.'.repeat(100_000)} `;
/** The same, without the trailing space: the shape check must walk all of it. */
const LONG_VALID_SHAPE = `a@b${'.c'.repeat(50_000)}`;

/** Whether `pattern` finishes on `input` within `ms`, run in a thread that can be stopped. */
function finishesWithin(pattern: RegExp, input: string, ms: number): Promise<boolean> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.postMessage(new RegExp(workerData.source).test(workerData.input));`,
    { eval: true, workerData: { source: pattern.source, input } },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(false);
    }, ms);
    worker.once('message', () => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(true);
    });
    worker.once('error', reject);
  });
}

describe('the e-mail check', () => {
  it('the old pattern does not finish on the pathological input (so the input is a real test)', async () => {
    expect(await finishesWithin(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PATHOLOGICAL, 1_500)).toBe(false);
  }, 10_000);

  // The failure mode is this test's timeout: a superlinear check blocks for many seconds.
  it('answers at once on 100 KB, whatever the input', { timeout: 1_000 }, () => {
    expect(hasEmailShape(PATHOLOGICAL)).toBe(false);
    expect(hasEmailShape(PATHOLOGICAL.trim())).toBe(true);
    expect(hasEmailShape(LONG_VALID_SHAPE)).toBe(true);
    expect(hasEmailShape(`${'@'.repeat(100_000)}.`)).toBe(false);
    expect(isValidEmail(PATHOLOGICAL)).toBe(false);
    expect(ZEmail.safeParse(PATHOLOGICAL).success).toBe(false);
  });

  it.each([
    ['pat@example.com', true],
    ['p@x.co', true],
    ['pat.lee+tag@mail.example.co.uk', true],
    ['a@.b.c', true],
    ['pat', false],
    ['pat@', false],
    ['@example.com', false],
    ['pat@example', false],
    ['pat@example.', false],
    ['pat@.example', false],
    ['pat@@example.com', false],
    ['pat@exa@mple.com', false],
    ['pa t@example.com', false],
    ['pat@exam\tple.com', false],
    ['pat@example.com\u00a0', false],
    ['pat.@example', false],
  ])('%j has the shape of an address: %s', (email, expected) => {
    expect(hasEmailShape(email)).toBe(expected);
  });

  it('is at most 254 characters once trimmed, with the spec message in every schema', () => {
    const longest = `${'a'.repeat(242)}@example.com`;
    expect(longest).toHaveLength(254);
    expect(isValidEmail(` ${longest} `)).toBe(true);
    expect(isValidEmail(`a${longest}`)).toBe(false);
    expect(ZEmail.safeParse(`a${longest}`).error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(ZEmail.safeParse('pat@@example.com').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
  });
});

/** Each string field of the shared schemas, with the rest of a valid body around it. */
const FIELDS: [string, z.ZodMiniType, Record<string, unknown>, string][] = [
  ['sign-up e-mail', ZSignUp, { password: 'Str0ng!Pass' }, 'email'],
  ['sign-up password', ZSignUp, { email: 'a@b.co' }, 'password'],
  ['sign-up name', ZSignUp, { email: 'a@b.co', password: 'Str0ng!Pass' }, 'fullName'],
  ['sign-in e-mail', ZSignIn, { password: 'x' }, 'email'],
  ['sign-in password', ZSignIn, { email: 'a@b.co' }, 'password'],
  ['forgot-password e-mail', ZForgotPassword, {}, 'email'],
  ['reset link', ZTokenQuery, {}, 'token'],
  ['reset token', ZResetPassword, { password: 'abcdef', confirmPassword: 'abcdef' }, 'token'],
  ['reset password', ZResetPassword, { token: 'a'.repeat(43), confirmPassword: 'abcdef' }, 'password'],
  ['reset confirmation', ZResetPassword, { token: 'a'.repeat(43), password: 'abcdef' }, 'confirmPassword'],
  ['current password', ZChangePassword, { password: 'abcdef', confirmPassword: 'abcdef' }, 'currentPassword'],
  ['new password', ZChangePassword, { currentPassword: 'x', confirmPassword: 'abcdef' }, 'password'],
  ['new password again', ZChangePassword, { currentPassword: 'x', password: 'abcdef' }, 'confirmPassword'],
  ['profile name', ZProfileUpdate, { email: 'a@b.co' }, 'fullName'],
  ['profile e-mail', ZProfileUpdate, { fullName: 'Pat' }, 'email'],
  ['search term', ZSearchQuery, {}, 'search'],
  ['search location', ZSearchQuery, {}, 'location'],
  ['search category', ZSearchQuery, {}, 'category'],
  ['search sort', ZSearchQuery, {}, 'sort'],
  ['search distance', ZSearchQuery, {}, 'distance'],
  ['search page', ZSearchQuery, {}, 'page'],
  ['search verified', ZSearchQuery, {}, 'verified'],
  ['search latitude', ZSearchQuery, { lng: '1' }, 'lat'],
  ['suggestion', ZSuggestQuery, {}, 'q'],
  ['suggestion context', ZSuggestQuery, { q: 'plumb' }, 'context'],
  ['geocode latitude', ZReverseGeocodeQuery, { lng: '1' }, 'lat'],
  ['lead response subject', ZLeadResponse, { message: 'Hello' }, 'subject'],
  ['lead response message', ZLeadResponse, { subject: 'Hello' }, 'message'],
  ['quote valid until', ZQuote, { items: [{ description: 'x', quantity: 1, rate: 1 }] }, 'validUntil'],
  [
    'quote terms',
    ZQuote,
    { items: [{ description: 'x', quantity: 1, rate: 1 }], validUntil: '2027-01-01' },
    'terms',
  ],
  ['lead list stage', ZLeadListQuery, {}, 'stage'],
  ['lead list cursor', ZLeadListQuery, {}, 'cursor'],
  ['accept link', ZAcceptQuote, { communicationId: '00000000-0000-4000-8000-000000000000' }, 'token'],
  ['accepted quote', ZAcceptQuote, { token: 'a'.repeat(43) }, 'communicationId'],
  ['review link', ZJobReview, { rating: 5, content: 'Fine work.', authorName: 'Pat' }, 'token'],
  [
    'review rating',
    ZJobReview,
    { token: 'a'.repeat(43), content: 'Fine work.', authorName: 'Pat' },
    'rating',
  ],
  [
    'review title',
    ZJobReview,
    { token: 'a'.repeat(43), rating: 5, content: 'Fine work.', authorName: 'Pat' },
    'title',
  ],
  ['review text', ZJobReview, { token: 'a'.repeat(43), rating: 5, authorName: 'Pat' }, 'content'],
  ['review name', ZJobReview, { token: 'a'.repeat(43), rating: 5, content: 'Fine work.' }, 'authorName'],
];

describe.each(FIELDS)('the %s field', (_name, schema, rest, field) => {
  it('refuses 100 KB by its length alone: no pattern or transform runs on it', { timeout: 1_000 }, () => {
    const result = z.safeParse(schema, { ...rest, [field]: PATHOLOGICAL });
    expect(result.success).toBe(false);
    // The cross-field check still runs (pipes, not abort) and compares two strings.
    const issues = result.error!.issues.filter((i) => i.path[0] === field && i.message !== PASSWORDS_DIFFER);
    expect(issues.length).toBeGreaterThan(0);
    // A length cap says too_big; an enum or a number says what it expected. None of them is a
    // pattern's or a refinement's verdict, which would mean the check ran on the whole input.
    for (const issue of issues) expect(['too_big', 'invalid_value', 'invalid_type']).toContain(issue.code);
  });
});

it('a 100 KB returnTo falls back to the home page at once', { timeout: 1_000 }, () => {
  expect(ZReturnTo.parse(`/${PATHOLOGICAL}`)).toBe('/');
});
