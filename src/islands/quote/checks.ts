// The wizard's step checks: the shared schema (src/schemas/quote.ts), loaded on the visitor's first
// interaction instead of with the page. Building the zod schemas (with the e-mail and phone rules)
// was the longest task of the page's load on a phone, and nobody needs a check before touching the
// form (BENCHMARKS.md, issue 25). Should the module not load (offline before the first touch), a step
// passes here and the server's answer to Submit names the fields, as it does for every other rule.
import type { QuoteField } from '../../domain/quote-rules.ts';

type Checks = typeof import('../../schemas/quote.ts');
let loading: Promise<Checks> | undefined;

/** Starts loading the checks (once); later calls share the same load. */
export function loadChecks(): Promise<Checks> {
  loading ??= import('../../schemas/quote.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The first message of each field of one step (1-6); empty when the step may continue. */
export async function stepErrors(step: number, input: unknown): Promise<Partial<Record<QuoteField, string>>> {
  try {
    return (await loadChecks()).quoteStepErrors(step, input);
  } catch {
    return {};
  }
}
