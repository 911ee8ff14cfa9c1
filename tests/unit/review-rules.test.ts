// The review rules of issue 23 as tables: when a job may be reviewed, and which shared details
// hold a review for moderation (phones however written, domains and subdomains, shared domains,
// local networks, browsers).
import { describe, expect, it } from 'vitest';
import {
  domainOf,
  isPersonalPrefix,
  phoneDigits,
  REVIEW_MESSAGES,
  reviewRefusal,
  reviewSignals,
  type ContractorSide,
  type JobState,
  type ReviewerSide,
} from '../../src/domain/review-rules.ts';

describe('reviewRefusal', () => {
  const hired: JobState = { paymentStatus: 'paid', accepted: true, stage: 'COMPLETED', jobDone: false };
  it.each<[string, Partial<JobState>, string | null]>([
    ['an accepted quote marked COMPLETED', {}, null],
    ['the homeowner said the job is done', { accepted: false, stage: 'CONTACTED', jobDone: true }, null],
    ['COMPLETED by the contractor alone', { accepted: false }, REVIEW_MESSAGES.notOpen],
    ['an accepted quote not completed', { stage: 'IN_PROGRESS' }, REVIEW_MESSAGES.notOpen],
    [
      'a refunded lead, however hired',
      { paymentStatus: 'refunded', jobDone: true },
      REVIEW_MESSAGES.refunded,
    ],
    ['an unpaid lead', { paymentStatus: 'failed', jobDone: true }, REVIEW_MESSAGES.notOpen],
  ])('%s', (_, change, refusal) => {
    expect(reviewRefusal({ ...hired, ...change })).toBe(refusal);
  });
});

describe('reviewSignals', () => {
  const nobody: ReviewerSide = {
    phone: null,
    email: null,
    requestPrefix: null,
    requestDevice: null,
    reviewPrefix: null,
    reviewDevice: null,
  };
  const contractor: ContractorSide = {
    businessPhone: '(937) 555-0142',
    ownerPhone: '9372284499',
    businessEmail: 'office@acme.com',
    ownerEmail: 'boss@example.com',
    website: 'https://www.acme.com/',
    ownerPrefixes: ['203.0.113.0/24', '127.0.0.0/24', '10.1.2.0/24'],
    ownerDevices: ['d1'],
  };
  it.each<[string, Partial<ReviewerSide>, string[]]>([
    ['the business phone written another way', { phone: '19375550142' }, ['phone']],
    ['the owner’s proven phone', { phone: '9372284499' }, ['phone']],
    [
      'a subdomain of the business e-mail and website domain',
      { email: 'x@mail.acme.com' },
      ['email_domain', 'email_domain'],
    ],
    ['the documentation domain the owner uses', { email: 'y@example.com' }, []],
    ['a free-mail domain', { email: 'y@gmail.com' }, []],
    ['a loopback network', { reviewPrefix: '127.0.0.0/24' }, []],
    ['a private network', { requestPrefix: '10.1.2.0/24' }, []],
    ['a public network, the review’s', { reviewPrefix: '203.0.113.0/24' }, ['client_prefix']],
    ['a public network, the request’s', { requestPrefix: '203.0.113.0/24' }, ['client_prefix']],
    ['the request’s browser', { requestDevice: 'd1' }, ['device']],
    ['the review’s browser', { reviewDevice: 'd1' }, ['device']],
    ['nothing shared', { phone: '9372284410', email: 'z@other.com', reviewDevice: 'd2' }, []],
  ])('%s', (_, reviewer, kinds) => {
    expect(reviewSignals({ ...nobody, ...reviewer }, contractor).map((s) => s.kind)).toEqual(kinds);
  });

  it('says each in words', () => {
    expect(reviewSignals({ ...nobody, phone: '9375550142', reviewDevice: 'd1' }, contractor)).toEqual([
      { kind: 'phone', detail: 'The homeowner’s phone is the business phone.' },
      { kind: 'device', detail: 'The review was written from a browser the owner’s account used.' },
    ]);
  });
});

describe('the helpers', () => {
  it.each([
    ['(937) 555-0142', '9375550142'],
    ['+1 937 555 0142', '9375550142'],
    ['555-0142', null],
    [null, null],
  ])('phoneDigits(%s)', (phone, digits) => {
    expect(phoneDigits(phone)).toBe(digits);
  });
  it.each([
    ['Jane@Mail.Acme.com', 'mail.acme.com'],
    ['https://www.acme.com/about', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['not a domain', null],
    ['', null],
  ])('domainOf(%s)', (value, domain) => {
    expect(domainOf(value)).toBe(domain);
  });
  it.each([
    ['203.0.113.0/24', true],
    ['2001:db8:1::/48', true],
    ['127.0.0.0/24', false],
    ['192.168.1.0/24', false],
    ['fd00:1::/48', false],
    ['garbage', false],
  ])('isPersonalPrefix(%s)', (prefix, personal) => {
    expect(isPersonalPrefix(prefix)).toBe(personal);
  });
});
