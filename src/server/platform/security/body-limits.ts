// How large a request body each on-demand route may send. Read before anything else runs: a
// declared size over the allowance is refused at once (413), and a chunked body (which declares
// none) is cut off once it passes it, so no route can be made to hold a body it never needed
// (a 400 MB form sent to /auth/verify once grew the server from 126 MB to 1.35 GB).
import { BEACON_PATH, MAX_BEACON_BYTES } from '../../../domain/analytics-rules.ts';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '../../../domain/quote-rules.ts';
import { CSP_REPORT_PATH } from './headers.ts';

/** A JSON request body: the largest form the site sends is well under this. */
export const MAX_JSON_BYTES = 16 * 1024;
/** A form posted by a page (/auth/verify's token, sign-out's empty form). */
export const MAX_FORM_BYTES = 4 * 1024;
/** The review form and its JSON twin: up to 5,000 characters of text, URL-encoded (up to 9
 * bytes a character) or as JSON (up to 3). */
export const MAX_REVIEW_FORM_BYTES = 48 * 1024;
/** The admin content page: an article's body (up to 50,000 characters, up to 3 bytes each as
 * JSON) or an SEO page's copy with its FAQ. */
const MAX_CONTENT_BYTES = 256 * 1024;
/** CSP violation reports: a few hundred bytes each, a browser may batch some. */
export const MAX_CSP_REPORT_BYTES = 8 * 1024;
/** A Stripe webhook event: a few kilobytes, an invoice with many lines some hundreds. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** The photo upload: one photo and its multipart framing (boundaries, part headers, the key). */
export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES + 64 * 1024;
/** The largest allowance of all: the adapter's own cap, behind ours. */
export const MAX_BODY_BYTES = Math.max(MAX_UPLOAD_BYTES, MAX_WEBHOOK_BYTES, MAX_CSP_REPORT_BYTES);

/** The dashboard's profile photo upload (one photo a request, like /api/uploads). */
const BUSINESS_PHOTOS_PATH = '/api/contractor/photos';

/** The dashboard's portfolio: a job added, or edited with a new photo (one photo a request). */
const PORTFOLIO_UPLOAD_PATH = /^\/api\/contractor\/portfolio(\/(?!order$)[^/]+)?$/;

/** An article's cover image upload (admin). */
const ARTICLE_COVER_PATH = /^\/api\/admin\/content\/articles\/[^/]+\/cover$/;

/** The homeowner's request pages (issue 25): their message form carries one photo. */
const REQUEST_PAGE_PATH = /^\/(quote-request\/responses|profile\/requests\/[^/]+)$/;

/** A contractor's message on a lead, with one photo (issue 25). */
const LEAD_MESSAGE_PATH = /^\/api\/contractor\/leads\/[^/]+\/messages$/;

/** Stripe's webhook endpoint (src/pages/api/stripe/webhook.ts). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Netlify's deploy notifications (src/pages/api/netlify/deploy-status.ts). */
export const NETLIFY_DEPLOY_STATUS_PATH = '/api/netlify/deploy-status';

export const TOO_LARGE = 'The request is too large';

/** What a 413 says at `pathname`: the photo upload keeps the spec's 'File too large'. */
export function tooLargeMessage(pathname: string): string {
  return pathname === '/api/uploads' ? PHOTO_MESSAGES.tooLarge : TOO_LARGE;
}

/** The body allowance of a request to `pathname`, in bytes. */
export function bodyLimit(pathname: string): number {
  if (pathname === '/api/uploads' || pathname === BUSINESS_PHOTOS_PATH) return MAX_UPLOAD_BYTES;
  if (ARTICLE_COVER_PATH.test(pathname) || PORTFOLIO_UPLOAD_PATH.test(pathname)) return MAX_UPLOAD_BYTES;
  if (REQUEST_PAGE_PATH.test(pathname) || LEAD_MESSAGE_PATH.test(pathname)) return MAX_UPLOAD_BYTES;
  if (pathname.startsWith('/api/admin/content/')) return MAX_CONTENT_BYTES;
  if (pathname === BEACON_PATH) return MAX_BEACON_BYTES;
  if (pathname === CSP_REPORT_PATH) return MAX_CSP_REPORT_BYTES;
  if (pathname === STRIPE_WEBHOOK_PATH || pathname === NETLIFY_DEPLOY_STATUS_PATH) return MAX_WEBHOOK_BYTES;
  if (pathname === '/review' || pathname === '/api/reviews') return MAX_REVIEW_FORM_BYTES;
  // A response: 5,000 characters of message and 2,000 of terms, up to 3 bytes each in UTF-8.
  if (/^\/api\/contractor\/leads\/[^/]+\/responses$/.test(pathname)) return MAX_REVIEW_FORM_BYTES;
  if (pathname === '/api' || pathname.startsWith('/api/')) return MAX_JSON_BYTES;
  return MAX_FORM_BYTES;
}

/**
 * Whether a request's declared Content-Length is over the allowance. A malformed one counts as
 * over: the Node server rejects it anyway, and nothing else should guess.
 */
export function declaredTooLarge(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false;
  if (!/^\d+$/.test(contentLength.trim())) return true;
  return Number(contentLength) > limit;
}
