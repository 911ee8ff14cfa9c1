// The payment-test page's lists (5 or 10 rows): test leads, their distributions, their
// transactions and the test runs step by step; statuses in words, times without seconds.
import { CHARGE_LABELS, qualificationLabel } from '../../../domain/admin-lead-rules.ts';
import { TRANSACTION_STATUS_WORDS } from '../../../domain/admin-payments-rules.ts';
import { displayName, formatDateTime, formatMoney, wordFor } from '../../../domain/format.ts';
import type { PaymentTestState, TestRun, TestStep } from '../../../schemas/admin-payment-test.ts';
import AdminTable, { type Column } from '../kit/AdminTable.tsx';

type TestLead = PaymentTestState['leads'][number];
type TestDistribution = PaymentTestState['distributions'][number];
type TestTransaction = PaymentTestState['transactions'][number];

const STEP_LABEL: Record<TestStep['status'], string> = { pass: 'Pass', fail: 'Fail', pending: 'Pending' };
/** A distribution's delivery status. */
const DELIVERY_WORDS: Record<string, string> = {
  pending: 'Not sent yet',
  sent: 'Sent',
  viewed: 'Viewed',
  responded: 'Responded',
  payment_failed: 'Not sent: charge failed',
};
const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
/** The first eight characters of an id (the whole id in its tooltip). */
const ShortId = (props: { id: string }) => <span title={props.id}>{props.id.slice(0, 8)}</span>;

const LEAD_COLUMNS: Column<TestLead>[] = [
  { label: 'Lead', kind: 'title', cell: (l) => <ShortId id={l.id} /> },
  { label: 'Created', cell: (l) => when(l.createdAt) },
  { label: 'Service', cell: (l) => (l.service ? displayName(l.service) : '—') },
  { label: 'Area', cell: (l) => (l.city ? displayName(l.city) : '—') },
  { label: 'Qualification', cell: (l) => qualificationLabel(l.qualification) },
  { label: 'Score', kind: 'num', cell: (l) => l.score },
  { label: 'Distributions', kind: 'num', cell: (l) => l.distributions },
  { label: 'Paid', kind: 'num', cell: (l) => l.paid },
];

const DISTRIBUTION_COLUMNS: Column<TestDistribution>[] = [
  { label: 'Contractor', kind: 'title', cell: (d) => d.business },
  { label: 'Lead', cell: (d) => <ShortId id={d.leadId} /> },
  { label: 'Rank', kind: 'num', cell: (d) => d.rank },
  { label: 'Status', cell: (d) => wordFor(DELIVERY_WORDS, d.status) },
  { label: 'Payment', cell: (d) => wordFor(CHARGE_LABELS, d.paymentStatus) },
  { label: 'Amount', kind: 'num', cell: (d) => formatMoney(d.amountCents) },
  { label: 'Error', cell: (d) => d.error ?? '—' },
];

const TRANSACTION_COLUMNS: Column<TestTransaction>[] = [
  { label: 'Contractor', kind: 'title', cell: (t) => t.business },
  { label: 'Lead', cell: (t) => <ShortId id={t.leadId} /> },
  { label: 'Amount', kind: 'num', cell: (t) => formatMoney(t.amountCents) },
  { label: 'Status', cell: (t) => wordFor(TRANSACTION_STATUS_WORDS, t.status) },
  { label: 'Payment intent', kind: 'id', cell: (t) => t.paymentIntentId ?? '—' },
  { label: 'Error', cell: (t) => t.error ?? '—' },
  { label: 'When', cell: (t) => when(t.createdAt) },
];

const step = (s: TestStep) => (
  <>
    <strong>{STEP_LABEL[s.status]}</strong>: {s.detail}
  </>
);

const RUN_COLUMNS: Column<TestRun>[] = [
  { label: 'When', kind: 'title', cell: (r) => when(r.createdAt) },
  { label: 'By', cell: (r) => r.actorEmail ?? '—' },
  { label: 'Lead', cell: (r) => (r.leadId ? <ShortId id={r.leadId} /> : '—') },
  { label: 'Lead created', cell: (r) => step(r.steps.leadCreated) },
  { label: 'Qualified', cell: (r) => step(r.steps.qualified) },
  { label: 'Distributed', cell: (r) => step(r.steps.distributed) },
  { label: 'Charged', cell: (r) => step(r.steps.charged) },
  {
    label: 'Result',
    cell: (r) => (
      <>
        <strong>{STEP_LABEL[r.outcome]}</strong>
        {r.error ? `: ${r.error}` : ''}
      </>
    ),
  },
];

export const TestLeads = (props: { rows: TestLead[]; limit: number }) => (
  <AdminTable
    caption={`The latest ${props.limit} test leads`}
    showCaption
    columns={LEAD_COLUMNS}
    rows={props.rows}
    rowKey={(l) => l.id}
  />
);

export const TestDistributions = (props: { rows: TestDistribution[]; limit: number }) => (
  <AdminTable
    caption={`The latest ${props.limit} distributions of test leads`}
    showCaption
    columns={DISTRIBUTION_COLUMNS}
    rows={props.rows}
    rowKey={(d) => d.id}
  />
);

export const TestTransactions = (props: { rows: TestTransaction[]; limit: number }) => (
  <AdminTable
    caption={`The latest ${props.limit} transactions of test leads`}
    showCaption
    columns={TRANSACTION_COLUMNS}
    rows={props.rows}
    rowKey={(t) => t.id}
  />
);

export const RunsTable = (props: { caption: string; runs: TestRun[] }) => (
  <AdminTable
    caption={props.caption}
    showCaption
    columns={RUN_COLUMNS}
    rows={props.runs}
    rowKey={(r) => r.id}
  />
);
