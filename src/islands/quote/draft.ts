// What the wizard holds while the homeowner types (numbers stay text until sent), how it becomes
// the request the shared schema checks, and how it is kept in this browser until it is accepted.
import type { ContactMethod, PropertyType, TQuoteInput, Timeline } from '../../schemas/quote.ts';

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
};

/** A budget as typed: empty is missing; anything else is a number (NaN when it is not one). */
const amount = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The request body the wizard sends, and checks step by step with ZQuoteRequest. */
export function toQuoteInput(draft: QuoteDraft, requestKey: string): Record<keyof TQuoteInput, unknown> {
  return {
    requestKey,
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
  };
}

/** A five-digit ZIP code at the end of a typed address ("12 Oak Ave, Kettering, OH 45429"). */
export function zipFromAddress(address: string): string | null {
  return /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? null;
}

const STORAGE_KEY = 'quote-request-draft';

export interface SavedDraft {
  step: number;
  draft: QuoteDraft;
  requestKey: string;
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

export function clearDraft(): void {
  localStorage.removeItem(STORAGE_KEY);
}
