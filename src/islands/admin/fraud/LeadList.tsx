// A list of the fraud queue's requests (held, oldest first; or reported, newest first), each a card
// (LeadCard), with the decisions sent from here.
import { useId, useState } from 'react';
import { plural } from '../../../domain/format.ts';
import type { FraudDecision, FraudLead, FraudList, FraudQueuePage } from '../../../schemas/admin-fraud.ts';
import { api, UNEXPECTED } from '../../shared/api.ts';
import LoadMore from '../kit/LoadMore.tsx';
import { useKeysetList } from '../kit/use-keyset-list.ts';
import LeadCard from './LeadCard.tsx';
import { requestTitle } from './words.ts';

export const FRAUD_PATH = '/api/admin/fraud';

export default function LeadList(props: {
  list: FraudList;
  heading: string;
  empty: string;
  more: string;
  onMessage: (message: string) => void;
  onBlocksChanged: () => void;
}) {
  const list = useKeysetList(FRAUD_PATH, { list: props.list }, (page: FraudQueuePage) => page.leads);
  const [busy, setBusy] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<string | null>(null);
  const headingId = useId();

  const decide = async (lead: FraudLead, action: 'block' | 'release', reason?: string) => {
    setBusy(lead.id);
    const answer = await api<FraudDecision>(
      'POST',
      `${FRAUD_PATH}/leads/${lead.id}/${action}`,
      action === 'block' ? { reason } : {},
    );
    setBusy(null);
    if (!answer.ok) return props.onMessage(answer.body.error ?? UNEXPECTED);
    setBlocking(null);
    const after = answer.body.lead;
    // A held request decided leaves the held list; a reported one stays, as it stands now.
    if (props.list === 'held') list.setRows((rows) => rows.filter((r) => r.id !== lead.id));
    else list.setRows((rows) => rows.map((r) => (r.id === lead.id ? after : r)));
    props.onBlocksChanged();
    const title = `the ${requestTitle(lead)}`;
    if (action === 'block') {
      const refunded = answer.body.refunded ? ` ${plural(answer.body.refunded, 'buyer')} refunded.` : '';
      return props.onMessage(
        `Blocked ${title}: its phone, e-mail and device can send no more requests.${refunded}`,
      );
    }
    const sold = answer.body.sold;
    props.onMessage(
      sold === null
        ? `Released the contact details of ${title}.`
        : sold > 0
          ? `Released ${title}: sold to ${plural(sold, 'pro')}.`
          : `Released ${title}; no pro could be charged for it yet.`,
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && list.rows.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        list.rows.map((lead) => (
          <LeadCard
            key={lead.id}
            lead={lead}
            busy={busy === lead.id}
            blocking={blocking === lead.id}
            onBlock={() => setBlocking(lead.id)}
            onBlockReason={(reason) => void decide(lead, 'block', reason)}
            onCancel={() => setBlocking(null)}
            onRelease={() => void decide(lead, 'release')}
          />
        ))
      )}
      <LoadMore list={list} label={props.more} />
    </section>
  );
}
