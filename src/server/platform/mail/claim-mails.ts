// The mail that carries a listing claim's code to <local part>@<the listing website's domain>
// (a code at that domain proves the claimant reads it), in the mail layout. Its button opens the
// dashboard; the text says where the code goes (the registration page that asked for it, or the
// dashboard once signed in, which needs the account's e-mail confirmed); the code is never a link.
import { CODE_MINUTES } from '../../../domain/integrity-rules.ts';
import { siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

export function claimCodeMail(to: string, code: string, businessName: string): OutgoingMail {
  return layoutMail({
    to,
    subject: `Your code to claim ${businessName} on Dayton Contractors`,
    heading: `Your code is ${code}`,
    paragraphs: [
      `Someone who is claiming the listing of ${businessName} on Dayton Contractors asked us to send a code to this address at the business's website, to prove the listing is theirs.`,
      `Your code is ${code}. It expires in ${CODE_MINUTES} minutes. Never share it.`,
      'Type it on the page where you asked for it. If you closed that page, confirm your account’s e-mail, sign in and type it on your dashboard.',
    ],
    action: { label: 'Open my dashboard', url: `${siteUrl()}/dashboard`, text: 'Your dashboard' },
    note: ['If you did not ask for it, ignore this e-mail: nothing changes and the listing stays as it is.'],
    reason: `someone claiming the listing of ${businessName} on Dayton Contractors asked us to send a code to this address`,
    template: 'claim_code',
    payload: { businessName },
  });
}
