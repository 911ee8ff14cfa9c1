// Money as people read it, from integer cents (amounts are kept in cents everywhere).
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "$30.00" for a charge; "$5,000" (rounded to the dollar) with wholeDollars, for prices and budgets. */
export function formatMoney(cents: number, options: { wholeDollars?: boolean } = {}): string {
  return (options.wholeDollars ? WHOLE_DOLLARS : CENTS).format(cents / 100);
}
