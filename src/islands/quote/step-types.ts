// What every step of the wizard is given (the draft, its messages, and how to change it), and the
// services the wizard offers. Presets (service, timeline, budget) call `choose`, which advances by
// itself once valid when the choice was made with a pointer (QuoteWizard).
import type { ServicePrice } from '../../domain/budget-presets.ts';
import type { QuoteField } from '../../domain/quote-rules.ts';
import type { QuoteDraft } from './draft.ts';

export interface StepProps {
  draft: QuoteDraft;
  errors: Partial<Record<QuoteField, string | undefined>>;
  set: <K extends keyof QuoteDraft>(key: K, value: QuoteDraft[K]) => void;
  choose: (patch: Partial<QuoteDraft>) => void;
}

export interface ServiceChoice {
  slug: string;
  name: string;
  category?: string;
  /** Shown first, as a quick pick, above the one A-Z list. */
  popular?: boolean;
  /** What people type for it ("leaking pipe", "no heat"), for the search box. */
  keywords?: string;
  /** Its typical price (the service page's range), for the budget presets. */
  price?: ServicePrice;
}
