// What the registration form holds while the contractor types (everything as text until sent),
// how a search result prefills it, and how it becomes the body the shared schema checks.
import {
  DEFAULT_CITY,
  DEFAULT_PRICE_RANGE,
  DEFAULT_RESPONSE_TIME,
  DEFAULT_STATE,
  splitZipList,
  zipsOutsideArea,
  SIGNUP_MESSAGES,
  ZContractorSignup,
  type PlacePrefill,
  type PriceRange,
  type ResponseTimeHours,
  type SignupSearchHit,
  type TContractorSignupInput,
} from '../../schemas/contractor-signup.ts';

export interface SignupDraft {
  businessName: string;
  ownerName: string;
  email: string;
  phone: string;
  password: string;
  services: string[];
  serviceZipCodes: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  website: string;
  responseTimeHours: ResponseTimeHours;
  priceRange: PriceRange;
}

export const EMPTY_DRAFT: SignupDraft = {
  businessName: '',
  ownerName: '',
  email: '',
  phone: '',
  password: '',
  services: [],
  serviceZipCodes: '',
  address: '',
  city: DEFAULT_CITY,
  state: DEFAULT_STATE,
  zipCode: '',
  website: '',
  responseTimeHours: DEFAULT_RESPONSE_TIME,
  priceRange: DEFAULT_PRICE_RANGE,
};

/** The listing being claimed, or the Google place the form was filled from. */
export type Origin =
  { kind: 'listing'; id: string; name: string } | { kind: 'google'; placeId: string; name: string } | null;

export type FieldErrors = Partial<Record<keyof SignupDraft | 'form', string>>;

/** The draft with a listing's or a place's details in place of what they know. */
export function prefill(
  draft: SignupDraft,
  from: Extract<SignupSearchHit, { source: 'listing' }> | PlacePrefill,
  catalog: ReadonlySet<string>,
  areaZips: ReadonlySet<string>,
): SignupDraft {
  const zips = 'serviceAreas' in from ? from.serviceAreas.filter((zip) => areaZips.has(zip)) : [];
  const services = 'services' in from ? from.services.filter((slug) => catalog.has(slug)) : [];
  return {
    ...draft,
    businessName: from.name,
    phone: from.phone ?? draft.phone,
    address: from.address ?? draft.address,
    city: from.city ?? draft.city,
    state: from.state ?? draft.state,
    zipCode: from.zipCode ?? draft.zipCode,
    website: from.website ?? draft.website,
    services: services.length ? services : draft.services,
    serviceZipCodes: zips.length ? zips.join(', ') : draft.serviceZipCodes || (from.zipCode ?? ''),
  };
}

/** The request body: the draft, and the listing claimed or the place it came from. */
export function toInput(draft: SignupDraft, origin: Origin): TContractorSignupInput {
  return {
    ...draft,
    ...(origin?.kind === 'listing' ? { claimBusinessId: origin.id } : {}),
    ...(origin?.kind === 'google' ? { placeId: origin.placeId } : {}),
  };
}

/** The first message of each field, the shared schema's and the area's ZIP check. */
export function draftErrors(input: TContractorSignupInput, areaZips: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of ZContractorSignup.safeParse(input).error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form') as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  if (!errors.serviceZipCodes) {
    const outside = zipsOutsideArea(splitZipList(input.serviceZipCodes), areaZips);
    if (outside.length) errors.serviceZipCodes = SIGNUP_MESSAGES.zipOutsideArea(outside);
  }
  return errors;
}

/** A server's field messages ("services.0" counts as "services"), first of each. */
export function serverErrors(fields: Record<string, string[]> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0] as keyof FieldErrors;
    if (messages[0]) errors[field] ??= messages[0];
  }
  return errors;
}
