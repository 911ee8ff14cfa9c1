// The /service-areas directory: areas grouped by county (Montgomery, Greene, Warren), each with
// its three best-served services, and the counts the page states, all computed from SiteData.
import { servesArea, siteMetrics } from './derive.ts';
import type { SiteArea, SiteData, SiteService } from './site-data.ts';
import { AREA_TOP_SERVICES } from '../site-rules.ts';

const COUNTY_ORDER = ['Montgomery', 'Greene', 'Warren'];

interface AreaCard {
  area: SiteArea;
  topServices: SiteService[];
}

export interface CountyGroup {
  county: string;
  heading: string;
  areas: AreaCard[];
}

export interface AreasDirectory {
  groups: CountyGroup[];
  areaCount: number;
  /** One city-service landing page per service and area. */
  servicePageCount: number;
  verifiedContractors: number;
}

/** The services with the most contractors serving the area, ties by service name. */
export function topServicesForArea(
  data: SiteData,
  area: SiteArea,
  limit: number = AREA_TOP_SERVICES,
): SiteService[] {
  const counts = new Map<string, number>();
  for (const b of data.businesses) {
    if (!servesArea(b, area)) continue;
    for (const slug of b.serviceSlugs) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return [...data.services]
    .sort((a, b) => (counts.get(b.slug) ?? 0) - (counts.get(a.slug) ?? 0) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Areas by county in the spec's county order (any other county after, by name), areas in data order. */
export function areasByCounty(data: SiteData): CountyGroup[] {
  const rank = (county: string) => {
    const i = COUNTY_ORDER.indexOf(county);
    return i === -1 ? COUNTY_ORDER.length : i;
  };
  const counties = [...new Set(data.areas.map((a) => a.county))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return counties.map((county) => ({
    county,
    heading: `${county} County`,
    areas: data.areas
      .filter((a) => a.county === county)
      .map((area) => ({ area, topServices: topServicesForArea(data, area) })),
  }));
}

export function areasDirectory(data: SiteData): AreasDirectory {
  return {
    groups: areasByCounty(data),
    areaCount: data.areas.length,
    servicePageCount: data.services.length * data.areas.length,
    verifiedContractors: siteMetrics(data).totalContractors,
  };
}
