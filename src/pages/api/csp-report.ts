// POST /api/csp-report: where browsers report Content-Security-Policy violations (the policy's
// report-uri and report-to). Both report formats, a small body, one log line per violation,
// rate limited per client address; 204.
import { cspViolations, ZCspReportBody } from '~/schemas/csp-report';
import { db } from '~/server/platform/db/client';
import { requestMeta } from '~/server/platform/http';
import { route } from '~/server/platform/route';
import { recordCspReports } from '~/server/platform/security/record-csp-reports';

export const prerender = false;

export const POST = route(
  {
    auth: 'none',
    body: ZCspReportBody,
    bodyTypes: ['application/csp-report', 'application/reports+json', 'application/json'],
  },
  async ({ context, body }) => {
    await recordCspReports(db(), requestMeta(context).ip, cspViolations(body));
    return new Response(null, { status: 204 });
  },
);
