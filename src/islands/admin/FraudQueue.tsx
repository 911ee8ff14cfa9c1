// The admin fraud queue (issue 23): held requests (oldest first) and reported ones (newest first),
// each with the signals behind it and one-click Release and Block (a reason required to block), and
// the contact details blocked now, each with Release. Lists are keyset paged ("Show more").
import { useId, useState } from 'react';
import { creditReasonLabel } from '../../domain/credit-rules.ts';
import { BLOCK_KIND_LABELS, FRAUD_MESSAGES as M, FRAUD_REASON_MAX } from '../../domain/fraud-rules.ts';
import type {
  BlockedIdentity,
  FraudDecision,
  FraudLead,
  FraudList,
  FraudQueuePage,
} from '../../schemas/admin-fraud.ts';
import { api, UNEXPECTED } from '../shared/api.ts';
import { withBoundary } from '../shared/ErrorBoundary.tsx';
import { useKeysetList, type KeysetList } from './use-keyset-list.ts';

type FormEvent = { preventDefault: () => void };
const PATH = '/api/admin/fraud';

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});
const Time = (props: { at: string }) => <time dateTime={props.at}>{when.format(new Date(props.at))}</time>;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const title = (lead: FraudLead) => `the ${lead.service} request from ${lead.name}`;

function More<T>(props: { list: KeysetList<T>; label: string }) {
  if (!props.list.cursor) return null;
  return (
    <button
      type="button"
      className="btn secondary"
      disabled={props.list.loading}
      onClick={() => void props.list.more()}
    >
      {props.label}
    </button>
  );
}

