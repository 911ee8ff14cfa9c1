// What a link into the wizard fills in (issue 25): `service` (a service or city page, a profile),
// `zip` (a city page whose place has one ZIP code) and `contractor` (a profile's main button: that
// contractor is asked first). A link is applied once per tab, over what this browser kept: the
// fields it names replace theirs, everything else typed stays; a reload does not apply it again,
// and a request already sent and waiting for its code is never changed by one.
import { CONTRACTOR_SLUG_MAX, type QuoteTarget } from '../../domain/chosen-pro.ts';
import { SLUG_PATTERN } from '../../domain/slug.ts';
import { ZIP_PATTERN } from '../../domain/quote-rules.ts';
import type { SavedDraft } from './draft.ts';

export interface LinkPrefill {
  service: string | null;
  zip: string | null;
  contractor: string | null;
}

/** The link's fields the wizard knows; anything else (an unknown service, a bad ZIP) is left out. */
export function readLink(search: string, services: readonly { slug: string }[]): LinkPrefill {
  const params = new URLSearchParams(search);
  const service = params.get('service');
  const zip = params.get('zip')?.trim() ?? null;
  const contractor = params.get('contractor');
  return {
    service: service && services.some((s) => s.slug === service) ? service : null,
    zip: zip && ZIP_PATTERN.test(zip) ? zip : null,
    contractor:
      contractor && contractor.length <= CONTRACTOR_SLUG_MAX && SLUG_PATTERN.test(contractor)
        ? contractor
        : null,
  };
}

/**
 * The kept draft with the link applied. The service moves the wizard to the details (step 2)
 * when it is new; a ZIP fills an empty ZIP field; a contractor other than the one kept replaces
 * it (its name comes from /quote-targets/<slug>.json: `fetchContractor` is then that slug).
 */
export function applyLink(
  kept: SavedDraft,
  link: LinkPrefill,
): { saved: SavedDraft; fetchContractor: string | null } {
  if (kept.codeStep) return { saved: kept, fetchContractor: null };
  let { step, draft } = kept;
  if (link.service && link.service !== draft.service) {
    draft = { ...draft, service: link.service };
    step = 2;
  }
  if (link.zip && !draft.zipCode) draft = { ...draft, zipCode: link.zip };
  let fetchContractor: string | null = null;
  if (link.contractor && link.contractor !== draft.contractor?.slug) {
    draft = { ...draft, contractor: null };
    fetchContractor = link.contractor;
  }
  return { saved: { ...kept, step, draft }, fetchContractor };
}

/** A chosen contractor's name and services, or null when it is not listed (then: any pros). */
export async function fetchTarget(slug: string): Promise<QuoteTarget | null> {
  try {
    const response = await fetch(`/quote-targets/${encodeURIComponent(slug)}.json`);
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<QuoteTarget>;
    if (typeof body.name !== 'string' || body.slug !== slug || !Array.isArray(body.services)) return null;
    return { slug, name: body.name, services: body.services.filter((s) => typeof s === 'string') };
  } catch {
    return null;
  }
}

const APPLIED_KEY = 'quote-link-applied';

/** Whether this tab already applied this link (a reload): then what was kept stands. */
export function linkApplied(search: string): boolean {
  try {
    return sessionStorage.getItem(APPLIED_KEY) === search;
  } catch {
    return false;
  }
}

export function markLinkApplied(search: string): void {
  try {
    sessionStorage.setItem(APPLIED_KEY, search);
  } catch {
    // Storage blocked: a reload applies the link again, which changes only what it names.
  }
}
