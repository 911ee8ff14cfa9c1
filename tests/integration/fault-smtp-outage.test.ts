// Fault: SMTP down for 10 minutes (and for 30). Mail goes through the outbox (mail_outbox) and is
// delivered by the sender (src/server/platform/mail/sender.ts) as Netlify's scheduled function runs it,
// every minute until nothing is due, through nodemailer to the SMTP stand-in, whose port refuses
// connections for the outage. Time is the outbox's own: after each scheduled run every timestamp
// in the outbox moves one minute back, which is what a minute passing means to the SQL's now().
// Mail keeps arriving during the outage. Afterwards every mail has been delivered, none lost, none
// twice, except the one whose session dropped after its data was sent (see that test).
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTransport, type Transporter } from 'nodemailer';
import { createSql, type Sql } from '../../src/server/platform/db/client.ts';
import { housekeeping } from '../../src/server/jobs/housekeeping.ts';
import { createSandboxGateway } from '../../src/server/money/gateway/sandbox-gateway.ts';
import { createLocalUploadStore } from '../../src/server/platform/storage/local-files.ts';
import { enqueueMail } from '../../src/server/platform/mail/outbox.ts';
import { deliverPendingMail } from '../../src/server/platform/mail/sender.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../helpers/smtp-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let database: TestDatabase;
let sql: Sql;
let smtp: SmtpStandIn;
let transport: Transporter;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  smtp = await startSmtpStandIn();
  transport = createTransport(smtp.url);
});

afterAll(async () => {
  transport.close();
  await smtp.close();
  await sql.end();
  await database.drop();
});

beforeEach(async () => {
  await sql`delete from mail_outbox`;
  smtp.received.length = 0;
  smtp.dropAfterData = 0;
});

let sequence = 0;
async function enqueue(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    sequence += 1;
    await enqueueMail(sql, {
      to: `homeowner-${sequence}@example.com`,
      subject: `Mail ${sequence}`,
      text: `Body of mail ${sequence}`,
      template: 'fault_test',
    });
  }
}

/** Netlify's every-minute function: deliver until nothing is due. */
async function scheduledRun(): Promise<void> {
  while ((await deliverPendingMail(sql, { transport })) > 0) {
    // until nothing is due
  }
}

/** One minute passes for the outbox. */
async function minutePasses(): Promise<void> {
  await sql`update mail_outbox set send_after = send_after - interval '1 minute',
    created_at = created_at - interval '1 minute', claimed_at = claimed_at - interval '1 minute',
    sent_at = sent_at - interval '1 minute'`;
}

interface OutageResult {
  queued: number;
  /** Minutes after SMTP came back until the last mail was delivered. */
  minutesToDrain: number;
  maxAttempts: number;
  statuses: Record<string, number>;
  /** Copies received per subject. */
  copies: Map<string, string[]>;
}

/**
 * SMTP refuses connections for `outage` minutes while mail keeps coming (10 before, 2 a minute
 * during); then it is up, and the schedule runs on for up to `after` minutes.
 */
async function outage(minutes: number, after: number, options: { dropOnReturn?: number } = {}) {
  await enqueue(10);
  await smtp.down();
  let drained = -1;
  for (let minute = 0; minute < minutes + after; minute += 1) {
    if (minute === minutes) {
      await smtp.up();
      smtp.dropAfterData = options.dropOnReturn ?? 0;
    }
    if (minute < minutes) await enqueue(2);
    await scheduledRun();
    const [left] = await sql<
      { n: number }[]
    >`select count(*)::int as n from mail_outbox where status <> 'sent'`;
    if (minute >= minutes && left?.n === 0) {
      drained = minute - minutes;
      break;
    }
    await minutePasses();
  }
  const rows = await sql<{ status: string; attempts: number }[]>`select status, attempts from mail_outbox`;
  const copies = new Map<string, string[]>();
  for (const mail of smtp.received) {
    const subject = /^Subject: (.*)$/m.exec(mail.data)?.[1] ?? '';
    const messageId = /^Message-ID: (.*)$/im.exec(mail.data)?.[1] ?? '';
    copies.set(subject, [...(copies.get(subject) ?? []), messageId]);
  }
  const result: OutageResult = {
    queued: rows.length,
    minutesToDrain: drained,
    maxAttempts: Math.max(...rows.map((r) => r.attempts)),
    statuses: Object.fromEntries(
      [...new Set(rows.map((r) => r.status))].map((s) => [s, rows.filter((r) => r.status === s).length]),
    ),
    copies,
  };
  console.log(
    `SMTP down ${minutes} min: ${result.queued} mails, statuses ${JSON.stringify(result.statuses)}, ` +
      `max attempts ${result.maxAttempts}, drained ${result.minutesToDrain} min after SMTP returned`,
  );
  return result;
}

describe('SMTP down', () => {
  it('for 10 minutes: every mail queued before and during it is delivered once afterwards', async () => {
    const result = await outage(10, 30);
    expect(result.queued).toBe(30);
    expect(result.statuses).toEqual({ sent: 30 });
    expect(result.copies.size).toBe(30);
    for (const [subject, ids] of result.copies) expect(ids, subject).toHaveLength(1);
    // Delivered within one backoff step (at most 5 minutes) of SMTP's return.
    expect(result.minutesToDrain).toBeGreaterThanOrEqual(0);
    expect(result.minutesToDrain).toBeLessThanOrEqual(5);
  });

  it('for 30 minutes: still none lost (an outage is not the recipient refusing the mail)', async () => {
    const result = await outage(30, 30);
    expect(result.queued).toBe(70);
    expect(result.statuses).toEqual({ sent: 70 });
    expect(result.copies.size).toBe(70);
    for (const [subject, ids] of result.copies) expect(ids, subject).toHaveLength(1);
    expect(result.minutesToDrain).toBeLessThanOrEqual(5);
  });

  it('a session dropped after the data was sent: sent again (never lost), with the same Message-ID', async () => {
    const result = await outage(10, 30, { dropOnReturn: 1 });
    expect(result.statuses).toEqual({ sent: 30 });
    expect(result.copies.size).toBe(30);
    const twice = [...result.copies].filter(([, ids]) => ids.length > 1);
    // The relay kept the mail but its '250' never came: the sender cannot know, and sends again
    // rather than risk losing it. The copies carry one Message-ID, so mail clients show one.
    expect(twice).toHaveLength(1);
    const [, ids] = twice[0]!;
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^<[0-9a-f-]{36}@/);
    expect(ids[1]).toBe(ids[0]);
    expect([...result.copies].filter(([, idsOf]) => idsOf.length === 1)).toHaveLength(29);
  });

  it('self-hosted (npm start): its 5-minute housekeeping delivers what waited, with no request writing mail', async () => {
    await enqueue(5);
    await smtp.down();
    const deps = {
      gateway: createSandboxGateway(sql),
      store: createLocalUploadStore(tmpdir()),
      mailTransport: transport,
    };
    // The mail's own request kicked a delivery, which failed.
    await deliverPendingMail(sql, { transport });
    for (let minute = 1; minute <= 15; minute += 1) {
      await minutePasses();
      if (minute === 10) await smtp.up();
      if (minute % 5 === 0) await housekeeping(sql, deps);
    }
    const rows = await sql<{ status: string }[]>`select status from mail_outbox`;
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('sent'));
    expect(smtp.received).toHaveLength(5);
  });
});
