// The wizard's step checks (the shared quote schema, field by field) and the schema itself: the
// spec's messages, word for word.
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, toQuoteInput, zipFromAddress, type QuoteDraft } from '../../src/islands/quote/draft.ts';
import { quoteStepErrors, stepOf, ZQuoteRequest } from '../../src/schemas/quote.ts';

const KEY = '6f1c2b8e-2c4b-4a7e-9a51-1c2b3d4e5f60';
const stepErrors = (step: number, draft: QuoteDraft) => quoteStepErrors(step, toQuoteInput(draft, KEY));

const complete: QuoteDraft = {
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

describe('stepErrors', () => {
  it('lets a complete draft through every step', () => {
    for (let step = 1; step <= 6; step += 1) expect(stepErrors(step, complete), `step ${step}`).toEqual({});
  });

  it('blocks an empty draft at every step with the spec messages', () => {
    expect(stepErrors(1, EMPTY_DRAFT)).toEqual({ service: 'Please select a service' });
    expect(stepErrors(2, EMPTY_DRAFT)).toEqual({ description: 'Please provide at least 10 characters' });
    expect(stepErrors(3, EMPTY_DRAFT)).toEqual({ timeline: 'Please select a timeline' });
    expect(stepErrors(4, EMPTY_DRAFT)).toEqual({
      budgetMin: 'Budget must be positive',
      budgetMax: 'Budget must be positive',
    });
    expect(stepErrors(5, EMPTY_DRAFT)).toEqual({
      propertyType: 'Please select a property type',
      address: 'Please provide a valid address',
      zipCode: 'Please provide a valid ZIP code',
    });
    expect(stepErrors(6, EMPTY_DRAFT)).toEqual({
      name: 'Please provide your name',
      email: 'Please provide a valid email',
      phone: 'Please provide a valid phone number',
      contactMethod: 'Please select a contact method',
    });
  });

  it('checks lengths, budget order and the phone digits', () => {
    expect(stepErrors(2, { ...complete, description: 'x'.repeat(1001) })).toEqual({
      description: 'Description is too long',
    });
    expect(stepErrors(4, { ...complete, budgetMin: '6000' })).toEqual({
      budgetMax: 'Maximum budget must be greater than minimum budget',
    });
    expect(stepErrors(4, { ...complete, budgetMin: '0' })).toEqual({ budgetMin: 'Budget must be positive' });
    expect(stepErrors(5, { ...complete, address: 'x'.repeat(256) })).toEqual({
      address: 'Address is too long',
    });
    expect(stepErrors(6, { ...complete, name: 'x'.repeat(101) })).toEqual({ name: 'Name is too long' });
    expect(stepErrors(6, { ...complete, phone: '(((((())))))' })).toEqual({
      phone: 'Please provide a valid phone number',
    });
    expect(stepErrors(6, { ...complete, phone: '+1 (937) 228-4410' })).toEqual({});
  });

  it('checks the budget across its two fields while the later steps are still empty', () => {
    const early = {
      ...EMPTY_DRAFT,
      service: 'roofing',
      description: 'Shingles blew off.',
      timeline: 'ASAP',
    } as const;
    expect(stepErrors(4, { ...early, budgetMin: '0', budgetMax: '1000' })).toEqual({
      budgetMin: 'Budget must be positive',
    });
    expect(stepErrors(4, { ...early, budgetMin: '5000', budgetMax: '1000' })).toEqual({
      budgetMax: 'Maximum budget must be greater than minimum budget',
    });
    expect(stepErrors(4, { ...early, budgetMin: '500', budgetMax: '1000' })).toEqual({});
  });

  it('knows the step of every field', () => {
    expect(Object.keys(complete).map(stepOf)).toEqual([1, 2, 2, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6]);
  });
});

/** A request the schema accepts as it is. */
const VALID = {
  requestKey: '6f1c2b8e-2c4b-4a7e-9a51-1c2b3d4e5f60',
  // The proof-of-work payload: the schema checks only its size; the server checks the proof.
  altcha: 'cGF5bG9hZA==',
  service: 'plumbing',
  description: 'The sink drains slowly.',
  timeline: 'ASAP',
  budgetMin: 500,
  budgetMax: 5000,
  propertyType: 'Apartment',
  address: '12 Oak Avenue',
  zipCode: '45429',
  name: 'Jo Lee',
  email: 'jo@example.com',
  phone: '937-228-4410',
  contactMethod: 'phone',
};

describe('ZQuoteRequest', () => {
  const valid = {
    ...VALID,
    description: '  The <b>sink</b> drains slowly; javascript:alert(1)  ',
    email: '  Jo@Example.COM ',
  };

  it('sanitises text, lowercases the e-mail and defaults photos', () => {
    expect(ZQuoteRequest.parse(valid)).toMatchObject({
      description: 'The bsink/b drains slowly; alert(1)',
      email: 'jo@example.com',
      photos: [],
    });
  });

  it('refuses unknown fields, foreign photo URLs, six photos and a client lead score', () => {
    expect(ZQuoteRequest.safeParse({ ...valid, leadScore: 100 }).success).toBe(false);
    expect(ZQuoteRequest.safeParse({ ...valid, photos: ['https://evil.example/x.jpg'] }).success).toBe(false);
    const photo = (i: number) =>
      `/uploads/quotes/${'ab'.repeat(16)}/00000000-0000-4000-8000-00000000000${i}.png`;
    expect(ZQuoteRequest.safeParse({ ...valid, photos: [1, 2, 3, 4, 5].map(photo) }).success).toBe(true);
    expect(ZQuoteRequest.safeParse({ ...valid, photos: [1, 2, 3, 4, 5, 6].map(photo) }).success).toBe(false);
  });

  it('puts the budget messages on the right fields', () => {
    const result = ZQuoteRequest.safeParse({ ...valid, budgetMin: 6000 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['budgetMax', 'Maximum budget must be greater than minimum budget'],
    ]);
  });
});

describe('ZQuoteRequest, each field refused with its message', () => {
  const valid = VALID;
  it.each([
    ['service', undefined, 'Please select a service'],
    ['service', 'Plumbing Co', 'Please select a service'],
    ['description', 'short', 'Please provide at least 10 characters'],
    ['description', '<<<<<>>>>>', 'Please provide at least 10 characters'],
    ['description', 'x'.repeat(1001), 'Description is too long'],
    ['timeline', 'SOON', 'Please select a timeline'],
    ['budgetMin', -1, 'Budget must be positive'],
    ['budgetMin', 0, 'Budget must be positive'],
    ['budgetMin', 'lots', 'Budget must be positive'],
    ['budgetMax', 1_000_000, 'Budget must be at most $999,999'],
    ['propertyType', 'Castle', 'Please select a property type'],
    ['address', 'abc', 'Please provide a valid address'],
    ['address', 'x'.repeat(256), 'Address is too long'],
    ['zipCode', '4540', 'Please provide a valid ZIP code'],
    ['name', 'J', 'Please provide your name'],
    ['name', 'x'.repeat(101), 'Name is too long'],
    ['email', 'jo@', 'Please provide a valid email'],
    ['phone', '555-0142', 'Please provide a valid phone number'],
    ['phone', 'call me maybe', 'Please provide a valid phone number'],
    ['contactMethod', 'pigeon', 'Please select a contact method'],
  ])('%s = %j: %s', (field, value, message) => {
    const result = ZQuoteRequest.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('zipFromAddress', () => {
  it.each([
    ['100 Main Street, Dayton, OH 45402', '45402'],
    ['100 Main Street, 45402', '45402'],
    ['12 Oak Ave, Kettering OH 45429-1234', '45429'],
    ['12 Oak Ave Kettering oh 45429', '45429'],
    ['10450 Springboro Pike', null],
    ['10450', null],
    ['10450 Springboro Pike, Miamisburg, OH', null],
    ['Apt 45402', null],
  ])('%s -> %s', (address, zip) => {
    expect(zipFromAddress(address)).toBe(zip);
  });
});
