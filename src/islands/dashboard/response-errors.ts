// The response form's refusals by field: an issue's path (the shared schema's, or the server's
// field key split on dots) becomes the form's field key ("subject", "items.0.rate", "validUntil"),
// with words that say what to do; and the first field to fix, in the order the form shows them.
import { DASHBOARD_MESSAGES as M } from '../../domain/dashboard-rules.ts';

export type FieldErrors = Record<string, string>;

const MISSING_WHAT: Record<string, string> = { subject: 'a subject', message: 'a message' };

export function fieldErrorsOf(issues: { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path
      .filter((part) => part !== 'quote')
      .map(String)
      .join('.');
    if (!key || errors[key]) continue;
    const what = MISSING_WHAT[key];
    errors[key] =
      issue.message === M.missing && what
        ? `${M.missing}: enter ${what}.`
        : issue.message === M.quoteRequired
          ? `${M.quoteRequired}: ${M.quoteRequiredDetail}`
          : issue.message;
  }
  return errors;
}

/** The first field with a message, as the form lays them out ("items" points at item 1). */
export function firstInvalid(errors: FieldErrors, itemCount: number): string | null {
  const order = [
    'subject',
    'message',
    'items',
    ...Array.from({ length: itemCount }, (_, i) => [
      `items.${i}.description`,
      `items.${i}.quantity`,
      `items.${i}.rate`,
    ]).flat(),
    'validUntil',
    'terms',
  ];
  const first = order.find((key) => errors[key]);
  if (first === 'items') return 'items.0.description';
  return first ?? null;
}
