// The per-business analytics the dashboard charts: which metrics, which of them the public
// profile's beacons may report, and how many days a series may span.
export const ANALYTICS_METRICS = [
  'PROFILE_VIEWS',
  'PHONE_CALLS',
  'EMAIL_CLICKS',
  'WEBSITE_CLICKS',
  'SEARCH_APPEARANCES',
  'LEAD_GENERATED',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/** Reported by the profile page's beacons (the others are recorded by the server itself). */
export const BEACON_METRICS = ['PROFILE_VIEWS', 'PHONE_CALLS', 'EMAIL_CLICKS', 'WEBSITE_CLICKS'] as const;
export type BeaconMetric = (typeof BEACON_METRICS)[number];

/** Spec: analytics default window 30 days. */
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 90;

export const METRIC_LABELS: Record<AnalyticsMetric, string> = {
  PROFILE_VIEWS: 'Profile views',
  PHONE_CALLS: 'Phone calls',
  EMAIL_CLICKS: 'Email clicks',
  WEBSITE_CLICKS: 'Website clicks',
  SEARCH_APPEARANCES: 'Search appearances',
  LEAD_GENERATED: 'Leads',
};

/** Spec's message when the analytics cannot be loaded. */
export const ANALYTICS_LOAD_FAILED = 'Failed to load analytics data.';

/** The beacon's endpoint and the largest body it reads. */
export const BEACON_PATH = '/api/analytics/events';
export const MAX_BEACON_BYTES = 256;

/** Spec: the analytics' "popular services top 5" and "recent activity 10" (definitions in
 * src/server/leads/dashboard/popular-services.ts and recent-activity.ts, and docs/decisions.md). */
export const POPULAR_SERVICES_LIMIT = 5;
export const RECENT_ACTIVITY_LIMIT = 10;

/** What happened, as the recent activity list says it. */
export const ACTIVITY_WORDS = {
  lead_received: 'New lead',
  response_sent: 'You responded',
  quote_accepted: 'Quote accepted',
  stage_changed: 'Moved',
  review_received: 'New review',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_WORDS;
