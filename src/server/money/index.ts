// The money area's front door. The payment gateway (its port, the Stripe adapters and the
// sandbox with its hosted pages), the featured plans and the contractor's billing (transactions,
// receipts, the export). Stripe's inbound events are not here: src/server/stripe-events.
// Below it: site, accounts and platform.
export { billingSummary } from './billing/billing-summary.ts';
export { exportTransactions } from './billing/export-transactions.ts';
export { listTransactions } from './billing/list-transactions.ts';
export { EXPIRED_CARD_CODE, markCardExpired } from './billing/mark-card-expired.ts';
export { ownReceipt } from './billing/own-receipt.ts';
export { transactionReceipt } from './billing/transaction-receipt.ts';
export { isGatewayUnavailable, type GatewayCharge, type PaymentGateway } from './gateway/gateway.ts';
export { paymentGateway, stripeClient } from './gateway/index.ts';
export { startPaymentSetup } from './gateway/payment-setup.ts';
export {
  completeSubscriptionSession,
  findPortalSession,
  findSubscriptionSession,
  portalAction,
} from './sandbox-pages/sandbox-plan-pages.ts';
export { findSandboxReceipt } from './gateway/sandbox-refunds.ts';
export { completeSetupSession, findSetupSession, type CardForm } from './sandbox-pages/sandbox-setup.ts';
export { isMissingObject, sharedStripeClient } from './gateway/stripe-client.ts';
export type {
  AsRead,
  WebhookContext,
  WebhookHandler,
  WebhookHandlers,
} from './gateway/stripe-event-types.ts';
export { businessIdOf, subscriptionState } from './gateway/stripe-plans.ts';
export {
  businessForCustomer,
  completePaymentSetup,
  recordSetupIntent,
  recordSetupSession,
  writeCard,
} from './gateway/stripe-setup-record.ts';
export {
  cancelPlan,
  changePlan,
  openPortal,
  previewPlan,
  settlePlanCheckout,
  startPlan,
} from './plans/manage-plan.ts';
export { recordPlanPayment } from './plans/record-plan-payment.ts';
export { recordSubscription, syncFeatured } from './plans/record-subscription.ts';
export { SETUP_SESSION_NOT_FOUND } from './money-rules.ts';
