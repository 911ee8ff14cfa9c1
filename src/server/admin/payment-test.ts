// The admin payment-test page: the admin leads summary (get_admin_leads_summary), the latest test
// leads, their distributions and transactions, and the test runs with each step's outcome; a run
// makes a test lead and sells it through the real pipeline (processLead, the same code a
// homeowner's confirmed request goes through), refused unless the gateway is the sandbox or
// Stripe in test mode. Test leads go only to the businesses an admin named as test recipients.
import { formatMoney } from '../../domain/money.ts';
import { leadScore } from '../../domain/quote-rules.ts';
import {
  gatewayMode,
  PAYMENT_TEST_MESSAGES,
  TEST_LEAD_DESCRIPTION,
  TEST_LEAD_NAME,
  TEST_LEAD_PHONE,
  type GatewayMode,
  type PaymentTestListSize,
} from '../../domain/payment-test.ts';
import type {
  AdminLeadsSummary,
  PaymentTestState,
  TestRecipient,
  TestRun,
  TestStep,
  TPaymentTestRun,
} from '../../schemas/admin-payment-test.ts';
import type { Sql } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { PaymentGateway } from '../money/index.ts';
import { processLead } from '../leads/index.ts';
import { searchCatalog } from '../site/index.ts';
import { audited, type AuditActor } from '../platform/security/audit.ts';
import { ERROR_MAX } from './admin-rules.ts';

export async function adminLeadsSummary(sql: Sql): Promise<AdminLeadsSummary> {
  const [row] = await sql<Record<string, number | string>[]>`select * from get_admin_leads_summary()`;
  const n = (key: string) => Number(row![key]);
  return {
    leadsToday: n('leads_today'),
    leadsThisWeek: n('leads_this_week'),
    leadsTotal: n('leads_total'),
    qualified: n('qualified'),
    unqualified: n('unqualified'),
    pending: n('pending'),
    distributed: n('distributed'),
    distributions: n('distributions'),
    paidDistributions: n('paid_distributions'),
    failedDistributions: n('failed_distributions'),
    revenueCents: n('revenue_cents'),
    refundedCents: n('refunded_cents'),
    testLeads: n('test_leads'),
    testRevenueCents: n('test_revenue_cents'),
  };
}

/** Refuses a test unless the gateway is the sandbox or Stripe in test mode. */
function assertTestGateway(stripeKey: string | null): Exclude<GatewayMode, 'stripe_live'> {
  const mode = gatewayMode(stripeKey);
  if (mode === 'stripe_live') throw new AppError('CONFLICT', PAYMENT_TEST_MESSAGES.liveKey);
  return mode;
}

export async function paymentTestState(
  sql: Sql,
  limit: PaymentTestListSize,
  stripeKey: string | null,
): Promise<PaymentTestState> {
  const mode = gatewayMode(stripeKey);
  const [summary, leads, distributions, transactions, runs, recipients] = await Promise.all([
    adminLeadsSummary(sql),
    sql<PaymentTestState['leads']>`
      select l.id, l.created_at as "createdAt", s.name as service, l.city, l.qualification, l.lead_score as score,
             (select count(*)::int from lead_distributions d where d.lead_id = l.id) as distributions,
             (select count(*)::int from lead_distributions d where d.lead_id = l.id and d.payment_status = 'paid') as paid
        from leads l left join services s on s.id = l.service_id
       where l.is_test
       order by l.created_at desc, l.id desc limit ${limit}`,
    sql<PaymentTestState['distributions']>`
      select d.id, d.lead_id as "leadId", b.name as business, d.rank, d.status,
             d.payment_status as "paymentStatus", d.payment_amount_cents as "amountCents",
             d.payment_error_message as error, d.created_at as "createdAt"
        from lead_distributions d
        join leads l on l.id = d.lead_id and l.is_test
        join businesses b on b.id = d.business_id
       order by d.created_at desc, d.id desc limit ${limit}`,
    sql<PaymentTestState['transactions']>`
      select t.id, t.lead_id as "leadId", b.name as business, t.payment_amount_cents as "amountCents",
             t.payment_status as status, t.stripe_payment_intent_id as "paymentIntentId",
             t.failure_message as error, t.created_at as "createdAt"
        from payment_transactions t
        join leads l on l.id = t.lead_id and l.is_test
        join businesses b on b.id = t.business_id
       order by t.created_at desc, t.id desc limit ${limit}`,
    listRuns(sql, limit),
    sql<TestRecipient[]>`
      select b.id, b.name, b.status, b.verified,
             exists (select 1 from payment_methods pm
                      where pm.business_id = b.id and pm.is_default and pm.status = 'active') as "hasCard"
        from businesses b where b.receives_test_leads
       order by lower(b.name), b.id limit 50`,
  ]);
  return {
    mode,
    refusal: mode === 'stripe_live' ? PAYMENT_TEST_MESSAGES.liveKey : null,
    summary,
    leads: [...leads],
    distributions: [...distributions],
    transactions: [...transactions],
    runs,
    recipients: [...recipients],
  };
}

