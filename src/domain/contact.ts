// The public contact phone ({phone} in the spec), configurable with PUBLIC_CONTACT_PHONE.
export const DEFAULT_CONTACT_PHONE = '(937) 555-0142';

export function contactPhone(): string {
  return process.env['PUBLIC_CONTACT_PHONE'] || DEFAULT_CONTACT_PHONE;
}

/** tel: link for a display phone number: digits only, with +1 for 10-digit US numbers. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : `+${digits}`}`;
}
