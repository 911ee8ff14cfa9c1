// The admin area's constants and texts: its pages (the spec's nested admin pages, in its order),
// list sizes, and the messages of the users page.
import { CONTENT_AUDIT_ACTIONS } from './content-rules.ts';
import { FRAUD_AUDIT_ACTIONS } from './fraud-rules.ts';

export interface AdminPage {
  /** The path segment under /admin ('' for the index). */
  slug: string;
  label: string;
  /** Built yet. A page not built is listed as not yet available, never linked. (Flip it in the
   * change that builds the page.) */
  available: boolean;
}

/** Spec: "Admin nested pages: index (dashboard), users, activity-logs, contractors, leads,
 * payments, content, revenue-validation, payment-test"; and issue 23's fraud queue, by the leads. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { slug: '', label: 'Dashboard', available: true },
  { slug: 'users', label: 'Users', available: true },
  { slug: 'activity-logs', label: 'Activity Logs', available: true },
  { slug: 'contractors', label: 'Contractors', available: true },
  { slug: 'leads', label: 'Leads', available: true },
  { slug: 'fraud', label: 'Fraud Queue', available: true },
  { slug: 'payments', label: 'Payments', available: true },
  { slug: 'content', label: 'Content', available: true },
  { slug: 'revenue-validation', label: 'Revenue Validation', available: true },
  { slug: 'payment-test', label: 'Payment Test', available: true },
];

/** Spec: content-moderation and reviews redirect to the reviews tab; seo to the SEO pages tab. */
export const ADMIN_REDIRECTS: Record<string, string> = {
  '/admin/content-moderation': '/admin/content?tab=reviews',
  '/admin/reviews': '/admin/content?tab=reviews',
  '/admin/seo': '/admin/content?tab=seo-pages',
};

export const adminHref = (page: AdminPage): string => (page.slug ? `/admin/${page.slug}` : '/admin');

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ACTIVITY_PAGE_SIZE = 25;
export const ADMIN_INDEX_LIST_SIZE = 5;

/** Roles an admin grants and revokes on the users page. */
export const GRANTABLE_ROLES = ['contractor', 'admin'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ADMIN_MESSAGES = {
  ownAdminRole: 'You cannot remove your own admin role.',
  ownAccount: 'You cannot disable your own account.',
  userNotFound: 'User not found',
  /** Shown to a disabled account that signs in (the spec has no wording for this). */
  accountDisabled: 'This account has been disabled. Please contact support.',
  noUsers: 'No users match your search.',
  noActivity: 'No activity matches these filters.',
} as const;

/** The actions the admin writes record, with the words the activity log shows. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.role.grant': 'Role granted',
  'user.role.revoke': 'Role revoked',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'business.approve': 'Contractor approved',
  'business.reject': 'Contractor rejected',
  'business.feature': 'Contractor featured',
  'business.unfeature': 'Contractor unfeatured',
  'business.suspend': 'Contractor suspended',
  'business.reinstate': 'Contractor reinstated',
  'business.licence.verify': 'Licence verified',
  'business_claim.approve': 'Listing claim confirmed',
  'business_claim.approve_unconfirmed': 'Unconfirmed listing claim approved',
  'business.plan_cancel_failed': 'Listing plan not cancelled at the gateway',
  'business_claim.reject': 'Listing claim rejected',
  'payment_test.run': 'Payment test run',
  'business.test_leads.enable': 'Test recipient added',
  'business.test_leads.disable': 'Test recipient removed',
  ...CONTENT_AUDIT_ACTIONS,
  'lead_credit.grant': 'Lead credit granted',
  'lead_credit.decline': 'Lead credit declined',
  'lead.resend': 'Lead re-sent to the next pro',
  ...FRAUD_AUDIT_ACTIONS,
};

/** What an audit row's entity is, in words (the activity log's "Entity" column). */
export const AUDIT_ENTITY_WORDS: Record<string, string> = {
  article: 'Article',
  blocked_identity: 'Blocked contact detail',
  business: 'Business',
  lead: 'Lead',
  lead_credit: 'Lead credit',
  review: 'Review',
  seo_page: 'SEO page',
  user: 'Account',
};

export const ADMIN_CONTRACTORS_PAGE_SIZE = 25;
/** The longest reason an admin may give for a rejection (mailed to the applicant). */
export const REJECTION_REASON_MAX = 1000;

export const CONTRACTOR_ADMIN_MESSAGES = {
  businessNotFound: 'Business not found',
  claimNotFound: 'Claim not found',
  notPending: 'This business is no longer pending.',
  notListed: 'Only an active business can be featured.',
  notSuspendable: 'Only an active business can be suspended.',
  notSuspended: 'This business is not suspended.',
  reasonRequired: 'Please give a reason.',
  noPending: 'No contractors are waiting for approval.',
  noClaims: 'No listing claims are waiting.',
  noListed: 'No listed contractors match your search.',
} as const;
