// The monthly plans (spec: basic $49, enhanced $99, featured $199) and what each gives, in one
// place: the billing page, the gateways, the matcher and the featured flag all read them here.
// What a plan gives is enforced where it applies (docs/decisions.md, "Plans and the payment
// portal"): the ranking boost in the matcher (src/server/leads/requests/match-contractors.ts), the
// featured flag by the plan's recording (src/server/money/plans/record-subscription.ts).

export const PLAN_IDS = ['basic', 'enhanced', 'featured'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  /** Points added to a contractor's match score (rating x 20 + response speed - miles). */
  rankBoost: number;
  /** Whether the plan makes the business featured: first among matching pros for a lead, and a
   * Sponsored spot apart from ranked lists (never a higher rank in them). */
  featured: boolean;
  /** The Stripe Price's lookup_key (monthly, USD) the gateway subscribes to. */
  lookupKey: string;
  /** What the plan gives, as the contractor reads it. */
  benefits: readonly string[];
}

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    priceCents: 4900,
    rankBoost: 10,
    featured: false,
    lookupKey: 'plan_basic_monthly',
    benefits: ['A boost of 10 points in lead matching (as much as half a star of rating)'],
  },
  enhanced: {
    id: 'enhanced',
    name: 'Enhanced',
    priceCents: 9900,
    rankBoost: 25,
    featured: false,
    lookupKey: 'plan_enhanced_monthly',
    benefits: ['A boost of 25 points in lead matching (as much as a star and a quarter of rating)'],
  },
  featured: {
    id: 'featured',
    name: 'Featured',
    priceCents: 19900,
    rankBoost: 25,
    featured: true,
    lookupKey: 'plan_featured_monthly',
    benefits: [
      'The Sponsored label on your profile',
      'First place among matching pros for every lead you serve, then by score',
      'A place in the Sponsored box (two per page, apart from the ranked results) in search and on the home, service and city pages (from the next publish)',
      "Enhanced's boost of 25 points in lead matching",
    ],
  },
};

/** Subscription statuses whose plan is live (its benefits apply): a past_due plan keeps them
 * while the gateway retries the card; a canceled one does not. */
export const LIVE_PLAN_STATUSES = ['active', 'trialing', 'past_due'] as const;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan a Stripe Price's lookup_key names, if any. */
export function planOfLookupKey(lookupKey: string | null | undefined): PlanId | null {
  return PLAN_IDS.find((id) => PLANS[id].lookupKey === lookupKey) ?? null;
}

/**
 * Stripe's proration of a price change at `at` within the period [start, end), to the second: the
 * new price for the time left less the old price's unused time, each line rounded to the cent
 * (https://docs.stripe.com/billing/subscriptions/prorations). The sandbox bills a change with it.
 */
export function prorationCents(
  oldCents: number,
  newCents: number,
  period: { start: Date; end: Date },
  at: Date,
): number {
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  const length = seconds(period.end) - seconds(period.start);
  if (length <= 0) return 0;
  const left = Math.min(Math.max(seconds(period.end) - seconds(at), 0), length) / length;
  return Math.round(newCents * left) - Math.round(oldCents * left);
}

/** How long a plan change's shown price stays good: a change confirmed later is refused and the
 * contractor is shown the price again. */
export const PLAN_PREVIEW_MAX_AGE_MINUTES = 30;

export const PLAN_MESSAGES = {
  alreadySubscribed: 'You already have a plan: change it instead of starting another.',
  noPlan: 'You have no plan to change or cancel.',
  samePlan: 'You are already on this plan.',
  cardNeeded: 'A card is needed to start a plan: save one in your dashboard first.',
  changed: 'Your plan has been changed.',
  previewStale: 'The price shown is out of date: review the change again.',
  canceled: 'Your plan will end at the end of the paid period.',
} as const;
