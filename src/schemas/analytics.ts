// The profile beacon's body and the dashboard's analytics answer, shared by the endpoints and the
// dashboard's island.
import * as z from 'zod/mini';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  BEACON_METRICS,
  type AnalyticsMetric,
} from '../domain/analytics-rules.ts';

/** POST /api/analytics/events: which business's profile, and what happened on it. */
export const ZBeaconEvent = z.strictObject({
  businessId: z.uuid('Unknown business'),
  metric: z.enum(BEACON_METRICS, { error: 'Unknown metric' }),
});
export type TBeaconEvent = z.output<typeof ZBeaconEvent>;

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
