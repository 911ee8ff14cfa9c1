// Money as people read it, from integer cents (amounts are kept in cents everywhere). The
// formatters are made on first use: building an Intl formatter loads the browser's locale data,
// a long task an island page should not pay before anyone asks for a price (issue 25).
let cents: Intl.NumberFormat | undefined;
let wholeDollars: Intl.NumberFormat | undefined;

/** "$30.00" for a charge; "$5,000" (rounded to the dollar) with wholeDollars, for prices and budgets. */
export function formatMoney(amount: number, options: { wholeDollars?: boolean } = {}): string {
  const format = options.wholeDollars
    ? (wholeDollars ??= new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }))
    : (cents ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
  return format.format(amount / 100);
}

/** "30.00", "-30.00": an amount as a plain decimal number of dollars, with no currency symbol or
 * separators, for a spreadsheet's number column (the billing CSV). */
export function decimalDollars(amount: number): string {
  return (amount / 100).toFixed(2);
}