function BlockForm(props: {
  lead: FraudLead;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const sold = props.lead.buyers.paid > props.lead.buyers.refunded;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) props.onSubmit(reason.trim());
  };
  return (
    <form className="admin-inline-form" onSubmit={submit}>
      <label htmlFor={id}>
        Reason for blocking {title(props.lead)} (kept with the blocked contact details)
      </label>
      <textarea
        id={id}
        required
        maxLength={FRAUD_REASON_MAX}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {sold && (
        <p className="muted">
          Every buyer not refunded yet is refunded to their card once and e-mailed; their billing shows the
          reason “{creditReasonLabel('fraud')}”.
        </p>
      )}
      <div className="admin-actions">
        <button className="btn" type="submit" disabled={props.busy || !reason.trim()}>
          Block request
        </button>
        <button className="btn secondary" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LeadCard(props: {
  lead: FraudLead;
  busy: boolean;
  blocking: boolean;
  onBlock: () => void;
  onBlockReason: (reason: string) => void;
  onCancel: () => void;
  onRelease: () => void;
}) {
  const { lead } = props;
  const headingId = useId();
  const held = lead.qualification === 'held';
  const canBlock = lead.review?.decision !== 'blocked' && (held || lead.reportedAt !== null);
  const canRelease = held || (lead.reportedAt !== null && lead.blocks.length > 0);
  return (
    <article className="admin-lead" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {lead.service} request from {lead.name}
      </h3>
      <dl className="admin-lead-facts">
        <dt>Received</dt>
        <dd>
          <Time at={lead.createdAt} /> · <a href={`/admin/leads?lead=${lead.id}`}>open the lead</a>
        </dd>
        <dt>Homeowner</dt>
        <dd>
          {lead.name}, {lead.email}, {lead.phone}
        </dd>
        <dt>Address</dt>
        <dd>
          {lead.address}, {lead.city ?? 'no city'} {lead.zipCode ?? ''}
        </dd>
        <dt>Description</dt>
        <dd>{lead.description}</dd>
        {lead.holdReason && (
          <>
            <dt>{held ? 'Held because' : 'Reason'}</dt>
            <dd>{lead.holdReason}</dd>
          </>
        )}
        {lead.reports.length > 0 && (
          <>
            <dt>Reports</dt>
            <dd>
              <ul>
                {lead.reports.map((r) => (
                  <li key={`${r.businessName}-${r.at}`}>
                    {r.businessName}: {creditReasonLabel(r.reason)}, <Time at={r.at} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {lead.buyers.paid > 0 && (
          <>
            <dt>Buyers</dt>
            <dd>
              {plural(lead.buyers.paid, 'buyer')}, {lead.buyers.refunded} refunded
              {lead.reportsRefundedAt && ' (every buyer refunded after two reports)'}
            </dd>
          </>
        )}
        {lead.blocks.length > 0 && (
          <>
            <dt>Blocked</dt>
            <dd>{lead.blocks.map((b) => BLOCK_KIND_LABELS[b.kind]).join(', ')}</dd>
          </>
        )}
        {lead.review && (
          <>
            <dt>Decision</dt>
            <dd>
              {lead.review.decision === 'blocked' ? 'Blocked' : 'Released'} <Time at={lead.review.at} />
            </dd>
          </>
        )}
      </dl>
      <h4>Signals</h4>
      {lead.signals.length === 0 ? (
        <p className="muted">
          No other request shares its phone, e-mail domain, address, network, device or words.
        </p>
      ) : (
        <ul className="fraud-signals">
          {lead.signals.map((s) => (
            <li key={s.kind}>
              <strong>{s.label}:</strong> {s.text}{' '}
              {s.others.map((o, i) => (
                <span key={o.id}>
                  {i > 0 && ', '}
                  <a href={`/admin/leads?lead=${o.id}`}>
                    request of <Time at={o.createdAt} />
                  </a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {props.blocking ? (
        <BlockForm lead={lead} busy={props.busy} onSubmit={props.onBlockReason} onCancel={props.onCancel} />
      ) : (
        (canBlock || canRelease) && (
          <div className="admin-actions">
            {canRelease && (
              <button
                type="button"
                className="btn"
                disabled={props.busy}
                aria-label={`Release ${title(lead)}`}
                onClick={props.onRelease}
              >
                {held ? 'Release' : 'Release its contact details'}
              </button>
            )}
            {canBlock && (
              <button
                type="button"
                className="btn secondary"
                disabled={props.busy}
                aria-label={`Block ${title(lead)}`}
                onClick={props.onBlock}
              >
                Block
              </button>
            )}
          </div>
        )
      )}
    </article>
  );
}

function LeadList(props: {
  list: FraudList;
  heading: string;
  empty: string;
  more: string;
  onMessage: (message: string) => void;
  onBlocksChanged: () => void;
}) {
  const list = useKeysetList(PATH, { list: props.list }, (page: FraudQueuePage) => page.leads);
  const [busy, setBusy] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<string | null>(null);
  const headingId = useId();

  const decide = async (lead: FraudLead, action: 'block' | 'release', reason?: string) => {
    setBusy(lead.id);
    const answer = await api<FraudDecision>(
      'POST',
      `${PATH}/leads/${lead.id}/${action}`,
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
    if (action === 'block') {
      const refunded = answer.body.refunded ? ` ${plural(answer.body.refunded, 'buyer')} refunded.` : '';
      return props.onMessage(
        `Blocked ${title(lead)}: its phone, e-mail and device can send no more requests.${refunded}`,
      );
    }
    const sold = answer.body.sold;
    props.onMessage(
      sold === null
        ? `Released the contact details of ${title(lead)}.`
        : sold > 0
          ? `Released ${title(lead)}: sold to ${plural(sold, 'pro')}.`
          : `Released ${title(lead)}; no pro could be charged for it yet.`,
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
      <More list={list} label={props.more} />
      {list.loading && <p className="muted">Loading…</p>}
    </section>
  );
}

function BlockedList(props: { onMessage: (message: string) => void }) {
  const list = useKeysetList(PATH, { list: 'blocked' }, (page: FraudQueuePage) => page.blocks);
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  const release = async (block: BlockedIdentity) => {
    setBusy(block.id);
    const answer = await api<{ block: BlockedIdentity }>('POST', `${PATH}/blocks/${block.id}/release`, {});
    setBusy(null);
    if (!answer.ok) return props.onMessage(answer.body.error ?? UNEXPECTED);
    list.setRows((rows) => rows.filter((r) => r.id !== block.id));
    props.onMessage(`${BLOCK_KIND_LABELS[block.kind]} ${block.value} released: it may send requests again.`);
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Blocked contact details</h2>
      {list.error && <p role="alert">{list.error}</p>}
      {!list.loading && list.rows.length === 0 ? (
        <p className="muted">{M.noBlocks}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">Contact details blocked now</caption>
          <thead>
            <tr>
              <th scope="col">Blocked</th>
              <th scope="col">Detail</th>
              <th scope="col">Why</th>
              <th scope="col">By</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((b) => (
              <tr key={b.id}>
                <td>
                  <Time at={b.createdAt} />
                </td>
                <td>
                  {BLOCK_KIND_LABELS[b.kind]}: <span className="fraud-value">{b.value}</span>
                </td>
                <td>
                  {b.reason}
                  {b.leadId && (
                    <div>
                      <a href={`/admin/leads?lead=${b.leadId}`}>the request</a>
                    </div>
                  )}
                </td>
                <td>{b.blockedBy ?? 'Buyers’ reports'}</td>
                <td>
                  <button
                    type="button"
                    className="btn secondary"
                    disabled={busy === b.id}
                    aria-label={`Release ${BLOCK_KIND_LABELS[b.kind]} ${b.value}`}
                    onClick={() => void release(b)}
                  >
                    Release
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <More list={list} label="Show more blocked contact details" />
      {list.loading && <p className="muted">Loading…</p>}
    </section>
  );
}

function FraudQueue() {
  const [message, setMessage] = useState<string | null>(null);
  /** Read the blocked list again after a decision changed it. */
  const [blocksVersion, setBlocksVersion] = useState(0);
  const changed = () => setBlocksVersion((n) => n + 1);
  return (
    <div>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <LeadList
        list="held"
        heading="Held requests"
        empty={M.noHeld}
        more="Show more held requests"
        onMessage={setMessage}
        onBlocksChanged={changed}
      />
      <LeadList
        list="reported"
        heading="Reported requests"
        empty={M.noReported}
        more="Show more reported requests"
        onMessage={setMessage}
        onBlocksChanged={changed}
      />
      <BlockedList key={blocksVersion} onMessage={setMessage} />
    </div>
  );
}

/** The island, inside the error boundary every island root has. */
export default withBoundary(FraudQueue);
