// Pieces the lead card and the lead detail share: the score's rules, the contact (or why there
// is none), the budget.
import { BUYER_OUTCOME_WORDS } from '../../domain/outcome-rules.ts';
import {
  CONTACT_METHOD_WORDS,
  formatBudget,
  formatPhone,
  mapHref,
  phoneHref,
  serviceInPlace,
  smsHref,
  wordFor,
} from '../../domain/format.ts';
import type { LeadSummary } from '../../schemas/dashboard.ts';
import { trustChecks } from '../../domain/lead-trust.ts';

export function budgetText(lead: Pick<LeadSummary, 'budgetMin' | 'budgetMax'>): string {
  return `Budget ${formatBudget(lead.budgetMin, lead.budgetMax)}`;
}

/** The trust card: what was checked before the lead was sold. */
export function TrustCard({ lead }: { lead: LeadSummary }) {
  const marks = { yes: '✓', no: '✗', info: '•' } as const;
  const words = { yes: 'Checked:', no: 'Not checked:', info: 'Note:' } as const;
  return (
    <ul className="trust-card" aria-label="What we checked">
      {trustChecks(lead.trust).map((check) => (
        <li key={check.text} className={`trust-${check.state}`}>
          <span aria-hidden="true">{marks[check.state]}</span>
          <span className="visually-hidden">{words[check.state]}</span> {check.text}
        </li>
      ))}
    </ul>
  );
}

export function ScoreRules({ lead }: { lead: LeadSummary }) {
  return (
    <details className="score">
      <summary>
        Lead score {lead.score} of 100 <span className="muted">(how it was scored)</span>
      </summary>
      <table>
        <caption className="visually-hidden">Rules that made the score</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {lead.scoreRules.map((r) => (
            <tr key={r.rule}>
              <td>{r.label}</td>
              <td>{r.rule === 'base' ? r.points : `+${r.points}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** "Electrical in Dayton": the lead's service and place as people say them, never a slug. */
export function leadTitle(lead: Pick<LeadSummary, 'projectType' | 'city' | 'zipCode'>): string {
  return serviceInPlace(lead.projectType, lead.city ?? lead.zipCode);
}

/** Whether the homeowner can be contacted now: a paid lead still being worked. */
function isWorkable(lead: LeadSummary): boolean {
  return lead.contact !== null && OPEN_STAGES.includes(lead.stage);
}
const OPEN_STAGES: readonly LeadSummary['stage'][] = ['NEW', 'CONTACTED', 'IN_PROGRESS'];

/**
 * What to do next with a lead, on top of its card: call, text (not a landline), send a quote.
 * Nothing on a lead that is not paid for or no longer worked.
 */
export function NextActions({ lead, onQuote }: { lead: LeadSummary; onQuote: () => void }) {
  if (!lead.contact || !isWorkable(lead)) return null;
  const phone = lead.contact.phone;
  return (
    <div className="next-actions" role="group" aria-label={`Next step for ${leadTitle(lead)}`}>
      <a className="btn" href={phoneHref(phone)}>
        Call {formatPhone(phone)}
      </a>
      {lead.trust.lineType !== 'landline' && (
        <a className="btn secondary" href={smsHref(phone)}>
          Text
        </a>
      )}
      <button type="button" className="btn secondary" onClick={onQuote}>
        Send a quote
      </button>
    </div>
  );
}

export function ContactDetails({ lead }: { lead: LeadSummary }) {
  if (!lead.contact) {
    return <p className="muted">Homeowner contact details are shown only on leads you have paid for.</p>;
  }
  const c = lead.contact;
  return (
    <dl className="contact">
      <dt>Homeowner</dt>
      <dd>{c.name}</dd>
      <dt>Phone</dt>
      <dd>
        <a href={phoneHref(c.phone)}>{formatPhone(c.phone)}</a>
      </dd>
      <dt>E-mail</dt>
      <dd>
        <a href={`mailto:${c.email}`}>{c.email}</a>
      </dd>
      <dt>Address</dt>
      <dd>
        <a href={mapHref(c.address, lead.zipCode)} target="_blank" rel="noopener noreferrer">
          {c.address}
          {lead.zipCode && !c.address.includes(lead.zipCode) ? `, ${lead.zipCode}` : ''}
          <span className="visually-hidden"> (map, opens in a new tab)</span>
        </a>
      </dd>
      <dt>Prefers</dt>
      <dd>{wordFor(CONTACT_METHOD_WORDS, c.preferredContactMethod)}</dd>
    </dl>
  );
}

/** What the homeowner said happened (issue 27), once they answered. */
export function LeadOutcomeLine({ lead }: { lead: Pick<LeadSummary, 'outcome'> }) {
  if (!lead.outcome) return null;
  return (
    <p className={`lead-outcome outcome-${lead.outcome}`}>
      <strong>Outcome:</strong> {BUYER_OUTCOME_WORDS[lead.outcome]}
    </p>
  );
}
