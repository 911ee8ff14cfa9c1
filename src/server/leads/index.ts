// The leads area's front door. A homeowner's request from the wizard to its sale (requests: admit,
// prove the phone, match, charge, finish), what comes of it (outcomes: responses, accepted quotes,
// jobs done), the request's inbox, the contractor's dashboard, credits for bad leads, the fraud
// queue, reviews and the instant alerts. Below it: money, site, accounts and platform.
export {
  confirmSmsPhone,
  readAlertSettings,
  removeSmsPhone,
  saveAlertSettings,
  sendSmsPhoneCode,
} from './alerts/alert-settings.ts';
export { drainAlerts, kickAlertSender, type AlertPorts } from './alerts/deliver-alerts.ts';
export { alertPorts, pushPort } from './alerts/index.ts';
export { addPushDevice, listPushDevices, removePushDevice } from './alerts/push-devices.ts';
export { alertUser, invoiceFailedNotice, queueTestAlert } from './alerts/queue-alerts.ts';
export {
  requestAccessOf,
  requestPushState,
  turnOffRequestPush,
  turnOnRequestPush,
} from './alerts/request-push.ts';
export {
  receiveSandboxPush,
  SANDBOX_PHONE,
  sandboxPhoneHere,
  sandboxPushes,
} from './alerts/sandbox-phone.ts';
export { vapidKeys } from './alerts/vapid-keys.ts';
export { creditUnansweredLeads } from './credits/credit-unanswered-leads.ts';
export { disputeLead } from './credits/dispute-lead.ts';
export { resumeRefundingCredits, settleCredit } from './credits/settle-credit.ts';
export { tellCreditDecided } from './credits/tell-credit-decided.ts';
export { addPortfolioItem } from './dashboard/add-portfolio-item.ts';
export { changeLeadStage } from './dashboard/change-lead-stage.ts';
export { contractorReadiness } from './dashboard/contractor-readiness.ts';
export { dashboardStats } from './dashboard/dashboard-stats.ts';
export { editPortfolioItem } from './dashboard/edit-portfolio-item.ts';
export { getLead } from './dashboard/get-lead.ts';
export { listLeads } from './dashboard/list-leads.ts';
export { popularServices } from './dashboard/popular-services.ts';
export { listPortfolio } from './dashboard/portfolio-items.ts';
export { portfolioOfForm } from './dashboard/read-portfolio-form.ts';
export { recentActivity } from './dashboard/recent-activity.ts';
export { removePortfolioItem } from './dashboard/remove-portfolio-item.ts';
export { reorderPortfolio } from './dashboard/reorder-portfolio.ts';
export { respondToLead } from './dashboard/respond-to-lead.ts';
export { undoLeadStage } from './dashboard/undo-lead-stage.ts';
export { blockLead, listFraudQueue, releaseIdentity, releaseLead } from './fraud/index.ts';
export { contractorCards, type ContractorCard } from './inbox/contractor-cards.ts';
export { homeownerRequests } from './inbox/homeowner-requests.ts';
export { EMPTY_STATE, handleInboxForm, settleRequestPage, type InboxFormState } from './inbox/inbox-forms.ts';
export { boughtLeadOf, postContractorMessage, messageOfForm } from './inbox/index.ts';
export { resolveRequest } from './access/request-access.ts';
export { requestView, type RequestView } from './inbox/request-view.ts';
export type { ThreadMessage } from './inbox/threads.ts';
export { acceptQuote } from './outcomes/accept-quote.ts';
export { createHomeownerLink, homeownerLinkUrl } from './access/homeowner-links.ts';
export { askForOutcomes } from './outcomes/lead-outcome.ts';
export { markJobDone } from './outcomes/mark-job-done.ts';
export { isRealView, recordResponsesView } from './outcomes/record-responses-view.ts';
export { confirmQuote } from './requests/confirm-quote.ts';
export { expireUnconfirmedQuotes } from './requests/expire-unconfirmed-quotes.ts';
export { finishLead } from './requests/finish-lead.ts';
export { matchContractors } from './requests/match-contractors.ts';
export { processLead, readLead } from './requests/process-lead.ts';
export { createQuoteChallenge, purgeSpentProofs } from './requests/proof-of-work.ts';
export { quoteStatus, resendQuoteCode, verifyQuotePhone } from './requests/prove-quote-phone.ts';
export { runQueuedSales } from './requests/queue-sale.ts';
export { recentRequests } from './requests/recent-requests.ts';
export { recordLeadCharge, type LeadChargeOutcome } from './requests/record-lead-charge.ts';
export { resumeUnfinishedLeads } from './requests/resume-unfinished-leads.ts';
export { settlePendingCharges } from './requests/settle-pending-charges.ts';
export { submitQuote } from './requests/submit-quote.ts';
export type { LeadRow, SubmitOptions } from './requests/types.ts';
export { recomputeBusinessRating } from './reviews/business-rating.ts';
export { jobReviewLink } from './reviews/job-review-link.ts';
export { submitJobReview } from './reviews/submit-job-review.ts';
export { withdrawJobReviews } from './reviews/withdraw-job-reviews.ts';
export { INVALID_CONFIRM_LINK, SERVE_RADIUS_MILES } from './leads-rules.ts';
