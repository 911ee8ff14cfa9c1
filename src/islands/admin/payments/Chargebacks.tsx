// The payments page's Chargebacks tab: disputes a bank opened against our charges, newest first.
import { DISPUTE_STATUS_WORDS, PAYMENTS_MESSAGES as M } from '../../../domain/admin-payments-rules.ts';
import { displayName, formatDateTime, formatMoney, wordFor } from '../../../domain/format.ts';
import type { AdminChargeback, AdminChargebackPage } from '../../../schemas/admin-payments.ts';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';

const Time = (props: { at: string }) => <time dateTime={props.at}>{formatDateTime(props.at)}</time>;

const COLUMNS: Column<AdminChargeback>[] = [
  { label: 'Business', kind: 'title', cell: (c) => c.businessName ?? 'Not one of our charges' },
  { label: 'Opened', cell: (c) => <Time at={c.createdAt} /> },
  { label: 'Amount', kind: 'num', cell: (c) => formatMoney(c.amountCents) },
  { label: 'Bank’s reason', cell: (c) => displayName(c.reason) },
  { label: 'Stripe status', cell: (c) => wordFor(DISPUTE_STATUS_WORDS, c.stripeStatus) },
  { label: 'Evidence due', cell: (c) => (c.evidenceDueBy ? <Time at={c.evidenceDueBy} /> : '—') },
  {
    label: 'Dispute',
    kind: 'id',
    cell: (c) => (
      <>
        {c.disputeId}
        <div className="muted">{c.chargeId}</div>
      </>
    ),
  },
  {
    label: 'Status',
    cell: (c) =>
      c.status === 'open' ? (
        <span className="chip warn">Open</span>
      ) : (
        <span className="chip ok">Resolved</span>
      ),
  },
];

export default function Chargebacks() {
  const list = useKeysetList(
    '/api/admin/payments/chargebacks',
    {},
    (page: AdminChargebackPage) => page.chargebacks,
  );
  return (
    <KeysetTable
      list={list}
      caption="Chargebacks"
      columns={COLUMNS}
      rowKey={(c) => c.id}
      empty={M.noChargebacks}
      more="Show more chargebacks"
    />
  );
}
