// The bodies browsers send to the CSP report endpoint: the older report-uri form
// (application/csp-report, one report) and the Reporting API's (application/reports+json, a
// batch of reports of several types). Fields are optional and unknown ones ignored: browsers
// differ, and a report is only ever logged.
import { z } from 'zod';

/** Longest string kept from a report field; the log line needs no more. */
const FIELD_MAX = 2048;
const text = z.string().max(FIELD_MAX).optional();
const position = z.number().int().nonnegative().optional();

const ZLegacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': position,
    disposition: text,
  }),
});

const ZReportingApiReport = z.object({
  type: z.string().max(64),
  url: text,
  body: z
    .object({
      documentURL: text,
      effectiveDirective: text,
      blockedURL: text,
      sourceFile: text,
      lineNumber: position,
      disposition: text,
    })
    .optional(),
});

/** Reporting API batches: a browser sends what queued up, a few at a time. */
const MAX_REPORTS_PER_BATCH = 20;

export const ZCspReportBody = z.union([
  ZLegacyReport,
  z.array(ZReportingApiReport).max(MAX_REPORTS_PER_BATCH),
]);
export type TCspReportBody = z.infer<typeof ZCspReportBody>;

/** One violation, whichever form it came in. */
export interface CspViolation {
  document: string | undefined;
  directive: string | undefined;
  blocked: string | undefined;
  source: string | undefined;
  line: number | undefined;
  disposition: string | undefined;
}

/** The violations a report body holds (the Reporting API's other report types are dropped). */
export function cspViolations(body: TCspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        document: r['document-uri'],
        directive: r['effective-directive'] ?? r['violated-directive'],
        blocked: r['blocked-uri'],
        source: r['source-file'],
        line: r['line-number'],
        disposition: r.disposition,
      },
    ];
  }
  return body
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ url, body: r }) => ({
      document: r?.documentURL ?? url,
      directive: r?.effectiveDirective,
      blocked: r?.blockedURL,
      source: r?.sourceFile,
      line: r?.lineNumber,
      disposition: r?.disposition,
    }));
}
