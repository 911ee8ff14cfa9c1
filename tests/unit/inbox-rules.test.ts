// The inbox's pure rules (issue 25): a request's status in words, the homeowner's short name in a
// contractor's thread, the licence and insurance lines, and the confirmation mail's cards (a
// contractor without reviews is "New", never a made-up rating).
import { describe, expect, it } from 'vitest';
import {
  homeownerShortName,
  insuranceText,
  licenceText,
  requestStatus,
  type RequestStatus,
} from '../../src/domain/inbox-rules.ts';
import type { ContractorCard } from '../../src/schemas/inbox.ts';
import { quoteConfirmationMail } from '../../src/server/platform/mail/lead-mails.ts';
import type { LeadRow } from '../../src/server/leads/requests/types.ts';

describe('requestStatus', () => {
  it.each<[string, number, number, boolean, RequestStatus]>([
    ['unconfirmed', 0, 0, false, 'awaiting_code'],
    ['awaiting_email', 0, 0, false, 'awaiting_email'],
    ['held', 0, 0, false, 'held'],
    ['duplicate', 0, 0, false, 'duplicate'],
    ['out_of_area', 0, 0, false, 'not_sent'],
    ['expired', 0, 0, false, 'expired'],
    ['pending', 0, 0, false, 'matching'],
    ['qualified', 3, 0, false, 'sent'],
    ['qualified', 3, 2, false, 'quoted'],
    ['qualified', 3, 2, true, 'accepted'],
  ])(
    '%s with %i contractors and %i quotes (accepted: %s) is %s',
    (qualification, contractors, quotes, accepted, want) => {
      expect(requestStatus({ qualification, contractors, quotes, accepted })).toBe(want);
    },
  );
});

describe('words', () => {
  it.each([
    ['Morgan Lee', 'Morgan L.'],
    ['  Casey  van der Berg ', 'Casey B.'],
    ['Cher', 'Cher'],
    ['', 'The homeowner'],
  ])('%j is named %j to a contractor', (name, short) => {
    expect(homeownerShortName(name)).toBe(short);
  });

  it('licence and insurance as recorded', () => {
    expect(licenceText({ licenceChecked: true, licenseNumber: null })).toBe('Licence checked');
    expect(licenceText({ licenceChecked: false, licenseNumber: 'PL-1' })).toBe('Licence number on file');
    expect(licenceText({ licenceChecked: false, licenseNumber: null })).toBe('No licence on file');
    expect(insuranceText(true)).toBe('Insurance checked');
    expect(insuranceText(false)).toBe('Insurance not checked');
  });
});

describe('the confirmation mail names people', () => {
  const lead = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'home@example.com',
    name: 'Casey',
    project_type: 'plumbing',
  } as unknown as LeadRow;
  const card = (over: Partial<ContractorCard>): ContractorCard => ({
    businessId: '00000000-0000-4000-8000-000000000002',
    name: 'Ace Drains',
    slug: 'ace-drains',
    photo: null,
    rating: '4.8',
    reviews: 23,
    ratingText: '4.8 (23 reviews)',
    licenceChecked: true,
    licence: 'Licence checked',
    insuranceChecked: true,
    insurance: 'Insurance checked',
    responds: 'Responds within 2 hours',
    phone: '9375550142',
    bought: true,
    ...over,
  });

  it('lists each contractor as a card and links the request page', () => {
    const mail = quoteConfirmationMail(
      lead,
      [
        { name: 'Ace Drains', responseTimeHours: 2 },
        { name: 'Brand New Plumbing', responseTimeHours: 4 },
      ],
      {
        cards: [
          card({}),
          card({
            name: 'Brand New Plumbing',
            slug: null,
            rating: null,
            reviews: 0,
            ratingText: 'New',
            phone: null,
          }),
        ],
        link: 'http://localhost:4321/quote-request/responses?token=abc',
      },
    );
    // In the mail layout: each card a block of lines in the text (boxed in the HTML), the
    // request's page the one button, its link written out.
    expect(mail.text).toContain(
      'Ace Drains\nRating: 4.8 (23 reviews)\nLicence checked · Insurance checked · Responds within 2 hours\nCall: (937) 555-0142\nSee Ace Drains’s profile: http://localhost:4321/contractor/ace-drains',
    );
    expect(mail.text).toContain('Brand New Plumbing\nNew: no reviews yet');
    expect(mail.text).not.toMatch(/Brand New Plumbing\nRating/);
    // Not listed (no public profile): no profile link.
    expect(mail.text).not.toContain('See Brand New Plumbing’s profile');
    expect(mail.text).toContain(
      'See your request, compare their quotes and message them: http://localhost:4321/quote-request/responses?token=abc',
    );
    const buttons = [...mail.html!.matchAll(/<a href="([^"]+)" data-mail-action=""/g)];
    expect(buttons.map((b) => b[1])).toEqual(['http://localhost:4321/quote-request/responses?token=abc']);
    expect(mail.html).toContain('>See Ace Drains’s profile</a>');
  });
});
