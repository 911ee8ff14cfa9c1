// One lead opened: what to do next, its details, the moves it may take (Rejected asks first; every
// move offers Undo), its communications (quotes with their lines, and "Accepted by the
// homeowner"), the message thread with the homeowner (issue 25), and the response form. Focus never falls to the page: on opening it goes to the
// lead's heading (or the response form, for "Send a quote"), after a move or its undo to the
// stage line, after a response to the response itself.
import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../domain/dashboard-rules.ts';
import { formatMoney, plural } from '../../domain/format.ts';
import { LEAD_STAGE_LABELS, STAGE_UNDO_MESSAGES, type LeadStage } from '../../domain/lead-stages.ts';
import { LEAD_PRICE_CENTS } from '../../domain/quote-rules.ts';
import type { LeadDetail } from '../../schemas/dashboard.ts';
import { pushError, pushToast, pushUndo } from '../../stores/toasts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { api, UNEXPECTED } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import CommunicationItem from './CommunicationItem.tsx';
import LeadCreditForm from './LeadCreditForm.tsx';
import LeadMessages from './LeadMessages.tsx';
import {
  ContactDetails,
  LeadOutcomeLine,
  NextActions,
  ScoreRules,
  TrustCard,
  budgetText,
  leadTitle,
} from './lead-parts.tsx';
import ResponseForm from './ResponseForm.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

type FocusTarget = 'heading' | 'stage' | { communication: string };

export default function LeadDetailView(props: {
  distributionId: string;
  /** Opened by "Send a quote": the response form starts with a quote, and has the focus. */
  startQuote: boolean;
  template: ChosenTemplate | null;
  onBack: () => void;
  onChanged: () => void;
}) {
  const [read] = useRead<LeadDetail>(`/api/contractor/leads/${props.distributionId}`);
  const detail = read.data ?? null;
  const failed = read.isError;
  const [busy, setBusy] = useState(false);
  const [confirmReject, setConfirmReject] = useState(false);
  const [quoteRequest, setQuoteRequest] = useState(props.startQuote ? 1 : 0);
  const heading = useRef<HTMLHeadingElement>(null);
  const stageLine = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<FocusTarget | null>(props.startQuote ? null : 'heading');

  /** The lead read again after a change; `focus`: where the focus goes once it is drawn. */
  const load = async (focus: FocusTarget | null = null) => {
    focusNext.current = focus;
    await read.refetch();
  };

  // Focus where the last action's result is, once it is drawn (each read, even one that changed
  // nothing, since the focus was asked for).
  const drawnAt = read.dataUpdatedAt;
  useEffect(() => {
    const target = focusNext.current;
    if (!detail || !target) return;
    focusNext.current = null;
    if (target === 'heading') heading.current?.focus();
    else if (target === 'stage') stageLine.current?.focus();
    else document.getElementById(`communication-${target.communication}`)?.focus();
  }, [detail, drawnAt]);

  const undo = async (from: LeadStage, to: LeadStage) => {
    const answer = await api('POST', `/api/contractor/leads/${props.distributionId}/undo-stage`, {
      from: to,
      to: from,
    });
    if (!answer.ok) {
      pushError('Could not undo', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushToast({ title: STAGE_UNDO_MESSAGES.undone(from) });
    await load('stage');
    props.onChanged();
  };

  const move = async (to: LeadStage) => {
    if (!detail) return;
    const from = detail.lead.stage;
    setBusy(true);
    const answer = await api('POST', `/api/contractor/leads/${props.distributionId}/stage`, { stage: to });
    setBusy(false);
    setConfirmReject(false);
    if (!answer.ok) {
      pushError('Could not change the stage', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushUndo(`Lead moved to ${LEAD_STAGE_LABELS[to]}`, () => void undo(from, to));
    await load('stage');
    props.onChanged();
  };

  const back = (
    <button type="button" className="link" onClick={props.onBack}>
      Back to leads
    </button>
  );
  if (failed) {
    return (
      <div>
        {back}
        <p role="alert" className="error">
          {DASHBOARD_MESSAGES.loadFailed}
        </p>
      </div>
    );
  }
  if (!detail) return <p aria-live="polite">Loading the lead…</p>;
  const { lead } = detail;
  const canRespond = lead.paid && lead.stage !== 'REJECTED';
  return (
    <div className="lead-detail">
      {back}
      <h2 ref={heading} tabIndex={-1}>
        {leadTitle(lead)}
      </h2>
      <NextActions lead={lead} onQuote={() => setQuoteRequest((n) => n + 1)} />
      <p ref={stageLine} tabIndex={-1} className="stage-line">
        Stage: <strong>{LEAD_STAGE_LABELS[lead.stage]}</strong> · {budgetText(lead)} · {lead.propertyType} ·
        Sent to {plural(lead.recipients, 'pro')}
      </p>
      <LeadOutcomeLine lead={lead} />
      <p className="lead-description">{lead.description}</p>
      <ContactDetails lead={lead} />
      <TrustCard lead={lead} />
      <ScoreRules lead={lead} />
      <LeadCreditForm
        distributionId={lead.id}
        state={detail.credit}
        onChanged={async () => {
          await load();
          props.onChanged();
        }}
      />
      {detail.nextStages.length > 0 && (
        <div className="stage-actions" role="group" aria-label="Change stage">
          {detail.nextStages.map((s) => (
            <button
              key={s}
              type="button"
              className={s === 'REJECTED' ? 'btn danger' : 'btn secondary'}
              disabled={busy}
              onClick={() => (s === 'REJECTED' ? setConfirmReject(true) : void move(s))}
            >
              Mark as {LEAD_STAGE_LABELS[s]}
            </button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={confirmReject}
        title="Reject this lead?"
        confirmLabel="Reject lead"
        destructive
        busy={busy}
        onConfirm={() => void move('REJECTED')}
        onCancel={() => setConfirmReject(false)}
      >
        <p>
          {leadTitle(lead)} leaves your active leads: you find it later under the stage filter Rejected, and
          you can no longer respond to it.
        </p>
        <p>
          {lead.paid
            ? `Rejecting does not refund the ${formatMoney(LEAD_PRICE_CENTS)} you paid for it. A refund is asked for separately, with "Dispute this charge" on the lead.`
            : 'Nothing was charged for this lead, so there is nothing to refund.'}
        </p>
      </ConfirmDialog>
      <h3>Communications</h3>
      {detail.communications.length === 0 ? (
        <p className="muted">No responses yet.</p>
      ) : (
        <ol className="communications">
          {detail.communications.map((c) => (
            <li key={c.id} id={`communication-${c.id}`} tabIndex={-1}>
              <CommunicationItem communication={c} />
            </li>
          ))}
        </ol>
      )}
      {detail.messages && (
        <LeadMessages distributionId={lead.id} messages={detail.messages} onSent={() => load()} />
      )}
      {canRespond ? (
        <ResponseForm
          distributionId={lead.id}
          template={props.template}
          quoteRequest={quoteRequest}
          onSent={async (communicationId) => {
            await load({ communication: communicationId });
            props.onChanged();
          }}
        />
      ) : (
        <p className="muted">
          {lead.paid
            ? 'This lead was rejected.'
            : detail.credit.credit?.status === 'refunded'
              ? 'This lead was credited back to your card.'
              : 'You can respond once this lead is paid for.'}
        </p>
      )}
    </div>
  );
}
