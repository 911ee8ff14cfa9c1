// The one list of background work: the queued jobs (a quote request's sale) and the scheduled
// ones (sweepers, mail and alerts, expiries, the automatic publish). Every way of running the
// product reads it: the Node server's runner (runner.ts: npm start, npm run preview,
// scripts/serve.ts), Netlify's functions (netlify/functions, one line each over `runScheduledJob`),
// and `housekeeping` (every scheduled job once, for a test or a manual run). Every job is safe to
// run at any time, again, and in two processes at once.
import type { Transporter } from 'nodemailer';
import {
  drainAlerts,
  type AlertPorts,
  alertPorts,
  creditUnansweredLeads,
  resumeRefundingCredits,
  askForOutcomes,
  expireUnconfirmedQuotes,
  purgeSpentProofs,
  resumeUnfinishedLeads,
  runQueuedSales,
} from '../leads/index.ts';
import { purgeExpired } from './cleanup.ts';
import type { Sql } from '../platform/db/client.ts';
import { deliverPendingMail } from '../platform/mail/sender.ts';
import { type PaymentGateway, paymentGateway } from '../money/index.ts';
import { publishIfDue, publisher, type Publisher } from '../platform/publish/publisher.ts';
import { SALE_QUEUE } from '../platform/queue/sale-queue.ts';
import { purgeSearchMarks } from '../site/index.ts';
import type { UploadStore } from '../platform/storage/upload-store.ts';
import { uploadStore } from '../platform/storage/uploads.ts';
import { superviseQueues, type DrainResult } from '../platform/queue/queue.ts';
import { QUEUES } from '../platform/queue/queues.ts';
import { log } from '../platform/log.ts';

/** What a job may use: the database and the ports it reaches the world through. */
export interface JobContext {
  sql: Sql;
  gateway: PaymentGateway;
  store: UploadStore;
  /** The mail relay (undefined: the configured one). */
  mailTransport?: Transporter | null;
  alerts?: AlertPorts;
  /** The process's publisher (made on first use, over the server's pool); none: no automatic publish. */
  publisher?: () => Publisher;
}

export function jobContext(sql: Sql): JobContext {
  return { sql, gateway: paymentGateway(sql), store: uploadStore(), publisher };
}

/** The queues' workers: each drains its queue's due jobs until none is left, `until` or `stop()`. */
const WORKERS: Record<
  string,
  (context: JobContext, until?: number, stop?: () => boolean) => Promise<DrainResult>
> = {
  [SALE_QUEUE.name]: (context, until, stop) =>
    runQueuedSales(context.sql, { gateway: context.gateway }, until, stop),
};

/** Runs every queue's due jobs until none is left, `until` (epoch ms) has passed or `stop()` says so. */
export async function drainQueues(
  context: JobContext,
  until?: number,
  stop?: () => boolean,
): Promise<DrainResult> {
  const total: DrainResult = { done: 0, failed: 0 };
  for (const spec of QUEUES) {
    const result = await WORKERS[spec.name]!(context, until, stop);
    total.done += result.done;
    total.failed += result.failed;
  }
  return total;
}

export interface ScheduledJob {
  name: string;
  /** Netlify's schedule (cron, UTC); the runner keeps the same period. */
  schedule: '* * * * *' | '*/5 * * * *' | '@hourly';
  run(context: JobContext): Promise<Record<string, unknown>>;
}

/** The period of a schedule, in minutes. */
export function scheduleMinutes(schedule: ScheduledJob['schedule']): number {
  return schedule === '* * * * *' ? 1 : schedule === '*/5 * * * *' ? 5 : 60;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    // The queue's backstop: pg-boss's upkeep first (a job whose worker died goes back to the queue
    // once its time is up; old jobs deleted), then jobs a lost kick left and retries that came due.
    // Taking new jobs stops after 20 s: a scheduled function on Netlify has 30 s.
    name: 'run-jobs',
    schedule: '* * * * *',
    async run(context) {
      await superviseQueues(context.sql);
      return { ...(await drainQueues(context, Date.now() + 20_000)) };
    },
  },
  {
    // Sales and refunds a run left part-way (a crash between a charge and its record, an outage).
    name: 'resume-leads',
    schedule: '*/5 * * * *',
    async run(context) {
      const resumed = await resumeUnfinishedLeads(context.sql, { gateway: context.gateway });
      const credits = await resumeRefundingCredits(context.sql, context.gateway);
      return { resumedLeads: resumed.length, resumedCredits: credits };
    },
  },
  {
    // Before the mail: the question about a request's outcome goes out in the same round.
    name: 'ask-outcomes',
    schedule: '@hourly',
    async run(context) {
      return { outcomesAsked: await askForOutcomes(context.sql) };
    },
  },
  {
    // Mail whose delivery failed (the relay was down), then alerts a push service or the SMS
    // provider could not take yet and those quiet hours held: each on its own, so a port that
    // cannot be built never keeps the mail from going.
    name: 'deliver-outbox',
    schedule: '* * * * *',
    async run(context) {
      const mail = context.mailTransport === undefined ? {} : { transport: context.mailTransport };
      let mails = 0;
      for (;;) {
        const delivered = await deliverPendingMail(context.sql, mail);
        if (!delivered) break;
        mails += delivered;
      }
      let alerts = 0;
      try {
        alerts = await drainAlerts(context.sql, context.alerts ?? alertPorts(context.sql));
      } catch (error) {
        log().error({ err: error }, 'alert delivery failed; it runs again with the next round');
      }
      return { mailsDelivered: mails, alertsDelivered: alerts };
    },
  },
  {
    name: 'credit-unanswered-leads',
    schedule: '@hourly',
    async run(context) {
      return { unansweredCredits: await creditUnansweredLeads(context.sql, context.gateway) };
    },
  },
  {
    name: 'expire-quotes',
    schedule: '@hourly',
    async run(context) {
      const quotes = await expireUnconfirmedQuotes(context.sql, context.store);
      return { ...quotes, spentProofs: await purgeSpentProofs(context.sql) };
    },
  },
  {
    // Spent tokens, sessions, codes, marks and old search rows.
    name: 'expire-tokens',
    schedule: '@hourly',
    async run(context) {
      return { ...(await purgeExpired(context.sql)), ...(await purgeSearchMarks(context.sql)) };
    },
  },
  {
    // The automatic publish once its debounce has passed (a function keeps no timer; the Node
    // server's publisher also keeps one of its own).
    name: 'auto-publish',
    schedule: '* * * * *',
    async run(context) {
      if (!context.publisher) return {};
      const run = await publishIfDue(context.sql, context.publisher());
      return run ? { publishRun: run.id } : {};
    },
  },
];

/** One scheduled job by name, for a Netlify function. */
export async function runScheduledJob(name: string, sql: Sql): Promise<Record<string, unknown>> {
  const job = SCHEDULED_JOBS.find((j) => j.name === name);
  if (!job) throw new Error(`no scheduled job named ${name}`);
  const result = await job.run(jobContext(sql));
  log().info({ result }, name);
  return result;
}
