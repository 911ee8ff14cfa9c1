// One request in the fraud queue: who sent it and from where, why it was held or reported, the
// signals it shares with other requests, and Release and Block (a reason required to block).
import { useId } from 'react';
import { creditReasonLabel } from '../../../domain/credit-rules.ts';
import { formatDateTime, plural } from '../../../domain/format.ts';
import { BLOCK_KIND_LABELS, FRAUD_REASON_MAX } from '../../../domain/fraud-rules.ts';
import type { FraudLead } from '../../../schemas/admin-fraud.ts';
import { Address, Email, Phone } from '../kit/facts.tsx';
import ReasonForm from '../kit/ReasonForm.tsx';
import { requestTitle } from './words.ts';
import RowButton from '../kit/RowButton.tsx';

const Time = (props: { at: string }) => <time dateTime={props.at}>{formatDateTime(props.at)}</time>;

export default function LeadCard(props: {
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
  const title = requestTitle(lead);
  return (
    <article className="admin-lead" aria-labelledby={headingId}>
      <h3 id={headingId}>{title.charAt(0).toUpperCase() + title.slice(1)}</h3>
      <dl className="admin-lead-facts">
        <dt>Received</dt>
        <dd>
          <Time at={lead.createdAt} /> · <a href={`/admin/leads?lead=${lead.id}`}>open the lead</a>
        </dd>
        <dt>Homeowner</dt>
        <dd>
          {lead.name}, <Email value={lead.email} />, <Phone value={lead.phone} />
        </dd>
        <dt>Address</dt>
        <dd>
          <Address address={lead.address} city={lead.city} zipCode={lead.zipCode} />
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
        <ReasonForm
          label={`Reason for blocking the ${requestTitle(lead)} (kept with the blocked contact details)`}
          submitLabel="Block request"
          maxLength={FRAUD_REASON_MAX}
          note={
            lead.buyers.paid > lead.buyers.refunded && (
              <p className="muted">
                Every buyer not refunded yet is refunded to their card once and e-mailed; their billing shows
                the reason “{creditReasonLabel('fraud')}”.
              </p>
            )
          }
          busy={props.busy}
          onSubmit={props.onBlockReason}
          onCancel={props.onCancel}
        />
      ) : (
        (canBlock || canRelease) && (
          <div className="admin-actions">
            {canRelease && (
              <button
                type="button"
                className="btn"
                disabled={props.busy}
                aria-label={`Release the ${title}`}
                onClick={props.onRelease}
              >
                {held ? 'Release' : 'Release its contact details'}
              </button>
            )}
            {canBlock && (
              <RowButton name={`Block the ${title}`} disabled={props.busy} onPress={props.onBlock}>
                Block
              </RowButton>
            )}
          </div>
        )
      )}
    </article>
  );
}
