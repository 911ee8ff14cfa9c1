// What the /dashboard page hands its island about the signed-in contractor's business (no
// secrets: ids, names and flags the contractor may see).
import type { BusinessStatus } from '../../domain/business-status.ts';
import type { PaymentSetupStatus } from '../../domain/dashboard-rules.ts';

export interface DashboardBusiness {
  id: string;
  name: string;
  slug: string;
  status: BusinessStatus;
  verified: boolean;
  /** The spec's rule: no account id 'required', an id but not completed 'pending', else 'completed'. */
  paymentSetup: PaymentSetupStatus;
}

export type DashboardTab = 'leads' | 'alerts' | 'analytics' | 'profile' | 'payments';

/** How the contractor came back from the gateway's hosted setup page (?setup=..), if they did. */
export type SetupReturn = 'success' | 'cancelled' | null;
