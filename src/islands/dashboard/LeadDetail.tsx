// One lead opened: its details, the moves it may take, its communications (quotes with their
// lines, and "Accepted by the homeowner"), and the response form.
import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../domain/dashboard-rules.ts';
import { LEAD_STAGE_LABELS, type LeadStage } from '../../domain/lead-stages.ts';
import type { LeadDetail } from '../../schemas/dashboard.ts';
import { pushError, pushToast } from '../../stores/toasts.ts';
import { api, UNEXPECTED, type ApiAnswer } from '../shared/api.ts';
import CommunicationItem from './CommunicationItem.tsx';
import LeadCreditForm from './LeadCreditForm.tsx';
import { ContactDetails, ScoreRules, TrustCard, budgetText } from './lead-parts.tsx';
import ResponseForm from './ResponseForm.tsx';
import type { ChosenTemplate } from './TemplatesDialog.tsx';

function fetchDetail(id: string): Promise<ApiAnswer<LeadDetail>> {
  return api<LeadDetail>('GET', `/api/contractor/leads/${id}`);
}

export default function LeadDetailView(props: {
  distributionId: string;
  template: ChosenTemplate | null;
  onBack: () => void;
  onChanged: () => void;
}) {
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const apply = (answer: ApiAnswer<LeadDetail>) => {
    if (answer.ok) setDetail(answer.body);
    else setFailed(true);
  };
  const load = async () => apply(await fetchDetail(props.distributionId));

  useEffect(() => {
    let live = true;
    void fetchDetail(props.distributionId).then((answer) => {
      if (live) apply(answer);
    });
    return () => {
      live = false;
    };
  }, [props.distributionId]);
  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail?.lead.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = async (stage: LeadStage) => {
    setBusy(true);
    const answer = await api('POST', `/api/contractor/leads/${props.distributionId}/stage`, { stage });
    setBusy(false);
    if (!answer.ok) {
      pushError('Could not change the stage', answer.body.error ?? UNEXPECTED);
      return;
    }
    pushToast({ title: `Lead moved to ${LEAD_STAGE_LABELS[stage]}` });
    await load();
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
        {lead.projectType} in {lead.city ?? lead.zipCode}
      </h2>
      <p>
        Stage: <strong>{LEAD_STAGE_LABELS[lead.stage]}</strong> · {budgetText(lead)} · {lead.propertyType} ·
        Sent to {lead.recipients} pro{lead.recipients === 1 ? '' : 's'}
      </p>
      <p>{lead.description}</p>
      <TrustCard lead={lead} />
      <ScoreRules lead={lead} />
      <ContactDetails lead={lead} />
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
              onClick={() => void move(s)}
            >
              Mark as {LEAD_STAGE_LABELS[s]}
            </button>
          ))}
        </div>
      )}
      <h3>Communications</h3>
      {detail.communications.length === 0 ? (
        <p className="muted">No responses yet.</p>
      ) : (
        <ol className="communications">
          {detail.communications.map((c) => (
            <li key={c.id}>
              <CommunicationItem communication={c} />
            </li>
          ))}
        </ol>
      )}
      {canRespond ? (
        <ResponseForm
          distributionId={lead.id}
          template={props.template}
          onSent={async () => {
            await load();
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
