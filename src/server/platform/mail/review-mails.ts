// Mails about a homeowner's review: the invitation of a job they hired the contractor for (once
// per job, in the transaction that made it reviewable), and the notice that a review was
// withdrawn because the lead's charge was refunded (in the transaction of the refund). In the
// mail layout.
import { contactPhone, siteUrl } from '../config/site.ts';
import { layoutMail } from './layout.tsx';
import type { OutgoingMail } from './outbox.ts';

interface Homeowner {
  leadId: string;
  name: string;
  email: string;
  projectType: string;
}

/** Why the job may be reviewed: the contractor completed an accepted quote, or the homeowner
 * said the job is done. */
export type InvitedBecause = 'completed' | 'done';

export function reviewInvitationMail(
  homeowner: Homeowner,
  job: { businessName: string; link: string; because: InvitedBecause },
): OutgoingMail {
  const why =
    job.because === 'completed'
      ? `${job.businessName} marked your ${homeowner.projectType} job as completed.`
      : `You told us ${job.businessName} finished your ${homeowner.projectType} job.`;
  return layoutMail({
    to: homeowner.email,
    subject: `How did ${job.businessName} do? Leave a review`,
    heading: `How did ${job.businessName} do?`,
    greeting: homeowner.name,
    paragraphs: [`${why} How did ${job.businessName} do? Leave a review.`],
    action: { label: 'Write your review', url: job.link },
    note: ['Your review is marked as from a verified job booked through Dayton Contractors.'],
    reason: 'you hired a contractor through Dayton Contractors',
    template: 'lead_review',
    payload: { leadId: homeowner.leadId },
  });
}

export function reviewWithdrawnMail(
  reviewer: { email: string; name: string; leadId: string },
  review: { id: string; businessName: string; projectType: string },
): OutgoingMail {
  return layoutMail({
    to: reviewer.email,
    subject: `Your review of ${review.businessName} was withdrawn`,
    heading: `Your review of ${review.businessName} was withdrawn`,
    greeting: reviewer.name,
    paragraphs: [
      `Your review of ${review.businessName} for your ${review.projectType} request no longer appears on our site. ${review.businessName}’s charge for your request was refunded, so the job no longer counts as one booked through us, and we show only reviews of jobs booked through us.`,
      `Nothing else changes for you. If you think this is a mistake, call us at ${contactPhone()}.`,
    ],
    action: { label: 'Browse local contractors', url: `${siteUrl()}/contractors`, text: 'Local contractors' },
    reason: 'you reviewed a contractor on Dayton Contractors',
    template: 'review_withdrawn',
    payload: { leadId: reviewer.leadId, reviewId: review.id },
  });
}
