// Gateway methods whose implementation is still being built (issue 14): refused plainly with
// 503, never faked. Each is replaced by its real implementation in both gateways.
import { AppError } from '../errors.ts';
import type { PaymentGateway } from './gateway.ts';

const refuse = (what: string) => () =>
  Promise.reject(new AppError('UNAVAILABLE', `${what} is not available yet.`));

export const NOT_BUILT: Omit<PaymentGateway, 'name' | 'charge' | 'createSetupSession'> = {
  refund: refuse('Refunds'),
  receiptUrl: refuse('Receipts'),
  createSubscriptionSession: refuse('Plans'),
  changeSubscription: refuse('Plans'),
  cancelSubscription: refuse('Plans'),
  createPortalSession: refuse('The payment management portal'),
  subscriptionOfSession: refuse('Plans'),
};
