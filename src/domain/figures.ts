// One definition per figure (issue 24, Must 3): what a contractor's monthly spend, conversion and
// response time mean, their labels, the sentence that says how each is counted, and how a charge
// that failed reads. The dashboard, the billing page, the admin pages and docs/decisions.md
// ("Figures and billing (issue 24)") all use these; the numbers come from one query
// (src/server/site/figures/contractor-figures.ts), so no two screens can disagree.
import { formatMinutes, formatMoney, plural } from './format.ts';
import { PAYMENT_SETUP_PATH } from './billing-rules.ts';
import { STATS_WINDOW_DAYS } from './dashboard-rules.ts';

/** Conversion and response time look at the last 30 days (the dashboard's window). */
export const FIGURE_WINDOW_DAYS = STATS_WINDOW_DAYS;

/** The figures' labels, the same on every screen that shows them. */
export const FIGURE_LABELS = {
  /** The spec's billing card; the dashboard and the admin say the same. */
  monthSpend: 'Monthly Spending',
  conversion: 'Conversion Rate',
  /** One measure (the median first reply), so one label: the spec's "Avg" is not what it is. */
  responseTime: 'Response Time',
} as const;

/** How each figure is counted, in the contractor's words (shown under it and in the docs). */
export const FIGURE_DEFINITIONS = {
  monthSpend:
    'Lead charges this calendar month (Dayton time), paid or being collected, after refunds. Plan payments are counted apart.',
  conversion: `Of the leads you paid for in the last ${FIGURE_WINDOW_DAYS} days, the share you marked Completed (unless the homeowner accepted another pro's quote). Refunded and declined charges are not leads you paid for.`,
  responseTime: `The median time from a lead reaching you to your first reply, over the replies of the last ${FIGURE_WINDOW_DAYS} days: half your replies were faster.`,
} as const;

/** A contractor's shared figures, as src/server/site/figures/contractor-figures.ts reads them. */
export interface ContractorFigures {
  /** Lead spend this calendar month in Dayton time (lead_spend_cents), in cents. */
  monthSpendCents: number;
  /** Plan payments this month, in cents: shown apart, never part of the spend. */
  planPaidCents: number;
  /** Leads paid for (charge standing) in the window. */
  paidLeads: number;
  /** Of those, the ones converted (marked Completed, no other pro's quote accepted). */
  convertedLeads: number;
  /** Median first reply over the window's replies, in minutes; null with no reply. */
  medianResponseMinutes: number | null;
  /** How many replies the median rests on. */
  measuredResponses: number;
}

export const NO_FIGURES: ContractorFigures = {
  monthSpendCents: 0,
  planPaidCents: 0,
  paidLeads: 0,
  convertedLeads: 0,
  medianResponseMinutes: null,
  measuredResponses: 0,
};

/** Won over paid as a whole percent (half up); null when no lead was paid for. */
export function conversionPercent(f: Pick<ContractorFigures, 'paidLeads' | 'convertedLeads'>): number | null {
  return f.paidLeads ? Math.round((f.convertedLeads / f.paidLeads) * 100) : null;
}

/** The figures as every screen prints them: value and the line under it. */
export function figureTexts(f: ContractorFigures) {
  const percent = conversionPercent(f);
  return {
    monthSpend: formatMoney(f.monthSpendCents),
    monthSpendNote: 'Lead charges this month, after refunds',
    /** Plan payments are never part of the spend: said apart. */
    planNote: f.planPaidCents ? `Plan payments this month, apart: ${formatMoney(f.planPaidCents)}` : null,
    conversion: percent === null ? '–' : `${percent}%`,
    conversionNote: `${f.convertedLeads} of ${plural(f.paidLeads, 'lead')} paid for in ${FIGURE_WINDOW_DAYS} days converted`,
    responseTime: f.measuredResponses ? formatMinutes(f.medianResponseMinutes) : 'Not measured yet',
    responseTimeNote: f.measuredResponses
      ? `Median first reply, ${plural(f.measuredResponses, 'reply', 'replies')} in ${FIGURE_WINDOW_DAYS} days`
      : `No reply in the last ${FIGURE_WINDOW_DAYS} days`,
  };
}

/**
 * How a lead charge's outcome reads wherever a lead or a charge is shown. A declined charge is
 * no lead: the contractor was not sent it, paid nothing, and is shown the fix (their card).
 */
export interface ChargeOutcome {
  /** Whether the lead is the contractor's (paid): only then is it a live lead. */
  live: boolean;
  /** The words for the charge ("Paid", "Not charged: card declined", ...). */
  label: string;
  /** The chip's tone (global.css .chip.ok|warn|danger|info). */
  tone: 'ok' | 'warn' | 'danger' | 'info';
  /** The one action that fixes it, when there is one. */
  fix: { label: string; href: string } | null;
}

export const CARD_FIX = { label: 'Update your card', href: PAYMENT_SETUP_PATH } as const;

export function chargeOutcome(paymentStatus: string): ChargeOutcome {
  switch (paymentStatus) {
    case 'paid':
    case 'succeeded':
      return { live: true, label: 'Paid', tone: 'ok', fix: null };
    case 'refunded':
      return { live: false, label: 'Refunded', tone: 'info', fix: null };
    case 'pending':
      return { live: false, label: 'Processing', tone: 'warn', fix: null };
    case 'requires_action':
      return { live: false, label: 'Not charged: card needs confirming', tone: 'danger', fix: CARD_FIX };
    default:
      return { live: false, label: 'Not charged: card declined', tone: 'danger', fix: CARD_FIX };
  }
}
