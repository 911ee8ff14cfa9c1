// The registration form's rules on both sides: what the island checks before sending (the draft
// through the shared schema and the area's ZIP check) and what the endpoint answers for the same
// body agree field by field; every string is refused by its length before any pattern runs; a
// listing or a Google place prefills the form without dropping what it does not know.
import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  EMPTY_DRAFT,
  prefill,
  serverErrors,
  toInput,
  type FieldErrors,
  type SignupDraft,
} from '../../src/islands/signup/draft.ts';
import { SIGNUP_MESSAGES as M, ZContractorSignup } from '../../src/schemas/contractor-signup.ts';
import { errorResponse } from '../../src/server/platform/errors.ts';
import { readJson } from '../../src/server/platform/http.ts';

const AREA = new Set(['45402', '45409', '45419']);
const CATALOG = new Set(['plumbing', 'hvac']);
const VALID: SignupDraft = {
  ...EMPTY_DRAFT,
  businessName: 'Gem City Plumbing',
  ownerName: 'Pat Owner',
  email: 'pat@example.com',
  phone: '937-222-1234',
  password: 'Str0ng!Pass',
  services: ['plumbing'],
  serviceZipCodes: '45402,45409',
  address: '100 Main St',
};

async function endpointFields(body: unknown): Promise<FieldErrors | null> {
  const request = new Request('http://127.0.0.1/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  try {
    await readJson(request, ZContractorSignup);
    return null;
  } catch (error) {
    const answer = (await errorResponse(error).json()) as { fields: Record<string, string[]> };
    // The island reads a server's fields the same way ("services.0" counts as "services").
    return serverErrors(answer.fields);
  }
}

describe.each<[string, Partial<SignupDraft>]>([
  ['a valid draft', {}],
  ['an empty draft', { ...EMPTY_DRAFT }],
  ['a short business name and no services', { businessName: 'X', services: [] }],
  ['a fake phone and a weak password', { phone: '555-555-5555', password: 'password' }],
  ['a javascript: website', { website: 'javascript:alert(1)' }],
])('%s', (_name, patch) => {
  it('gets the same verdict from the island and the endpoint', async () => {
    const input = toInput({ ...VALID, ...patch }, null);
    const island = draftErrors(input, AREA);
    const endpoint = await endpointFields(input);
    expect(Object.keys(island).length ? island : null).toEqual(endpoint);
  });
});

it('the island also refuses a ZIP outside the area, with the server’s message', () => {
  const errors = draftErrors(toInput({ ...VALID, serviceZipCodes: '45402, 90210' }, null), AREA);
  expect(errors.serviceZipCodes).toBe(M.zipOutsideArea(['90210']));
});

describe('every string field is refused by its length first', () => {
  const huge = 'a'.repeat(1_000_000);
  it.each([
    'businessName',
    'ownerName',
    'email',
    'phone',
    'password',
    'serviceZipCodes',
    'address',
    'city',
    'state',
    'zipCode',
    'website',
    'placeId',
  ])('%s', (field) => {
    const started = performance.now();
    const result = ZContractorSignup.safeParse({ ...toInput(VALID, null), [field]: huge });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('prefill', () => {
  it('takes a listing’s details, its catalog services and its ZIPs within our area', () => {
    const filled = prefill(
      { ...EMPTY_DRAFT, email: 'kept@example.com' },
      {
        source: 'listing',
        id: '00000000-0000-4000-8000-000000000000',
        name: 'Old Listing Co',
        address: '5 Elm St',
        city: 'Kettering',
        state: 'OH',
        zipCode: '45419',
        phone: '9372221234',
        website: null,
        services: ['plumbing', 'retired-service'],
        serviceAreas: ['45419', '99999'],
      },
      CATALOG,
      AREA,
    );
    expect(filled).toMatchObject({
      businessName: 'Old Listing Co',
      address: '5 Elm St',
      city: 'Kettering',
      zipCode: '45419',
      services: ['plumbing'],
      serviceZipCodes: '45419',
      email: 'kept@example.com',
      website: '',
    });
  });

  it('takes a place’s address and suggests its ZIP as a service ZIP', () => {
    const filled = prefill(
      EMPTY_DRAFT,
      {
        placeId: 'abc',
        name: 'Google Pipes',
        address: '120 S Main St',
        city: 'Dayton',
        state: 'OH',
        zipCode: '45402',
        phone: '(937) 222-3344',
        website: 'https://pipes.example.com/',
        types: ['plumber'],
      },
      CATALOG,
      AREA,
    );
    expect(filled).toMatchObject({ businessName: 'Google Pipes', serviceZipCodes: '45402', services: [] });
    expect(toInput(filled, { kind: 'google', placeId: 'abc', name: 'Google Pipes' })).toMatchObject({
      placeId: 'abc',
    });
  });
});
