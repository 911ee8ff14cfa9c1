// Pieces the lead card and the lead detail share: the score's rules, the contact (or why there
// is none), the budget.
import { formatMoney } from '../../domain/money.ts';
import type { LeadSummary } from '../../schemas/dashboard.ts';
import { trustChecks } from '../../domain/lead-trust.ts';

export function budgetText(lead: Pick<LeadSummary, 'budgetMin' | 'budgetMax'>): string {
  const d = (n: number) => formatMoney(n * 100, { wholeDollars: true });
  return `Budget ${d(lead.budgetMin)} – ${d(lead.budgetMax)}`;
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

export function ContactDetails({ lead }: { lead: LeadSummary }) {
  if (!lead.contact) {
    return <p className="muted">Homeowner contact details are shown only on leads you have paid for.</p>;
  }
  const c = lead.contact;
  return (
    <dl className="contact">
      <dt>Homeowner</dt>
      <dd>{c.name}</dd>
      <dt>Email</dt>
      <dd>
        <a href={`mailto:${c.email}`}>{c.email}</a>
      </dd>
      <dt>Phone</dt>
      <dd>
        <a href={`tel:${c.phone}`}>{c.phone}</a>
      </dd>
      <dt>Address</dt>
      <dd>{c.address}</dd>
      <dt>Prefers</dt>
      <dd>{c.preferredContactMethod}</dd>
    </dl>
  );
}
