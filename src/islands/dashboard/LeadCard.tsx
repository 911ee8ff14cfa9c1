// One lead in the list: what, where, when, its stage, its score with the rules that made it, how
// many pros received it, and the homeowner's contact when this business paid for the lead.
import { LEAD_STAGE_LABELS } from '../../domain/lead-stages.ts';
import type { LeadSummary } from '../../schemas/dashboard.ts';
import { ContactDetails, ScoreRules, TrustCard, budgetText } from './lead-parts.tsx';

export default function LeadCard({ lead, onOpen }: { lead: LeadSummary; onOpen: () => void }) {
  return (
    <article className="lead-card" aria-label={`${lead.projectType} lead`}>
      <header>
        <h3>
          {lead.projectType} in {lead.city ?? lead.zipCode}
        </h3>
        <span className={`stage stage-${lead.stage.toLowerCase()}`}>{LEAD_STAGE_LABELS[lead.stage]}</span>
      </header>
      <p className="muted">
        Received {new Date(lead.receivedAt).toLocaleString('en-US')} · {budgetText(lead)} · Sent to{' '}
        {lead.recipients} pro{lead.recipients === 1 ? '' : 's'}
      </p>
      <p>{lead.description}</p>
      <TrustCard lead={lead} />
      <ScoreRules lead={lead} />
      <ContactDetails lead={lead} />
      <button type="button" className="btn" onClick={onOpen}>
        Open lead
      </button>
    </article>
  );
}
