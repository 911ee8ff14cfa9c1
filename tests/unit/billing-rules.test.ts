// The billing page's pure rules: formula neutralising, card expiry, and the query schema's lists.
import { describe, expect, it } from 'vitest';
import { cardExpired, neutraliseFormula, rangeDays } from '../../src/domain/billing-rules.ts';
import { ZBillingTransactionsQuery } from '../../src/schemas/billing.ts';
import { MAX_CURSOR_CHARS } from '../../src/schemas/cursor.ts';

describe('neutraliseFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('prefixes %j with a quote', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });
  it.each(['Lead charge', '30.00', '', "'=already"])('leaves %j as it is', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('cardExpired', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is false through the expiry month and true after it', () => {
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(12, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(12, 2025, now)).toBe(true);
  });
});

describe('the transactions query', () => {
  it('defaults to 30 days and 25 a page, and takes only the listed values', () => {
    expect(ZBillingTransactionsQuery.parse({})).toEqual({ range: '30', pageSize: '25' });
    expect(ZBillingTransactionsQuery.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(ZBillingTransactionsQuery.safeParse({ range: '365' }).success).toBe(false);
    expect(ZBillingTransactionsQuery.safeParse({ cursor: 'x'.repeat(MAX_CURSOR_CHARS + 1) }).success).toBe(
      false,
    );
    expect(rangeDays('all')).toBeNull();
    expect(rangeDays('90')).toBe(90);
  });
});