interface RunRow {
  id: string;
  lead_id: string | null;
  actor_email: string | null;
  gateway: string;
  error_message: string | null;
  created_at: Date;
  finished_at: Date | null;
  qualification: string | null;
  distributions: number;
  paid: number;
  charged_cents: number;
}

async function listRuns(sql: Sql, limit: number, id?: string): Promise<TestRun[]> {
  const rows = await sql<RunRow[]>`
    select r.id, r.lead_id, u.email as actor_email, r.gateway, r.error_message, r.created_at, r.finished_at,
           l.qualification,
           (select count(*)::int from lead_distributions d where d.lead_id = r.lead_id) as distributions,
           (select count(*)::int from lead_distributions d
             where d.lead_id = r.lead_id and d.payment_status = 'paid') as paid,
           (select coalesce(sum(t.payment_amount_cents), 0)::int from payment_transactions t
             where t.lead_id = r.lead_id and t.payment_status in ('paid', 'succeeded')) as charged_cents
      from payment_test_runs r
      left join leads l on l.id = r.lead_id
      left join users u on u.id = r.actor_user_id
     where ${id ?? null}::uuid is null or r.id = ${id ?? null}::uuid
     order by r.created_at desc, r.id desc limit ${limit}`;
  return rows.map(toRun);
}

/** Each step's outcome, read from where the lead stands now (a sale the sweeper finishes later
 * shows when it is done). */
function toRun(row: RunRow): TestRun {
  const running = row.finished_at === null || row.qualification === 'pending';
  const step = (passed: boolean, detail: string): TestStep => ({
    status: passed ? 'pass' : running && !row.error_message ? 'pending' : 'fail',
    detail,
  });
  const qualified = row.qualification === 'qualified' || row.qualification === 'unmatched';
  const steps = {
    leadCreated: step(row.lead_id !== null, row.lead_id ? 'Test lead stored' : 'No lead'),
    qualified: step(qualified, row.qualification ? `Qualification: ${row.qualification}` : 'No lead'),
    distributed: step(
      row.distributions > 0,
      `Distributed to ${row.distributions} ${row.distributions === 1 ? 'pro' : 'pros'}`,
    ),
    charged: step(row.paid > 0, `${row.paid} charged, ${formatMoney(row.charged_cents)} in total`),
  };
  const statuses = Object.values(steps).map((s) => s.status);
  return {
    id: row.id,
    leadId: row.lead_id,
    actorEmail: row.actor_email,
    gateway: row.gateway,
    error: row.error_message,
    createdAt: row.created_at.toISOString(),
    steps,
    outcome: statuses.includes('fail') ? 'fail' : statuses.includes('pending') ? 'pending' : 'pass',
  };
}

/**
 * Makes a test lead (confirmed: an admin asked for it, at the admin's own address) for `input`'s
 * service and area, records the run and who ran it (audited), then sells the lead through
 * processLead. A pipeline error is kept on the run and shown on its row; the lead stays for the
 * sweeper to finish, as any lead would.
 */
