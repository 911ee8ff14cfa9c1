// What the wizard holds while the homeowner types (numbers stay text until sent), how it becomes
// the request the shared schema checks, and how it is kept in this browser until it is accepted.
import { REQUEST_COMPLETED_KEY } from '../../domain/app-chrome.ts';
import type { QuoteTarget } from '../../domain/chosen-pro.ts';
import type { ContactMethod, PropertyType, TQuoteInput, Timeline } from '../../schemas/quote.ts';
import type { CodeInfo } from './send-quote.ts';

export interface QuoteDraft {
  service: string;
  description: string;
  photos: string[];
  timeline: Timeline | '';
  budgetMin: string;
  budgetMax: string;
  propertyType: PropertyType | '';
  address: string;
  zipCode: string;
  name: string;
  email: string;
  phone: string;
  contactMethod: ContactMethod | '';
  /** The contractor asked from its profile (issue 25), or null: any matching pros. */
  contractor?: QuoteTarget | null;
}

export const EMPTY_DRAFT: QuoteDraft = {
  service: '',
  description: '',
  photos: [],
  timeline: '',
  budgetMin: '',
  budgetMax: '',
  propertyType: '',
  address: '',
  zipCode: '',
  name: '',
  email: '',
  phone: '',
  contactMethod: '',
  contractor: null,
};

/** A budget as typed: empty is missing; anything else is a number (NaN when it is not one). */
const amount = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * The request body the wizard sends, and checks step by step with ZQuoteRequest; `altcha` is the
 * proof-of-work widget's payload, added when the request is sent.
 */
export function toQuoteInput(
  draft: QuoteDraft,
  requestKey: string,
  altcha = '',
): Record<keyof TQuoteInput, unknown> {
  return {
    requestKey,
    altcha,
    service: draft.service || undefined,
    description: draft.description,
    timeline: draft.timeline || undefined,
    budgetMin: amount(draft.budgetMin),
    budgetMax: amount(draft.budgetMax),
    propertyType: draft.propertyType || undefined,
    address: draft.address,
    zipCode: draft.zipCode,
    name: draft.name,
    email: draft.email,
    phone: draft.phone,
    contactMethod: draft.contactMethod || undefined,
    photos: draft.photos,
    contractor: draft.contractor?.slug,
  };
}

/**
 * A ZIP code at the end of a typed address, after a comma or a two-letter state ("12 Oak Ave,
 * Kettering, OH 45429", "12 Oak Ave, 45429"); never a house number ("10450 Springboro Pike").
 */
export function zipFromAddress(address: string): string | null {
  return /(?:,\s*|\b[A-Za-z]{2}\s+)(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? null;
}

const STORAGE_KEY = 'quote-request-draft';

export interface SavedDraft {
  step: number;
  draft: QuoteDraft;
  requestKey: string;
  /** Submitted and waiting for the phone's code (a reload comes back to the code). */
  codeStep?: { code: CodeInfo | null };
}

export function loadDraft(): SavedDraft | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as SavedDraft | null;
    return saved && typeof saved.requestKey === 'string'
      ? { ...saved, draft: { ...EMPTY_DRAFT, ...saved.draft } }
      : null;
  } catch {
    return null;
  }
}

export function saveDraft(saved: SavedDraft): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Private mode or a full store: the wizard still works, it just won't survive a reload.
  }
}

function clearDraft(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: there was nothing kept to clear.
  }
}

/**
 * The request went through: what was kept goes, and this browser is marked as one that completed
 * a request, which is when the app's install offer may show (installOfferAllowed).
 */
export function finishDraft(): void {
  clearDraft();
  try {
    localStorage.setItem(REQUEST_COMPLETED_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the install offer simply does not show.
  }
}
