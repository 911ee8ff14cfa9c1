// Lead quality, published (issue 27, Must 7): by service and month of sale, what became of the
// leads we sold. Every figure is counted from the ledger (src/server/site/pages/lead-quality.ts): sales
// and their charges, the phone proofs, the credits refunded and why, the first responses, and what
// homeowners told us happened. None is typed by hand. The shares are computed here from the counts,
// so the page, its JSON twin and /ai say the same.
import type { CreditRowReason } from './credit-rules.ts';
import { formatCount, formatMinutes } from './format.ts';

/** Months shown, the current one included (Dayton months). */
export const LEAD_QUALITY_MONTHS = 12;

/** One service in one month (or every service: `service` null), as counted from the ledger. */
export interface LeadQualityCounts {
  /** "2026-11": the Dayton month of the lead's first sale; null on the whole window's line. */
  month: string | null;
  /** null on a month's all-services line. */
  service: { slug: string; name: string } | null;
  /** Leads sold (to one contractor or more). */
  leadsSold: number;
  /** Charges for them: each lead is sold to at most three contractors. */
  sales: number;
  /** Leads whose homeowner proved the phone with a code before the sale. */
  provenPhone: number;
  /** Charges refunded as a credit. */
  credited: number;
  /** Refunded credits by reason (the credit's reason code). */
  creditReasons: Record<string, number>;
  /** Leads with at least one contractor response. */
  responded: number;
  /** Median minutes from the lead's first sale to its first response; null without one. */
  medianFirstResponseMinutes: number | null;
  /** Leads whose homeowner was asked what happened (or told us unasked, by accepting a quote). */
  asked: number;
  /** Leads whose homeowner answered. */
  answered: number;
  /** Leads whose homeowner hired one of the contractors. */
  hired: number;
}

export interface LeadQualityReport {
  /** ISO time the figures were counted (the build that published them). */
  generatedAt: string;
  /** The months covered, newest first ("2026-11"). */
  months: string[];
  /** Per month: the all-services line first, then each service with a sale, by name. */
  rows: LeadQualityCounts[];
  /** Every service over every month shown; null when nothing was sold. */
  total: LeadQualityCounts | null;
}

/** A share as a whole percentage; null when there is nothing to divide (shown as "—"). */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A credit's reason as the public reads it (the dashboard's words speak to the contractor). */
const PUBLIC_CREDIT_REASONS: Record<CreditRowReason, string> = {
  duplicate: 'Duplicate request',
  outside_area: 'Outside the service area',
  bad_number: 'Phone number does not work',
  fake: 'Fake request',
  other: 'Other',
  reported: 'Reported fake by its buyers',
  unanswered: 'Homeowner never opened the answers',
  fraud: 'Fraudulent request',
};

/** "Duplicate request 1, Fake request 2": the credits' reasons, most frequent first. */
function creditReasonsText(reasons: Record<string, number>): string {
  return Object.entries(reasons)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(
      ([reason, count]) => `${(PUBLIC_CREDIT_REASONS as Record<string, string>)[reason] ?? reason} ${count}`,
    )
    .join(', ');
}

/** The figures as shown on the page, one string per column. */
export interface LeadQualityCells {
  leadsSold: string;
  provenPhone: string;
  credited: string;
  creditedWhy: string;
  medianFirstResponse: string;
  answered: string;
  hired: string;
}

export function qualityCells(row: LeadQualityCounts): LeadQualityCells {
  return {
    leadsSold: formatCount(row.leadsSold),
    provenPhone: percent(share(row.provenPhone, row.leadsSold)),
    credited: percent(share(row.credited, row.sales)),
    creditedWhy: creditReasonsText(row.creditReasons),
    medianFirstResponse: formatMinutes(row.medianFirstResponseMinutes),
    answered: percent(share(row.answered, row.asked)),
    hired: percent(share(row.hired, row.answered)),
  };
}

/** What each column counts, in the page's words (also the JSON twin's description). */
export const LEAD_QUALITY_DEFINITIONS = {
  leadsSold: 'Requests sold to at least one contractor in the month (test requests excluded).',
  provenPhone: 'Share of those requests whose homeowner proved the phone with a code before the sale.',
  credited: 'Share of the charges for them that were refunded as a credit, and the credit reasons.',
  medianFirstResponse:
    'Median time from the sale to the first contractor response, in elapsed time (nights and weekends included).',
  answered:
    'Share of homeowners asked what happened (or who accepted a quote) who told us: hired, put off or not going ahead.',
  hired: 'Share of those answers that were "hired one of the contractors".',
} as const;
