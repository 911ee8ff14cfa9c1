// The wizard's budget presets drawn from each service's typical price range, "Not sure", and how a
// budget reads (issue 25).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  budgetPresets,
  isBudgetNotSure,
  roundNice,
  typicalJob,
  type ServicePrice,
} from '../../src/domain/budget-presets.ts';
import { formatBudget } from '../../src/domain/format.ts';
import { formatMoney } from '../../src/domain/money.ts';
import {
  BUDGET_MAX,
  BUDGET_PRESETS,
  QUOTE_MESSAGES,
  leadScoreBreakdown,
} from '../../src/domain/quote-rules.ts';
import { ZQuoteRequest } from '../../src/schemas/quote.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const catalog = JSON.parse(readFileSync(path.join(ROOT, 'content/services.json'), 'utf8')) as {
  slug: string;
  priceMin: number;
  priceMax: number;
  priceUnit: string;
  typicalUnits?: number;
}[];
const priceOf = (s: (typeof catalog)[number]): ServicePrice => ({
  priceMinCents: s.priceMin * 100,
  priceMaxCents: s.priceMax * 100,
  priceUnit: s.priceUnit,
  typicalUnits: s.typicalUnits ?? null,
});
const price = (min: number, max: number, unit = 'visit', units: number | null = null): ServicePrice => ({
  priceMinCents: min * 100,
  priceMaxCents: max * 100,
  priceUnit: unit,
  typicalUnits: units,
});

describe('roundNice: two significant digits', () => {
  it.each([
    [75, 75],
    [99.6, 100],
    [150, 150],
    [1234, 1200],
    [19_500, 20_000],
    [39_000, 39_000],
    [0.2, 1],
  ])('%d → %d', (input, expected) => expect(roundNice(input)).toBe(expected));
});

describe('typicalJob', () => {
  it('is the price range for a job or a visit', () => {
    expect(typicalJob(price(150, 450, 'visit'))).toEqual({ min: 150, max: 450 });
    expect(typicalJob(price(9000, 20_000, 'project'))).toEqual({ min: 9000, max: 20_000 });
  });
  it('is the range times a typical job size for prices per hour or per foot', () => {
    expect(typicalJob(price(2, 6, 'square foot', 1000))).toEqual({ min: 2000, max: 6000 });
    expect(typicalJob(price(75, 130, 'hour', 4))).toEqual({ min: 300, max: 520 });
  });
  it('is unknown without a job size', () => {
    expect(typicalJob(price(2, 6, 'square foot', null))).toBeNull();
  });
});

describe('budgetPresets', () => {
  it.each([
    [
      'plumbing, $150-$450 a visit',
      price(150, 450),
      [
        [75, 150],
        [150, 300],
        [300, 450],
        [450, 900],
      ],
    ],
    [
      'painting, $2-$6 a square foot, 1,000 square feet',
      price(2, 6, 'square foot', 1000),
      [
        [1000, 2000],
        [2000, 4000],
        [4000, 6000],
        [6000, 12_000],
      ],
    ],
    [
      'kitchen remodeling, $18,000-$60,000 a project',
      price(18_000, 60_000, 'project'),
      [
        [9000, 18_000],
        [18_000, 39_000],
        [39_000, 60_000],
        [60_000, 120_000],
      ],
    ],
    [
      'a range near the top',
      price(300_000, 900_000, 'project'),
      [
        [150_000, 300_000],
        [300_000, 600_000],
        [600_000, 900_000],
        [900_000, BUDGET_MAX],
      ],
    ],
  ])('%s', (_, service, expected) => {
    expect(budgetPresets(service).map((p) => [p.min, p.max])).toEqual(expected);
  });

  it("falls back to the spec's presets when the service or its job size is unknown", () => {
    const spec = BUDGET_PRESETS.map(({ min, max }) => ({ min, max }));
    expect(budgetPresets(null)).toEqual(spec);
    expect(budgetPresets(price(2, 6, 'square foot', null))).toEqual(spec);
  });

  describe.each(catalog.map((s) => [s.slug, s] as const))('%s (content/services.json)', (_, service) => {
    const presets = budgetPresets(priceOf(service));
    const job = typicalJob(priceOf(service));
    it('has a typical job, four presets that start above 0 and follow on one from another', () => {
      expect(job).not.toBeNull();
      expect(presets).toHaveLength(4);
      for (const [i, p] of presets.entries()) {
        expect(p.min).toBeGreaterThan(0);
        expect(p.max).toBeGreaterThan(p.min);
        expect(p.max).toBeLessThanOrEqual(BUDGET_MAX);
        if (i > 0) expect(p.min).toBe(presets[i - 1]!.max);
      }
    });
    it('splits the typical range in two and is accepted by the quote schema', () => {
      expect(presets[1]!.min).toBe(job!.min);
      expect(presets[2]!.max).toBe(job!.max);
      for (const p of presets) {
        const issues = ZQuoteRequest.safeParse({ budgetMin: p.min, budgetMax: p.max }).error?.issues ?? [];
        expect(issues.filter((i) => i.path[0] === 'budgetMin' || i.path[0] === 'budgetMax')).toEqual([]);
      }
    });
  });
});

describe('Not sure: a budget of 0 to 0', () => {
  const budgetIssues = (budgetMin: unknown, budgetMax: unknown) =>
    (ZQuoteRequest.safeParse({ budgetMin, budgetMax }).error?.issues ?? [])
      .filter((i) => i.path[0] === 'budgetMin' || i.path[0] === 'budgetMax')
      .map((i) => i.message);

  it('is accepted; any other budget still starts above 0, with the spec message', () => {
    expect(isBudgetNotSure(0, 0)).toBe(true);
    expect(isBudgetNotSure(0, 500)).toBe(false);
    expect(budgetIssues(0, 0)).toEqual([]);
    expect(budgetIssues(0, 500)).toEqual(['Budget must be positive']);
    expect(budgetIssues(-1, 0)).toContain('Budget must be positive');
  });
  it('scores no budget points and says so on the score card', () => {
    const rule = leadScoreBreakdown({ budgetMax: 0, timeline: 'ASAP', description: '', photoCount: 0 }).find(
      (r) => r.rule === 'budget',
    );
    expect(rule).toEqual({ rule: 'budget', label: 'Budget: Not sure', points: 0 });
  });
});

describe('formatBudget', () => {
  it.each([
    [0, 0, 'Not sure'],
    [150, 300, '$150 - $300'],
    [5000, 15_000, '$5,000 - $15,000'],
    [50_000, BUDGET_MAX, '$50,000+'],
  ])('%d to %d reads %s', (min, max, text) => expect(formatBudget(min, max)).toBe(text));
});

it('the largest-budget message names BUDGET_MAX as money reads it', () => {
  expect(QUOTE_MESSAGES.budgetTooLarge).toBe(
    `Budget must be at most ${formatMoney(BUDGET_MAX * 100, { wholeDollars: true })}`,
  );
});
