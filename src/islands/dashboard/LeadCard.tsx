// One lead in the list: what to do next on top (call, text, send a quote), then what, where, when,
// its stage, the homeowner's contact when this business paid for the lead, what was checked and
// the score with the rules that made it.
import { formatDateTime, plural } from '../../domain/format.ts';
import { LEAD_STAGE_LABELS } from '../../domain/lead-stages.ts';
import type { LeadSummary } from '../../schemas/dashboard.ts';
import {
  ContactDetails,
  LeadOutcomeLine,
  NextActions,
  ScoreRules,
  TrustCard,
  budgetText,
  leadTitle,
} from './lead-parts.tsx';

export default function LeadCard({
  lead,
  onOpen,
  onQuote,
}: {
  lead: LeadSummary;
  onOpen: () => void;
  /** Opens the lead with its response form ready for a quote. */
  onQuote: () => void;
}) {
  const title = leadTitle(lead);
  return (
    <article className="lead-card" aria-label={`${title} lead`}>
      <header>
        <h3>{title}</h3>
        <span className={`stage stage-${lead.stage.toLowerCase()}`}>{LEAD_STAGE_LABELS[lead.stage]}</span>
      </header>
      <NextActions lead={lead} onQuote={onQuote} />
      <p className="muted">
        Received <time dateTime={lead.receivedAt}>{formatDateTime(lead.receivedAt)}</time> ·{' '}
        {budgetText(lead)} · Sent to {plural(lead.recipients, 'pro')}
      </p>
      <LeadOutcomeLine lead={lead} />
      <p className="lead-description">{lead.description}</p>
      <ContactDetails lead={lead} />
      <TrustCard lead={lead} />
      <ScoreRules lead={lead} />
      <button type="button" className="btn secondary" onClick={onOpen}>
        Open lead
      </button>
    </article>
  );
}
