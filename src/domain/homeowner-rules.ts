// What the homeowner's private pages promise and refuse (their responses page, the review of a
// completed job), and what a public profile claims about a contractor from measured rows: the
// response time only once it rests on enough responses, and how many reviews came from jobs
// booked here. Pure: shared by the pages, the endpoints and the tests.
import { formatCount } from './format.ts';

/** A measured response time is shown only when it rests on at least this many responses. */
const MEASURED_RESPONSES_MIN = 3;
/** The window the response time is measured over, in days (the dashboard uses the same). */
export const RESPONSE_WINDOW_DAYS = 30;

/** Review form limits (the reviews table keeps content <= 5000 characters). */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 5000;
export const REVIEW_AUTHOR_MIN = 2;
export const REVIEW_AUTHOR_MAX = 100;

export const INVALID_HOMEOWNER_LINK =
  'This link is invalid or has expired. Links in our e-mails work for a limited time; ask us for a new one if you need it.';
export const QUOTE_NOT_FOUND = 'This quote is not part of your request.';
export const QUOTE_EXPIRED = 'This quote has expired. Ask the contractor for a new one.';
export const ALREADY_REVIEWED = 'You have already reviewed this job.';
export const REVIEW_THANKS =
  'Thank you! Your review is marked verified because it comes from a job booked through us. It will appear on the contractor’s profile after our next site update.';

export function otherQuoteAccepted(businessName: string): string {
  return `You have already accepted the quote from ${businessName}. Only one quote per request can be accepted.`;
}

export interface ResponseFigures {
  /** Median minutes from a lead being sent to the first response, or null without responses. */
  medianMinutes: number | null;
  responses: number;
  /** The median counts only the declared business hours (issue 27: business_open_hours). */
  openHours?: boolean;
}

/**
 * "Usually responds within 3 hours": the median rounded up (to the minute under an hour, to the
 * hour above), so the promise is never faster than the measurement; null below the minimum count.
 */
export function measuredResponseText(f: ResponseFigures): string | null {
  if (f.medianMinutes === null || f.responses < MEASURED_RESPONSES_MIN) return null;
  const minutes = Math.max(1, Math.ceil(f.medianMinutes));
  const within =
    minutes < 60
      ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
      : `${Math.ceil(minutes / 60)} ${Math.ceil(minutes / 60) === 1 ? 'hour' : 'hours'}`;
  const counted = f.openHours ? ' during business hours' : '';
  return `Usually responds within ${within}${counted} — measured over the last ${RESPONSE_WINDOW_DAYS} days, ${f.responses} responses`;
}

/** "12 of 40 reviews from jobs booked through us", or null when there are no reviews at all. */
export function bookedReviewsText(jobReviews: number, totalReviews: number): string | null {
  if (totalReviews <= 0) return null;
  return `${formatCount(jobReviews)} of ${formatCount(totalReviews)} ${
    totalReviews === 1 ? 'review' : 'reviews'
  } from jobs booked through us`;
}
