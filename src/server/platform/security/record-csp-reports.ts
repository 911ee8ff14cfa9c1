// CSP violation reports: one log line per violation, at most so many per client address in a
// window (a page stuck in a loop, or anyone posting reports, cannot flood the log). The line keeps
// no secrets: URLs lose their query and fragment (a reset link's token lives there) and nothing
// of the blocked script's text is kept.
import type { CspViolation } from '../../../schemas/csp-report.ts';
import { checkRateLimit } from './rate-limit.ts';
import type { Sql } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { log } from '../log.ts';

export const CSP_REPORTS_PER_WINDOW = 30;
const CSP_REPORT_WINDOW_MINUTES = 10;
const FIELD_LOG_MAX = 200;

/** A URL as origin and path; a keyword ('inline', 'eval', 'data') as it is; anything else cut short. */
export function loggable(value: string | undefined): string {
  if (!value) return '-';
  let shown = value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') shown = `${url.origin}${url.pathname}`;
    else shown = url.protocol;
  } catch {
    // not a URL: a keyword such as 'inline' or a directive's name
  }
  // No control characters: one report is one line, and it cannot forge another.
  return shown.replace(/[\p{Cc}\s]+/gu, ' ').slice(0, FIELD_LOG_MAX);
}

export function violationLine(v: CspViolation): string {
  const where = v.source ? ` at ${loggable(v.source)}${v.line === undefined ? '' : `:${v.line}`}` : '';
  const mode = v.disposition === 'report' ? ' (report only)' : '';
  return `CSP violation${mode}: ${loggable(v.directive)} blocked ${loggable(v.blocked)} on ${loggable(v.document)}${where}`;
}

/** Logs the violations of one report from `ip`; 429 past the per-address allowance. */
export async function recordCspReports(
  sql: Sql,
  ip: string | null,
  violations: CspViolation[],
): Promise<void> {
  const limit = await checkRateLimit(
    sql,
    ip ?? 'unknown',
    'csp-report:ip',
    CSP_REPORTS_PER_WINDOW,
    CSP_REPORT_WINDOW_MINUTES,
  );
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many reports', undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  for (const violation of violations) log().warn(violationLine(violation));
}
