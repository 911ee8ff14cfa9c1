// The Profile tab's form state: what the inputs hold, as text, until a save parses it.
import type { TBusinessHours } from '../../schemas/business.ts';
import type { BusinessProfileData, TBusinessProfileInput } from '../../schemas/business.ts';
import { splitZips } from '../../schemas/business.ts';

export interface ProfileForm {
  tagline: string;
  description: string;
  phone: string;
  website: string;
  businessHours: TBusinessHours;
  /** Comma separated, as typed. */
  specialties: string;
  /** Comma or space separated, as typed. */
  serviceZipCodes: string;
  responseTimeHours: string;
  priceRange: string;
}

export function formOf(profile: BusinessProfileData): ProfileForm {
  return {
    tagline: profile.tagline ?? '',
    description: profile.description ?? '',
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    businessHours: profile.businessHours,
    specialties: profile.specialties.join(', '),
    serviceZipCodes: profile.serviceZipCodes.join(', '),
    responseTimeHours: String(profile.responseTimeHours),
    priceRange: profile.priceRange,
  };
}

/** The body the form sends (the schema checks it on both sides). */
export function bodyOf(form: ProfileForm): TBusinessProfileInput {
  return {
    tagline: form.tagline,
    description: form.description,
    phone: form.phone,
    website: form.website,
    businessHours: form.businessHours,
    specialties: form.specialties
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    serviceZipCodes: splitZips(form.serviceZipCodes),
    responseTimeHours: Number(form.responseTimeHours) as TBusinessProfileInput['responseTimeHours'],
    priceRange: form.priceRange as TBusinessProfileInput['priceRange'],
  };
}

/** A field's message from errors keyed by path: the list fields show their items' messages too. */
export function messageFor(errors: Record<string, string>, field: string): string | null {
  if (errors[field]) return errors[field];
  const item = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return item ? errors[item]! : null;
}
