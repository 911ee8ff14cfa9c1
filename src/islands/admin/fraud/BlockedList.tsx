// The contact details blocked now (phones, e-mails, devices, domains), each with Release.
import { useId, useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import { BLOCK_KIND_LABELS, FRAUD_MESSAGES as M } from '../../../domain/fraud-rules.ts';
import type { BlockedIdentity, FraudQueuePage } from '../../../schemas/admin-fraud.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import type { Column } from '../kit/AdminTable.tsx';
import KeysetTable from '../kit/KeysetTable.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import { FRAUD_PATH } from './LeadList.tsx';
import { blockedName, blockedValue } from './words.ts';
import RowButton from '../kit/RowButton.tsx';

export default function BlockedList(props: { onMessage: (message: string) => void }) {
  const list = useKeysetList(FRAUD_PATH, { list: 'blocked' }, (page: FraudQueuePage) => page.blocks);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  const release = async (block: BlockedIdentity) => {
    setBusy(block.id);
    const answer = await api<{ block: BlockedIdentity }>(
      'POST',
      `${FRAUD_PATH}/blocks/${block.id}/release`,
      {},
    );
    setBusy(null);
    if (!answer.ok) return props.onMessage(answer.body.error ?? UNEXPECTED);
    list.setRows((rows) => rows.filter((r) => r.id !== block.id));
    props.onMessage(`${blockedName(block)} released: it may send requests again.`);
  };
  const columns: Column<BlockedIdentity>[] = [
    {
      label: 'Detail',
      kind: 'title',
      cell: (b) => (
        <>
          {BLOCK_KIND_LABELS[b.kind]}: <span className="fraud-value">{blockedValue(b)}</span>
        </>
      ),
    },
    { label: 'Blocked', cell: (b) => <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time> },
    {
      label: 'Why',
      cell: (b) => (
        <>
          {b.reason}
          {b.leadId && (
            <div>
              <a href={`/admin/leads?lead=${b.leadId}`}>the request</a>
            </div>
          )}
        </>
      ),
    },
    { label: 'By', cell: (b) => b.blockedBy ?? 'Buyers’ reports' },
    {
      label: 'Action',
      kind: 'actions',
      cell: (b) => (
        <RowButton
          name={`Release ${blockedName(b)}`}
          disabled={busy === b.id}
          onPress={() => void release(b)}
        >
          Release
        </RowButton>
      ),
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Blocked contact details</h2>
      <KeysetTable
        list={list}
        caption="Contact details blocked now"
        columns={columns}
        rowKey={(b) => b.id}
        empty={M.noBlocks}
        more="Show more blocked contact details"
      />
    </section>
  );
}
