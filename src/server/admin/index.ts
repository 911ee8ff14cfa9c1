// The admin area's front door: the admin pages' use-cases (contractors and claims, users, leads,
// payments, content, reviews, credits, the activity log). Below it: every other area but jobs.
export { activityFilterChoices, listActivity } from './activity-log.ts';
export { adminOverview } from './admin-overview.ts';
export { approveReview } from './approve-review.ts';
export {
  createArticle,
  getArticle,
  listArticles,
  setArticleCover,
  setArticlePublished,
  updateArticle,
} from './content-articles.ts';
export { listReviews, setReviewHidden } from './content-reviews.ts';
export { getSeoPage, listSeoPages, previewSeoPage, updateSeoPage } from './content-seo-pages.ts';
export { approveBusiness, rejectBusiness } from './decide-application.ts';
export { confirmClaim, rejectClaim } from './decide-claim.ts';
export { declineCredit, grantCredit } from './decide-credit.ts';
export { leadDetail, listLeads } from './leads.ts';
export { listContractors } from './list-contractors.ts';
export { listChargebacks, listOpenCredits, listTransactions } from './list-payments.ts';
export { setFeatured, setSuspended } from './moderate-listing.ts';
export {
  findRecipientCandidates,
  paymentTestState,
  setTestRecipient,
  triggerPaymentTest,
} from './payment-test.ts';
export { recordLicence } from './record-licence.ts';
export { resendLead } from './resend-lead.ts';
export { seoPageArticles, setSeoPageArticles } from './seo-page-articles.ts';
export { changeRole, listUsers, setAccountDisabled } from './users.ts';
export { validateRevenue } from './validate-revenue.ts';
export { FAILED_PAYMENTS_DAYS } from './admin-rules.ts';
