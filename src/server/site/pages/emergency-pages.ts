// Every prebuilt emergency page: one per emergency service and one per alias. An alias page
// shows its service's content; canonicalPath names the service's own page.
import { DEFAULT_WHY_CHOOSE_US, type EmergencyContent } from '../../../domain/emergency-content.ts';
import { emergencyContractors } from './emergency-contractors.ts';
import type { SiteBusiness, SiteData, SiteEmergencyService } from './site-data.ts';

export interface EmergencyPage {
  /** The slug in this page's URL: the service's own slug or one of its aliases. */
  slug: string;
  canonicalPath: string;
  isAlias: boolean;
  content: EmergencyContent;
  contractors: SiteBusiness[];
}

/** The page content of an emergency service record; a record without reasons gets the default ones. */
export function emergencyContent(record: SiteEmergencyService): EmergencyContent {
  const { aliases: _aliases, ...fields } = record;
  return { ...fields, whyChooseUs: record.whyChooseUs.length ? record.whyChooseUs : DEFAULT_WHY_CHOOSE_US };
}

export function emergencyPages(data: SiteData): EmergencyPage[] {
  return data.emergencyServices.flatMap((record) => {
    const content = emergencyContent(record);
    const contractors = emergencyContractors(data.businesses, record.serviceSlug);
    const canonicalPath = `/emergency/${record.slug}`;
    return [record.slug, ...record.aliases].map((slug) => ({
      slug,
      canonicalPath,
      isAlias: slug !== record.slug,
      content,
      contractors,
    }));
  });
}
