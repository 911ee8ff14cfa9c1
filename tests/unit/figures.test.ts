// The figures' one definition (src/domain/figures.ts): conversion as a whole percent of the leads
// paid for, the words every screen prints for the three figures, how a charge's outcome reads (a
// declined charge is never a live lead, and comes with the fix), and Stripe's proration to the
// second that the sandbox bills a plan change with.
import { describe, expect, it } from 'vitest';
import { PAYMENT_SETUP_PATH } from '../../src/domain/billing-rules.ts';
import {
  CARD_FIX,
  chargeOutcome,
  conversionPercent,
  FIGURE_LABELS,
  figureTexts,
  NO_FIGURES,
} from '../../src/domain/figures.ts';
import { prorationCents } from '../../src/domain/plans.ts';

describe('conversion', () => {
  it.each([
    [0, 0, null],
    [0, 7, 0],
    [1, 7, 14],
    [1, 8, 13], // 12.5 rounds half up
    [7, 7, 100],
  ])('%i converted of %i paid is %s%%', (convertedLeads, paidLeads, percent) => {
    expect(conversionPercent({ convertedLeads, paidLeads })).toBe(percent);
  });
});

describe('the figures in words', () => {
  it('says each figure the same way on every screen', () => {
    const texts = figureTexts({
      monthSpendCents: 21000,
      planPaidCents: 9900,
      paidLeads: 7,
      convertedLeads: 1,
      medianResponseMinutes: 37.5,
      measuredResponses: 4,
    });
    expect(texts).toEqual({
      monthSpend: '$210.00',
      monthSpendNote: 'Lead charges this month, after refunds',
      planNote: 'Plan payments this month, apart: $99.00',
      conversion: '14%',
      conversionNote: '1 of 7 leads paid for in 30 days converted',
      responseTime: '38 min',
      responseTimeNote: 'Median first reply, 4 replies in 30 days',
    });
  });

  it('shows no figure it cannot measure as a number', () => {
    expect(figureTexts(NO_FIGURES)).toMatchObject({
      monthSpend: '$0.00',
      planNote: null,
      conversion: '–',
      conversionNote: '0 of 0 leads paid for in 30 days converted',
      responseTime: 'Not measured yet',
      responseTimeNote: 'No reply in the last 30 days',
    });
  });

  it('has one label per figure, response time named by no measure it is not', () => {
    expect(FIGURE_LABELS).toEqual({
      monthSpend: 'Monthly Spending',
      conversion: 'Conversion Rate',
      responseTime: 'Response Time',
    });
  });
});

describe("a charge's outcome", () => {
  it.each([
    ['paid', true, 'Paid', null],
    ['succeeded', true, 'Paid', null],
    ['refunded', false, 'Refunded', null],
    ['pending', false, 'Processing', null],
    ['failed', false, 'Not charged: card declined', CARD_FIX],
    ['requires_action', false, 'Not charged: card needs confirming', CARD_FIX],
  ])('%s: live %s, "%s"', (status, live, label, fix) => {
    expect(chargeOutcome(status)).toMatchObject({ live, label, fix });
  });

  it("sends a declined charge's contractor to their card", () => {
    expect(CARD_FIX.href).toBe(PAYMENT_SETUP_PATH);
  });
});

describe("Stripe's proration to the second", () => {
  const start = new Date('2026-11-16T08:00:00Z');
  const end = new Date('2026-12-16T08:00:00Z');
  it.each([
    ['at the start: the whole difference', start, 9900, 19900, 10000],
    ['halfway: half of it', new Date('2026-12-01T08:00:00Z'), 9900, 19900, 5000],
    ['halfway down: half back', new Date('2026-12-01T08:00:00Z'), 19900, 4900, -7500],
    ['a third left, each line rounded', new Date('2026-12-06T08:00:00Z'), 9900, 19900, 6633 - 3300],
    ['at the end: nothing', end, 9900, 19900, 0],
    ['after the end: nothing', new Date('2026-12-20T08:00:00Z'), 9900, 19900, 0],
    ['the same price: nothing', new Date('2026-12-01T08:00:00Z'), 9900, 9900, 0],
  ])('%s', (_, at, oldCents, newCents, cents) => {
    expect(prorationCents(oldCents, newCents, { start, end }, at)).toBe(cents);
  });
});
