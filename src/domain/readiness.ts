// Whether a contractor is being sent leads, and if not, why and the one action that fixes each
// reason (issue 24: the readiness banner on the dashboard and the billing page). The reasons are
// the lead pipeline's own conditions (quotes/match-contractors.ts, quotes/spend-caps.ts), read
// from the same rules: the caps through capReached, which the pipeline calls too.
import { formatDate } from './format.ts';
import { formatMoney } from './money.ts';
import { LEAD_PRICE_CENTS } from './quote-rules.ts';

export type ReadinessIssue =
  'pending_approval' | 'no_card' | 'paused' | 'away' | 'weekly_cap' | 'monthly_cap';

export interface ReadinessFacts {
  /** ACTIVE and verified: what an admin's approval makes a business. */
  approved: boolean;
  /** A gateway customer with an active default card: what the pipeline charges. */
  hasCard: boolean;
  paused: boolean;
  /** The end of the away period under way (ISO), null when not away (contractor/away.ts). */
  awayUntil?: string | null;
  weeklyLeadCap: number | null;
  monthlySpendCapCents: number | null;
  /** Leads pending or paid since Monday 00:00, New York time. */
  weekLeads: number;
  /** Cents of leads pending or paid since the 1st, 00:00 New York time. */
  monthSpendCents: number;
}

/**
 * Which cap stops the next lead: the weekly one once that many leads came this week, the monthly
 * one once one more lead would pass it. The pipeline's reservation asks the same question.
 */
export function capReached(
  caps: { weeklyLeadCap: number | null; monthlySpendCapCents: number | null },
  usage: { weekLeads: number; monthSpendCents: number },
): 'weekly_cap' | 'monthly_cap' | null {
  if (caps.weeklyLeadCap !== null && usage.weekLeads >= caps.weeklyLeadCap) return 'weekly_cap';
  if (
    caps.monthlySpendCapCents !== null &&
    usage.monthSpendCents + LEAD_PRICE_CENTS > caps.monthlySpendCapCents
  )
    return 'monthly_cap';
  return null;
}

/**
 * Every reason no lead is sent, in the order to fix them. A business awaiting approval is told
 * only that: its card and limits are set in pages that open once it is approved.
 */
export function readinessIssues(facts: ReadinessFacts): ReadinessIssue[] {
  if (!facts.approved) return ['pending_approval'];
  const issues: ReadinessIssue[] = [];
  if (!facts.hasCard) issues.push('no_card');
  if (facts.paused) issues.push('paused');
  if (facts.awayUntil) issues.push('away');
  const cap = capReached(facts, facts);
  if (cap) issues.push(cap);
  return issues;
}

export interface ReadinessNotice {
  issue: ReadinessIssue;
  text: string;
  /** The one action that fixes it. */
  action: { label: string; href: string };
}

/** Where the lead limits are edited (the dashboard's Payments tab, its Lead limits section). */
const LEAD_LIMITS_HREF = '/dashboard?tab=payments#lead-limits';
const PAYMENT_SETUP_HREF = '/dashboard?tab=payment-setup';
/** Where the away time is set and ended (the Payments tab's Away section). */
const AWAY_HREF = '/dashboard?tab=payments#away';

const price = formatMoney(LEAD_PRICE_CENTS, { wholeDollars: true });

/** The banner's line for each reason, with its action. `supportTel` is the site's tel: link. */
export function readinessNotice(
  issue: ReadinessIssue,
  facts: ReadinessFacts,
  supportTel: string,
): ReadinessNotice {
  switch (issue) {
    case 'pending_approval':
      return {
        issue,
        text: 'Your business awaits approval: an admin checks every new business before it is sent leads. We e-mail you once it is approved.',
        action: { label: 'Call us about your approval', href: supportTel },
      };
    case 'no_card':
      return {
        issue,
        text: `No card on file, so no leads are sent to you. Each lead costs ${price}, charged only when it is sent to you.`,
        action: { label: 'Add a card', href: PAYMENT_SETUP_HREF },
      };
    case 'paused':
      return {
        issue,
        text: 'You paused new leads: none are sent to you until you turn them back on.',
        action: { label: 'Resume leads', href: LEAD_LIMITS_HREF },
      };
    case 'away':
      return {
        issue,
        text: `You are away until the end of ${formatDate(new Date(new Date(facts.awayUntil ?? 0).getTime() - 1))}: no leads are sent to you, and your response clock is stopped.`,
        action: { label: 'End your away time', href: AWAY_HREF },
      };
    case 'weekly_cap':
      return {
        issue,
        text: `You reached your weekly cap of ${facts.weeklyLeadCap ?? 0} leads: no more until Monday, unless you raise it.`,
        action: { label: 'Raise your weekly cap', href: LEAD_LIMITS_HREF },
      };
    case 'monthly_cap':
      return {
        issue,
        text: `Another lead would pass your monthly spend cap of ${formatMoney(facts.monthlySpendCapCents ?? 0)}: no more leads until the 1st, unless you raise it.`,
        action: { label: 'Raise your monthly cap', href: LEAD_LIMITS_HREF },
      };
  }
}
