// The mails of the admin contractors page: a registration or a listing claim approved (the
// dashboard's notices promise it), a registration or a listing claim rejected with the admin's
// reason. Written to the outbox in the transaction of the decision, in the mail layout. Mails
// come from a no-reply sender: what to do next is a call to the site's contact phone.
import { contactPhone, siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

const dashboard = () => ({
  label: 'Open my dashboard',
  url: `${siteUrl()}/dashboard`,
  text: 'Your dashboard',
});

export function registrationApprovedMail(to: string, businessName: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Your contractor registration was approved',
    heading: `${businessName} is approved`,
    paragraphs: [
      `Good news: ${businessName} is approved on Dayton Contractors. Your profile appears on the site with our next update, and matching leads can reach you once payment is set up.`,
    ],
    action: dashboard(),
    reason: 'you registered your business on Dayton Contractors',
    template: 'business_approved',
    payload: { businessName },
  });
}

export function registrationRejectedMail(to: string, businessName: string, reason: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Your contractor registration was not approved',
    heading: 'Your registration was not approved',
    paragraphs: [
      `We reviewed the registration of ${businessName} on Dayton Contractors and could not approve it.`,
      `Reason: ${reason}`,
      `If you can fix this, call us at ${contactPhone()}.`,
    ],
    action: { label: 'Review my registration', url: `${siteUrl()}/dashboard`, text: 'Your registration' },
    reason: 'you registered your business on Dayton Contractors',
    template: 'business_rejected',
    payload: { businessName },
  });
}

export function claimApprovedMail(to: string, businessName: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Your listing claim was approved',
    heading: `The listing of ${businessName} is yours`,
    paragraphs: [
      `Good news: the listing of ${businessName} on Dayton Contractors is yours now. Your dashboard shows the leads, charges and receipts from today on; nothing from before is carried over, and no card saved on the listing before is kept, so add your own card in the Payments tab before leads can reach you.`,
    ],
    action: dashboard(),
    reason: 'you claimed a listing on Dayton Contractors',
    template: 'business_claim_approved',
    payload: { businessName },
  });
}

export function claimRejectedMail(to: string, businessName: string, reason: string): OutgoingMail {
  return layoutMail({
    to,
    subject: 'Your listing claim was not approved',
    heading: 'Your listing claim was not approved',
    paragraphs: [
      `We reviewed your claim to the listing of ${businessName} on Dayton Contractors and could not approve it.`,
      `Reason: ${reason}`,
      `If you can show that you own this business, call us at ${contactPhone()}.`,
    ],
    action: { label: 'Open my account', url: `${siteUrl()}/dashboard`, text: 'Your account' },
    reason: 'you claimed a listing on Dayton Contractors',
    template: 'business_claim_rejected',
    payload: { businessName },
  });
}
