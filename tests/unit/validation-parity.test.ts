// One rule set on both sides: the same inputs go through what an island checks before sending and
// through what the endpoint does with the body it receives (JSON on the wire, the shared schema,
// the server's error mapping), and both must reach the same verdict with the same messages.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, stateFromParams, type SearchState } from '../../src/islands/search/search-url.ts';
import { EMPTY_DRAFT, toQuoteInput, type QuoteDraft } from '../../src/islands/quote/draft.ts';
import { firstIssue, ZEmail, ZResetPassword, ZNewPassword, ZSignUp } from '../../src/schemas/auth.ts';
import { QUOTE_STEPS, quoteStepErrors, ZQuoteRequest } from '../../src/schemas/quote.ts';
import { searchParamsToObject, ZSearchQuery } from '../../src/schemas/search.ts';
import { errorResponse } from '../../src/server/platform/errors.ts';
import { readJson } from '../../src/server/platform/http.ts';

/** What the endpoint answers for a JSON body: null when accepted, else the first message per field. */
async function endpointVerdict(
  schema: Parameters<typeof readJson>[1],
  body: unknown,
): Promise<Record<string, string> | null> {
  const request = new Request('http://127.0.0.1/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  try {
    await readJson(request, schema);
    return null;
  } catch (error) {
    const response = errorResponse(error);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fields: Record<string, string[]> };
    return Object.fromEntries(
      Object.entries(answer.fields).map(([field, messages]) => [field, messages[0]!]),
    );
  }
}

const KEY = '6f1c2b8e-2c4b-4a7e-9a51-1c2b3d4e5f60';
const PROOF = 'cGF5bG9hZA==';
const COMPLETE: QuoteDraft = {
  service: 'plumbing',
  description: 'The kitchen sink drains slowly.',
  photos: [],
  timeline: 'ASAP',
  budgetMin: '500',
  budgetMax: '5000',
  propertyType: 'Apartment',
  address: '12 Oak Avenue',
  zipCode: '45429',
  name: 'Jo Lee',
  email: 'jo@example.com',
  phone: '937-228-4410',
  contactMethod: 'phone',
};

/** The wizard's verdict: every step's messages, as it checks them one step at a time. */
function wizardVerdict(draft: QuoteDraft): Record<string, string> | null {
  const all: Record<string, string> = {};
  for (let step = 1; step <= QUOTE_STEPS.length; step += 1) {
    Object.assign(all, quoteStepErrors(step, toQuoteInput(draft, KEY)));
  }
  return Object.keys(all).length ? all : null;
}