export async function triggerPaymentTest(
  sql: Sql,
  actor: AuditActor & { email: string },
  input: TPaymentTestRun,
  options: { stripeKey: string | null; gateway: () => PaymentGateway },
): Promise<TestRun> {
  // Before anything is written: with a live key nothing is created.
  const gateway = assertTestGateway(options.stripeKey);
  const [service] = await sql<{ id: string; name: string }[]>`
    select id, name from services where slug = ${input.service}`;
  if (!service) {
    throw new AppError('BAD_REQUEST', PAYMENT_TEST_MESSAGES.noService, {
      service: [PAYMENT_TEST_MESSAGES.noService],
    });
  }
  const place = (await searchCatalog(sql)).places.find((p) => p.slug === input.area);
  const zip = place?.zipCodes[0];
  if (!place || !zip) {
    throw new AppError('BAD_REQUEST', PAYMENT_TEST_MESSAGES.noArea, { area: [PAYMENT_TEST_MESSAGES.noArea] });
  }
  const timeline = 'FLEXIBLE';
  const budget = { min: 5000, max: 15000 };
  const { runId, leadId } = await sql.begin(async (tx) => {
    const [lead] = await tx<{ id: string }[]>`
      insert into leads (service_id, user_id, name, email, phone, project_type, project_description, timeline,
        budget_min, budget_max, property_address, zip_code, city, latitude, longitude, property_type,
        preferred_contact_method, lead_score, source, status, qualification, confirmed_at, is_test)
      values (${service.id}, null, ${TEST_LEAD_NAME}, ${actor.email.trim().toLowerCase()}, ${TEST_LEAD_PHONE},
        ${service.name}, ${TEST_LEAD_DESCRIPTION}, ${timeline}, ${budget.min}, ${budget.max},
        ${`Payment test, ${place.name}, OH ${zip}`}, ${zip}, ${place.name}, ${place.latitude}, ${place.longitude},
        'Single Family Home', 'email',
        ${leadScore({ budgetMax: budget.max, timeline, description: TEST_LEAD_DESCRIPTION, photoCount: 0 })},
        'WEBSITE', 'NEW', 'pending', now(), true)
      returning id`;
    const [run] = await tx<{ id: string }[]>`
      insert into payment_test_runs (lead_id, actor_user_id, gateway)
      values (${lead!.id}, ${actor.id}, ${gateway}) returning id`;
    await audited(tx, actor, 'payment_test.run', { type: 'lead', id: lead!.id }, null, {
      run: run!.id,
      service: input.service,
      area: input.area,
      gateway,
    });
    return { runId: run!.id, leadId: lead!.id };
  });

  let error: string | null = null;
  try {
    await processLead(sql, leadId, { gateway: options.gateway() });
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_MAX);
  }
  await sql`update payment_test_runs set finished_at = now(), error_message = ${error} where id = ${runId}`;
  const [run] = await listRuns(sql, 1, runId);
  return run!;
}

/** Names a business as a test recipient, or stops it being one (audited). */
export async function setTestRecipient(
  sql: Sql,
  actor: AuditActor,
  businessId: string,
  receives: boolean,
): Promise<TestRecipient> {
  return sql.begin(async (tx) => {
    const [before] = await tx<{ receives_test_leads: boolean }[]>`
      select receives_test_leads from businesses where id = ${businessId} for update`;
    if (!before) throw new AppError('NOT_FOUND', PAYMENT_TEST_MESSAGES.businessNotFound);
    const [after] = await tx<TestRecipient[]>`
      update businesses b set receives_test_leads = ${receives} where b.id = ${businessId}
      returning b.id, b.name, b.status, b.verified,
        exists (select 1 from payment_methods pm
                 where pm.business_id = b.id and pm.is_default and pm.status = 'active') as "hasCard"`;
    if (before.receives_test_leads !== receives) {
      await audited(
        tx,
        actor,
        receives ? 'business.test_leads.enable' : 'business.test_leads.disable',
        { type: 'business', id: businessId },
        { receivesTestLeads: before.receives_test_leads },
        { receivesTestLeads: receives },
      );
    }
    return after!;
  });
}

/** Businesses whose name contains `q` that could be named test recipients (ACTIVE ones), 10 at most. */
export async function findRecipientCandidates(sql: Sql, q: string): Promise<TestRecipient[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const rows = await sql<TestRecipient[]>`
    select b.id, b.name, b.status, b.verified,
           exists (select 1 from payment_methods pm
                    where pm.business_id = b.id and pm.is_default and pm.status = 'active') as "hasCard"
      from businesses b
     where b.status = 'ACTIVE' and not b.receives_test_leads and lower(b.name) like ${pattern}
     order by lower(b.name), b.id limit 10`;
  return [...rows];
}
