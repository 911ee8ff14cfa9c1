// The profile beacon's body and the dashboard's analytics answer, shared by the endpoints and the
// dashboard's island.
import * as z from 'zod/mini';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  BEACON_METRICS,
  type ActivityKind,
  type AnalyticsMetric,
} from '../domain/analytics-rules.ts';

/** POST /api/analytics/events: which business's profile, and what happened on it. */
export const ZBeaconEvent = z.strictObject({
  businessId: z.uuid('Unknown business'),
  metric: z.enum(BEACON_METRICS, { error: 'Unknown metric' }),
});

/** GET /api/contractor/analytics?days=: 1 to ANALYTICS_MAX_DAYS, default 30. */
export const ZAnalyticsQuery = z.strictObject({
  days: z._default(
    z.pipe(
      z.string().check(z.maxLength(3), z.regex(/^\d+$/, 'days must be a whole number')),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z
          .int()
          .check(
            z.minimum(1, 'days must be at least 1'),
            z.maximum(ANALYTICS_MAX_DAYS, `days must be at most ${ANALYTICS_MAX_DAYS}`),
          ),
      ),
    ),
    ANALYTICS_DEFAULT_DAYS,
  ),
});

/** The answer: one date per day (oldest first, UTC) and, per metric, one value per date. */
export interface AnalyticsSeries {
  dates: string[];
  series: Record<AnalyticsMetric, number[]>;
}

/** One of the business's most requested services in the window: its leads, and how many it won. */
export interface PopularService {
  service: string;
  leads: number;
  /** Of those leads, the ones whose homeowner accepted this business's quote. */
  won: number;
}

/** One thing that happened on the business's own rows (newest first). */
export interface ActivityItem {
  kind: ActivityKind;
  at: string;
  /** The lead's service and place, when the activity is about a lead. */
  service: string | null;
  place: string | null;
  /** What else to say: the response's subject, the stage moved to, the review's stars. */
  detail: string | null;
}

/** GET /api/contractor/insights: the analytics tab's two lists. */
export interface DashboardInsights {
  windowDays: number;
  popularServices: PopularService[];
  recentActivity: ActivityItem[];
}