describe('quote wizard and POST /api/quotes', () => {
  const cases: [string, Partial<QuoteDraft>][] = [
    ['a complete request', {}],
    ['an empty wizard', EMPTY_DRAFT],
    ['a short description', { description: 'leaky' }],
    ['a description that is only markup', { description: '<<<<<>>>>>' }],
    ['a description too long', { description: 'x'.repeat(1001) }],
    ['no timeline', { timeline: '' }],
    ['a zero minimum', { budgetMin: '0' }],
    ['a budget that is not a number', { budgetMin: 'lots' }],
    ['a fractional budget', { budgetMax: '5000.5' }],
    ['a maximum below the minimum', { budgetMin: '6000', budgetMax: '5000' }],
    ['a budget over the top preset', { budgetMax: '1000000' }],
    ['no budget at all', { budgetMin: '', budgetMax: '' }],
    ['a short address', { address: 'abc' }],
    ['an address too long', { address: 'x'.repeat(256) }],
    ['a four-digit ZIP', { zipCode: '4542' }],
    ['no property type', { propertyType: '' }],
    ['a one-letter name', { name: 'J' }],
    ['a name too long', { name: 'x'.repeat(101) }],
    ['a name that is only markup', { name: '<>' }],
    ['an e-mail without a domain', { email: 'jo@' }],
    ['an e-mail past 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
    ['an e-mail in capitals with spaces', { email: '  Jo@Example.COM ' }],
    ['a phone of brackets', { phone: '(((((())))))' }],
    ['a short phone', { phone: '555-0142' }],
    ['a phone in words', { phone: 'call me maybe' }],
    ['a phone reserved for fiction', { phone: '937-555-0142' }],
    ['one digit ten times', { phone: '5555555555' }],
    ['a foreign phone', { phone: '+44 20 7946 0958' }],
    ['an international phone', { phone: '+1 (937) 228-4410' }],
    ['no contact method', { contactMethod: '' }],
    ['several fields wrong at once', { service: '', budgetMin: '9000', zipCode: 'x', phone: '1' }],
  ];

  it.each(cases)('%s: same verdict and messages', async (_, patch) => {
    const draft = { ...COMPLETE, ...patch };
    const wizard = wizardVerdict(draft);
    // The widget's proof goes with the body as the wizard sends it; only its size is the schema's.
    const endpoint = await endpointVerdict(ZQuoteRequest, toQuoteInput(draft, KEY, PROOF));
    expect(wizard).toEqual(endpoint);
  });

  it('accepts the complete request and refuses the empty one (the table is not trivial)', () => {
    expect(wizardVerdict(COMPLETE)).toBeNull();
    expect(Object.keys(wizardVerdict(EMPTY_DRAFT) ?? {})).toHaveLength(12);
  });
});

describe('the /contractors address bar and GET /api/search', () => {
  const queries = [
    '',
    'search=plumber&location=Kettering&category=plumbing&sort=rating&distance=50&minExperience=5&maxResponse=12&verified=true&page=3',
    'sort=sideways',
    'distance=7',
    'distance=500',
    'distance=abc',
    'minExperience=31',
    'minExperience=2.5',
    'maxResponse=0',
    'verified=maybe',
    'verified=1',
    'page=0',
    'page=501',
    `search=${'x'.repeat(201)}`,
    'search=%3Cb%3Ebold',
    'search=tab%09here',
    'search=%20%20roof%20%20',
    'category=Robert%3B%20drop',
    `location=${'y'.repeat(101)}`,
    'priceMin=1000&priceMax=5000',
    'priceMin=5000&priceMax=1000',
    'priceMin=-1',
    'priceMax=abc',
    'priceMax=1000000',
  ];

  it.each(queries)('?%s: the island keeps exactly what the endpoint accepts', (query) => {
    const params = new URLSearchParams(query);
    const island = stateFromParams(params);
    const server = ZSearchQuery.safeParse(searchParamsToObject(params));
    const refused = new Set((server.error?.issues ?? []).map((i) => String(i.path[0])));
    for (const key of Object.keys(DEFAULT_STATE) as (keyof SearchState)[]) {
      if (refused.has(key)) expect(island[key], `${key} falls back`).toEqual(DEFAULT_STATE[key]);
      else if (server.success) expect(island[key], key).toEqual(server.data[key]);
      else expect(island[key], key).toEqual(ZSearchQuery.shape[key].parse(params.get(key) ?? undefined));
    }
  });

  it('refuses what it should (the table is not trivial)', () => {
    expect(ZSearchQuery.safeParse({ distance: '7' }).success).toBe(false);
    expect(stateFromParams(new URLSearchParams('distance=7')).distance).toBe(DEFAULT_STATE.distance);
  });
});

describe('account forms and their endpoints', () => {
  const emails = [
    'pat@example.com',
    '  Pat@Example.COM ',
    'pat@',
    'pat example.com',
    '',
    `${'p'.repeat(250)}@x.co`,
  ];
  const passwords = [
    'Str0ng!Pass',
    'weak',
    'alllowercase1!',
    'NoDigits!!',
    'N0special',
    `Aa1!${'x'.repeat(200)}`,
  ];

  it.each(emails.flatMap((email) => passwords.map((password) => [email, password] as const)))(
    'sign-up with %j / %j: same verdict and messages',
    async (email, password) => {
      // The sign-up form checks the e-mail, then the password rules, before sending.
      const island: Record<string, string> = {};
      const badEmail = firstIssue(ZEmail.safeParse(email));
      if (badEmail) island['email'] = badEmail;
      const weak = firstIssue(ZNewPassword.safeParse(password));
      if (weak) island['password'] = weak;
      expect(Object.keys(island).length ? island : null).toEqual(
        await endpointVerdict(ZSignUp, { email, password }),
      );
    },
  );

  it.each([
    ['abcdef', 'abcdef'],
    ['abcdef', 'abcdeg'],
    ['abc', 'abc'],
    ['abc', 'abd'],
    ['', ''],
  ])('new password %j / %j: same verdict and message', async (password, confirmPassword) => {
    const token = 'a'.repeat(43);
    const island = firstIssue(ZResetPassword.safeParse({ token, password, confirmPassword }));
    const endpoint = await endpointVerdict(ZResetPassword, { token, password, confirmPassword });
    expect(island).toEqual(endpoint ? Object.values(endpoint)[0] : null);
  });
});
