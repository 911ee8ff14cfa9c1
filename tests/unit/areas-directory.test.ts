import { describe, expect, it } from 'vitest';
import {
  areasByCounty,
  areasDirectory,
  topServicesForArea,
} from '../../src/server/site/pages/areas-directory.ts';
import type { SiteArea, SiteBusiness, SiteData, SiteService } from '../../src/server/site/pages/site-data.ts';

const service = (slug: string, name: string) => ({ slug, name }) as SiteService;
const area = (slug: string, name: string, county: string, zipCodes: string[] = []) =>
  ({ slug, name, county, zipCodes, population: 1000 }) as SiteArea;
const business = (city: string, serviceSlugs: string[], extra: Partial<SiteBusiness> = {}) =>
  ({
    city,
    serviceSlugs,
    serviceAreas: [],
    verified: true,
    featured: false,
    averageRating: null,
    totalReviews: 0,
    responseTimeHours: 2,
    ...extra,
  }) as SiteBusiness;

const services = [
  service('electrical', 'Electrical'),
  service('hvac', 'HVAC'),
  service('painting', 'Painting'),
  service('plumbing', 'Plumbing'),
  service('roofing', 'Roofing'),
];

function data(areas: SiteArea[], businesses: SiteBusiness[]): SiteData {
  return { services, areas, businesses } as unknown as SiteData;
}

describe('topServicesForArea: the 3 services with the most contractors serving the area, ties by name', () => {
  const kettering = area('kettering', 'Kettering', 'Montgomery', ['45429']);

  it('counts contractors in the city or listing one of its ZIP codes', () => {
    const d = data(
      [kettering],
      [
        business('Kettering', ['roofing', 'hvac']),
        business('Dayton', ['roofing'], { serviceAreas: ['45429'] }),
        business('Kettering', ['roofing', 'plumbing']),
        business('Kettering', ['plumbing']),
        business('Xenia', ['electrical', 'painting']),
      ],
    );
    expect(topServicesForArea(d, kettering).map((s) => s.slug)).toEqual(['roofing', 'plumbing', 'hvac']);
  });

  it('breaks ties by service name and fills up with unserved services by name', () => {
    const d = data([kettering], [business('Kettering', ['roofing', 'painting'])]);
    expect(topServicesForArea(d, kettering).map((s) => s.slug)).toEqual([
      'painting',
      'roofing',
      'electrical',
    ]);
  });
});

describe('areasByCounty', () => {
  it('groups in the order Montgomery, Greene, Warren, keeping the area order', () => {
    const d = data(
      [
        area('mason', 'Mason', 'Warren'),
        area('dayton', 'Dayton', 'Montgomery'),
        area('xenia', 'Xenia', 'Greene'),
        area('kettering', 'Kettering', 'Montgomery'),
      ],
      [],
    );
    const groups = areasByCounty(d);
    expect(groups.map((g) => g.heading)).toEqual(['Montgomery County', 'Greene County', 'Warren County']);
    expect(groups[0]!.areas.map((a) => a.area.slug)).toEqual(['dayton', 'kettering']);
    expect(groups.every((g) => g.areas.every((a) => a.topServices.length === 3))).toBe(true);
  });

  it('puts any other county after the three, by name', () => {
    const d = data([area('b', 'B', 'Miami'), area('a', 'A', 'Butler'), area('c', 'C', 'Greene')], []);
    expect(areasByCounty(d).map((g) => g.county)).toEqual(['Greene', 'Butler', 'Miami']);
  });
});

describe('areasDirectory counts', () => {
  it('counts areas, service pages (services x areas) and verified contractors', () => {
    const d = data(
      [area('dayton', 'Dayton', 'Montgomery'), area('xenia', 'Xenia', 'Greene')],
      [
        business('Dayton', ['plumbing']),
        business('Dayton', ['hvac'], { verified: false }),
        business('Xenia', []),
      ],
    );
    const directory = areasDirectory(d);
    expect(directory.areaCount).toBe(2);
    expect(directory.servicePageCount).toBe(10);
    expect(directory.verifiedContractors).toBe(2);
  });
});
