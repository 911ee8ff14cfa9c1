// Issue 24's pure rules for the contractor's dashboard: the readiness banner's reasons (the
// pipeline's own conditions, the caps through the same capReached), the response form's refusals
// by field and the first field to fix, the sms: link, and where a signed-in account lives.
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES as M } from '../../src/domain/dashboard-rules.ts';
import { phoneHref, smsHref } from '../../src/domain/format.ts';
import { homeOf, signInLanding } from '../../src/domain/guards.ts';
import {
  capReached,
  readinessIssues,
  readinessNotice,
  type ReadinessFacts,
} from '../../src/domain/readiness.ts';
import { fieldErrorsOf, firstInvalid } from '../../src/islands/dashboard/response-errors.ts';

const READY: ReadinessFacts = {
  approved: true,
  hasCard: true,
  paused: false,
  weeklyLeadCap: null,
  monthlySpendCapCents: null,
  weekLeads: 0,
  monthSpendCents: 0,
};

describe('readinessIssues', () => {
  it.each([
    ['leads flow', {}, []],
    ['no card', { hasCard: false }, ['no_card']],
    ['paused', { paused: true }, ['paused']],
    ['weekly cap of 5 with 5 this week', { weeklyLeadCap: 5, weekLeads: 5 }, ['weekly_cap']],
    ['weekly cap of 5 with 4 this week', { weeklyLeadCap: 5, weekLeads: 4 }, []],
    ['$60 cap with $30 spent: one more fits', { monthlySpendCapCents: 6000, monthSpendCents: 3000 }, []],
    [
      '$60 cap with $31 spent: one more passes',
      { monthlySpendCapCents: 6000, monthSpendCents: 3100 },
      ['monthly_cap'],
    ],
    [
      'every reason at once, in the order to fix them',
      { hasCard: false, paused: true, weeklyLeadCap: 1, weekLeads: 1 },
      ['no_card', 'paused', 'weekly_cap'],
    ],
    ['awaiting approval: only that', { approved: false, hasCard: false, paused: true }, ['pending_approval']],
  ] as const)('%s', (_, change, expected) => {
    expect(readinessIssues({ ...READY, ...change })).toEqual(expected);
  });

  it('the weekly cap is named before the monthly one, as the pipeline skips for it first', () => {
    expect(
      capReached({ weeklyLeadCap: 1, monthlySpendCapCents: 3000 }, { weekLeads: 1, monthSpendCents: 3000 }),
    ).toBe('weekly_cap');
  });

  it('each reason has one action, and its words say the cap', () => {
    const facts = { ...READY, weeklyLeadCap: 12, monthlySpendCapCents: 25_000 };
    expect(readinessNotice('weekly_cap', facts, 'tel:+19375550100')).toMatchObject({
      text: expect.stringContaining('weekly cap of 12 leads') as unknown,
      action: { label: 'Raise your weekly cap', href: '/dashboard?tab=payments#lead-limits' },
    });
    expect(readinessNotice('monthly_cap', facts, 'tel:+19375550100').text).toContain('$250.00');
    expect(readinessNotice('pending_approval', facts, 'tel:+19375550100').action.href).toBe(
      'tel:+19375550100',
    );
    expect(readinessNotice('no_card', facts, '').action).toEqual({
      label: 'Add a card',
      href: '/dashboard?tab=payment-setup',
    });
  });
});

describe('the response form’s refusals', () => {
  it('puts each message on its field, in words that say what to do', () => {
    const errors = fieldErrorsOf([
      { path: ['subject'], message: M.missing },
      { path: ['quote', 'items', 1, 'rate'], message: 'Enter a rate' },
      { path: ['quote', 'validUntil'], message: 'Enter a valid date' },
    ]);
    expect(errors).toEqual({
      subject: 'Missing Information: enter a subject.',
      'items.1.rate': 'Enter a rate',
      validUntil: 'Enter a valid date',
    });
    expect(firstInvalid(errors, 2)).toBe('subject');
    expect(firstInvalid({ 'items.1.rate': 'x', validUntil: 'y' }, 2)).toBe('items.1.rate');
  });

  it('an empty quote points at its first item; the server’s dotted keys read the same', () => {
    const errors = fieldErrorsOf([{ path: 'quote.items'.split('.'), message: M.quoteRequired }]);
    expect(errors).toEqual({ items: `${M.quoteRequired}: ${M.quoteRequiredDetail}` });
    expect(firstInvalid(errors, 1)).toBe('items.0.description');
    expect(firstInvalid({}, 1)).toBeNull();
  });
});

describe('contact links and landings', () => {
  it.each([
    ['9372284419', 'tel:+19372284419', 'sms:+19372284419'],
    ['(937) 228-4419', 'tel:+19372284419', 'sms:+19372284419'],
    ['+1 937 228 4419', 'tel:+19372284419', 'sms:+19372284419'],
  ])('%s calls %s and texts %s', (phone, tel, sms) => {
    expect(phoneHref(phone)).toBe(tel);
    expect(smsHref(phone)).toBe(sms);
  });

  it.each([
    [[], '/profile', null],
    [['contractor'], '/dashboard', '/dashboard'],
    [['admin'], '/admin', null],
    [['admin', 'contractor'], '/dashboard', '/dashboard'],
  ] as const)('roles %j: home %s, after signing in %s', (roles, home, landing) => {
    expect(homeOf({ roles })).toBe(home);
    expect(signInLanding(roles)).toBe(landing);
  });
});
