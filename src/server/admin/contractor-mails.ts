// The mails of the admin contractors page: a registration or a listing claim approved (the
// dashboard's notices promise it), a registration or a listing claim rejected with the admin's
// reason. Written to the outbox in the transaction of the decision.
import { siteUrl } from '../config.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

export function registrationApprovedMail(to: string, businessName: string): OutgoingMail {
  return {
    to,
    subject: 'Your contractor registration was approved',
    template: 'business_approved',
    text: `Good news: ${businessName} is approved on Dayton Contractors. Your profile appears on the site with our next update, and matching leads can reach you once payment is set up.\n\nYour dashboard: ${siteUrl()}/dashboard`,
    payload: { businessName },
  };
}

export function registrationRejectedMail(to: string, businessName: string, reason: string): OutgoingMail {
  return {
    to,
    subject: 'Your contractor registration was not approved',
    template: 'business_rejected',
    text: `We reviewed the registration of ${businessName} on Dayton Contractors and could not approve it.\n\nReason: ${reason}\n\nIf you can fix this, reply to this e-mail. You can review your registration at ${siteUrl()}/dashboard`,
    payload: { businessName },
  };
}

export function claimApprovedMail(to: string, businessName: string): OutgoingMail {
  return {
    to,
    subject: 'Your listing claim was approved',
    template: 'business_claim_approved',
    text: `Good news: the listing of ${businessName} on Dayton Contractors is yours now. Your dashboard shows the leads, charges and receipts from today on; nothing from before is carried over, and no card saved on the listing before is kept, so add your own card in the Payments tab before leads can reach you.\n\nYour dashboard: ${siteUrl()}/dashboard`,
    payload: { businessName },
  };
}

export function claimRejectedMail(to: string, businessName: string, reason: string): OutgoingMail {
  return {
    to,
    subject: 'Your listing claim was not approved',
    template: 'business_claim_rejected',
    text: `We reviewed your claim to the listing of ${businessName} on Dayton Contractors and could not approve it.\n\nReason: ${reason}\n\nIf you can show that you own this business, reply to this e-mail. Your account: ${siteUrl()}/dashboard`,
    payload: { businessName },
  };
}
