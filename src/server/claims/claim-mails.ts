// The mail that carries a listing claim's code to <local part>@<the listing website's domain>
// (a code at that domain proves the claimant reads it), in the mail layout. Its button opens the
// dashboard, where the claimant types the code; the code itself is never a link.
import { CODE_MINUTES } from '../../domain/integrity-rules.ts';
import { siteUrl } from '../config.ts';
import { layoutMail } from '../mail/layout.tsx';
import type { OutgoingMail } from '../mail/outbox.ts';

export function claimCodeMail(to: string, code: string, businessName: string): OutgoingMail {
  return layoutMail({
    to,
    subject: `Your code to claim ${businessName} on Dayton Contractors`,
    heading: `Your code is ${code}`,
    paragraphs: [
      `Someone who is claiming the listing of ${businessName} on Dayton Contractors asked us to send a code to this address at the business's website, to prove the listing is theirs.`,
      `Your code is ${code}. It expires in ${CODE_MINUTES} minutes. Never share it.`,
    ],
    action: { label: 'Enter the code', url: `${siteUrl()}/dashboard`, text: 'Type it on your dashboard' },
    note: ['If you did not ask for it, ignore this e-mail: nothing changes and the listing stays as it is.'],
    reason: `someone claiming the listing of ${businessName} on Dayton Contractors asked us to send a code to this address`,
    template: 'claim_code',
    payload: { businessName },
  });
}
