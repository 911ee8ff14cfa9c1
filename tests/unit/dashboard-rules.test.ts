// The dashboard's pure rules: a quote's cents, the score's rules adding up to the score, the
// payment setup status, and how response times read.
import { describe, expect, it } from 'vitest';
import { formatMinutes, paymentSetupStatus, quoteInCents } from '../../src/domain/dashboard-rules.ts';
import { leadScore, leadScoreBreakdown, TIMELINES } from '../../src/domain/quote-rules.ts';

describe('quoteInCents', () => {
  it.each([
    [[{ quantity: 1, rate: 899.99 }], [89999], 89999],
    [[{ quantity: 3, rate: 0.1 }], [30], 30], // 0.1 × 100 is 10.000000000000002: rounded to 10 first
    [[{ quantity: 2.5, rate: 85.333 }], [21333], 21333], // 8533 × 2.5 = 21332.5, half up
    [
      [
        { quantity: 1.005, rate: 100 },
        { quantity: 2, rate: 19.995 },
      ],
      [10050, 4000],
      14050,
    ],
  ])('%j gives amounts %j and total %i', (items, amounts, total) => {
    const result = quoteInCents(items.map((i) => ({ description: 'x', ...i })));
    expect(result.items.map((i) => i.amountCents)).toEqual(amounts);
    expect(result.totalCents).toBe(total);
  });
});

describe('leadScoreBreakdown', () => {
  const cases = [0, 5_000, 5_001, 20_001, 50_001].flatMap((budgetMax) =>
    TIMELINES.flatMap((t) =>
      [10, 51, 101].flatMap((length) =>
        [0, 2].map((photoCount) => ({
          budgetMax,
          timeline: t.value,
          description: 'x'.repeat(length),
          photoCount,
        })),
      ),
    ),
  );
  it.each(cases)('its rules add up to leadScore (capped at 100) for %j', (input) => {
    const rules = leadScoreBreakdown(input);
    expect(rules.map((r) => r.rule)).toEqual(['base', 'budget', 'timeline', 'description', 'photos']);
    expect(
      Math.min(
        100,
        rules.reduce((s, r) => s + r.points, 0),
      ),
    ).toBe(leadScore(input));
  });
});

describe('paymentSetupStatus (the spec rule)', () => {
  it.each([
    [null, false, 'required'],
    [null, true, 'required'],
    ['cus_1', false, 'pending'],
    ['cus_1', true, 'completed'],
  ] as const)('customer %s, completed %s: %s', (stripeCustomerId, paymentSetupCompleted, status) => {
    expect(paymentSetupStatus({ stripeCustomerId, paymentSetupCompleted })).toBe(status);
  });
});

describe('formatMinutes', () => {
  it.each([
    [null, 'No responses yet'],
    [12.4, '12 min'],
    [90, '1.5 h'],
    [3 * 1440, '3 days'],
  ])('%s reads %s', (minutes, text) => expect(formatMinutes(minutes)).toBe(text));
});
