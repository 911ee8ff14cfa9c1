// The one reply promise (src/domain/reply-promise.ts): the slowest stated reply time of the
// contractors a request went to, 24 hours when none is known or stated; and the mails that state
// it (src/server/platform/mail/lead-mails.ts) say exactly that.
import { describe, expect, it } from 'vitest';
import { replyPromise, replyPromiseHours, statedReplyHours } from '../../src/domain/reply-promise.ts';
import { leadMail, quoteConfirmationMail } from '../../src/server/platform/mail/lead-mails.ts';
import type { LeadRow } from '../../src/server/leads/requests/types.ts';

describe('the reply promise', () => {
  it.each<[(number | null)[], number, string]>([
    [[], 24, 'within 24 hours'],
    [[1], 1, 'within 1 hour'],
    [[1, 2, 4], 4, 'within 4 hours'],
    [[2, 2, 2], 2, 'within 2 hours'],
    [[1, null], 24, 'within 24 hours'], // a contractor that states nothing counts as 24 hours
    [[2, 48], 48, 'within 48 hours'],
  ])('for contractors stating %j: %i hours', (stated, hours, words) => {
    expect(replyPromiseHours(stated)).toBe(hours);
    expect(replyPromise(stated)).toBe(words);
  });

  it('reads a stated time as whole hours, and nonsense as none stated', () => {
    expect(statedReplyHours(1.5)).toBe(2);
    expect(statedReplyHours(0)).toBe(24);
    expect(statedReplyHours(Number.NaN)).toBe(24);
    expect(statedReplyHours(undefined)).toBe(24);
  });
});

describe('the mails that state it', () => {
  const lead = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'home@example.com',
    name: 'Casey',
    phone: '9375550100',
    zip_code: '45402',
    city: 'Dayton',
    project_type: 'plumbing',
    project_description: 'A leak.',
    timeline: 'ASAP',
    budget_min: 1000,
    budget_max: 5000,
    property_address: '1 Main St',
    preferred_contact_method: 'phone',
  } as unknown as LeadRow;

  it('tells the homeowner the slowest stated time of the pros it went to', () => {
    const mail = quoteConfirmationMail(lead, [
      { name: 'A', responseTimeHours: 1 },
      { name: 'B', responseTimeHours: 4 },
      { name: 'C', responseTimeHours: 2 },
    ]);
    expect(mail.text).toContain(
      'We sent it to 3 verified local contractors: A, B, C. Expect a reply within 4 hours.',
    );
    expect(quoteConfirmationMail(lead, []).text).toContain('will be in touch within 24 hours.');
  });

  it("tells a contractor their own stated time, which the homeowner's promise never beats", () => {
    const mail = leadMail({ name: 'A', email: 'a@example.com', responseTimeHours: 2 }, lead);
    expect(mail.text).toContain('You state that you reply within 2 hours');
    expect(mail.text).not.toMatch(/promised a quote within/);
  });
});
