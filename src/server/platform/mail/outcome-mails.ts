// The outcome question (issue 27, Must 6): once contractors have responded and gone quiet for 48
// hours, the homeowner is asked once what happened (src/server/leads/outcomes/lead-outcome.ts sends it).
// In the mail layout.
import { displayName } from '../../../domain/format.ts';
import { OUTCOME_MESSAGES as M } from '../../../domain/outcome-rules.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

export function outcomeQuestionMail(
  lead: { id: string; name: string; email: string; projectType: string },
  link: string,
): OutgoingMail {
  return layoutMail({
    to: lead.email,
    subject: `What happened with your ${displayName(lead.projectType)} request?`,
    heading: M.question,
    paragraphs: [
      `Hi ${lead.name}, contractors responded to your ${displayName(lead.projectType)} request. Did you hire one of them, put it off, or decide not to go ahead?`,
      M.explain,
    ],
    action: { label: 'Tell us what happened', url: `${link}#outcome`, text: 'Tell us what happened' },
    reason: 'you asked for quotes on Dayton Contractors',
    template: 'lead_outcome_question',
    payload: { leadId: lead.id },
  });
}
