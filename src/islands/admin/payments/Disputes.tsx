// The payments page's Disputes tab: the contractors' credit requests the automatic rules did not
// settle; grant (refunded to the card) or decline, always with a reason the contractor reads.
import { useState } from 'react';
import { CREDIT_DECISION_MAX, PAYMENTS_MESSAGES as M } from '../../../domain/admin-payments-rules.ts';
import { creditReasonLabel } from '../../../domain/credit-rules.ts';
import {
  displayName,
  endSentence,
  formatDateTime,
  formatMoney,
  serviceInPlace,
} from '../../../domain/format.ts';
import type { AdminCreditPage, AdminCreditRequest } from '../../../schemas/admin-payments.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import ReasonForm from '../kit/ReasonForm.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import { StatusLine } from '../../shared/notices.tsx';
import RowButton from '../kit/RowButton.tsx';

type Action = 'grant' | 'decline';

const Time = (props: { at: string }) => <time dateTime={props.at}>{formatDateTime(props.at)}</time>;
const leadName = (c: AdminCreditRequest) => serviceInPlace(c.projectType, c.place);

export default function Disputes() {
  const list = useKeysetList('/api/admin/payments/credits', {}, (page: AdminCreditPage) => page.credits);
  const [open, setOpen] = useState<{ id: string; action: Action } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const decide = async (credit: AdminCreditRequest, action: Action, reason: string) => {
    setBusy(credit.id);
    setMessage(null);
    const answer = await api<{ credit: AdminCreditRequest }>(
      'POST',
      `/api/admin/payments/credits/${credit.id}/${action}`,
      { reason },
    );
    setBusy(null);
    if (!answer.ok) return setMessage(answer.body.error ?? UNEXPECTED);
    setOpen(null);
    const after = answer.body.credit;
    if (after.status === 'open') {
      // The gateway refused the refund: the request stays, with what happened in its finding.
      list.setRows((rows) => rows.map((r) => (r.id === after.id ? after : r)));
      return setMessage(`The refund to ${after.businessName} did not go through: ${after.finding}`);
    }
    list.setRows((rows) => rows.filter((r) => r.id !== credit.id));
    setMessage(
      action === 'grant'
        ? after.status === 'refunded'
          ? `${formatMoney(after.amountCents)} refunded to ${after.businessName}; they were e-mailed your reason.`
          : endSentence(`Credit to ${after.businessName} granted; the refund is under way`)
        : `Credit request of ${after.businessName} declined; they were e-mailed your reason.`,
    );
  };

  const columns: Column<AdminCreditRequest>[] = [
    {
      label: 'Business',
      kind: 'title',
      cell: (c) => (
        <>
          {c.businessName}
          {c.businessEmail && <div className="muted admin-fact">{c.businessEmail}</div>}
        </>
      ),
    },
    { label: 'Requested', cell: (c) => <Time at={c.createdAt} /> },
    {
      label: 'Lead',
      cell: (c) => (
        <>
          {leadName(c)}
          {c.chargedAt && (
            <div className="muted">
              charged <Time at={c.chargedAt} />
            </div>
          )}
        </>
      ),
    },
    {
      label: 'Reason and note',
      cell: (c) => (
        <>
          {creditReasonLabel(c.reason)}
          {c.note && <div>“{c.note}”</div>}
        </>
      ),
    },
    { label: 'Our check', cell: (c) => c.finding },
    { label: 'Amount', kind: 'num', cell: (c) => formatMoney(c.amountCents) },
    {
      label: 'Decision',
      kind: 'actions',
      cell: (c) =>
        open?.id === c.id ? (
          <ReasonForm
            label={`Reason for ${open.action === 'grant' ? 'granting' : 'declining'} the credit to ${c.businessName} (sent to the contractor)`}
            submitLabel={open.action === 'grant' ? `Refund ${formatMoney(c.amountCents)}` : 'Decline request'}
            maxLength={CREDIT_DECISION_MAX}
            busy={busy === c.id}
            onSubmit={(reason) => void decide(c, open.action, reason)}
            onCancel={() => setOpen(null)}
          />
        ) : (
          <div className="admin-actions">
            <button
              type="button"
              className="btn"
              aria-label={`Grant credit to ${c.businessName} for the ${displayName(c.projectType)} lead`}
              onClick={() => setOpen({ id: c.id, action: 'grant' })}
            >
              Grant
            </button>
            <RowButton
              name={`Decline credit to ${c.businessName} for the ${displayName(c.projectType)} lead`}
              onPress={() => setOpen({ id: c.id, action: 'decline' })}
            >
              Decline
            </RowButton>
          </div>
        ),
    },
  ];

  return (
    <div>
      <StatusLine>{message}</StatusLine>
      <KeysetTable
        list={list}
        caption="Open credit requests"
        columns={columns}
        rowKey={(c) => c.id}
        empty={M.noCredits}
        more="Show more credit requests"
      />
    </div>
  );
}
