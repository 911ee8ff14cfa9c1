// The one SQL copy of the distance formula (great_circle_miles) agrees with the domain's, and
// is inlined by the planner, so search pays nothing for calling a function on every row.
import { describe, expect, it } from 'vitest';
import { distanceMiles, SERVICE_AREA_CENTRE, type LatLng } from '../../src/domain/geo.ts';
import { useTestSql } from '../helpers/sql.ts';

const sql = useTestSql();

const PLACES: [string, LatLng][] = [
  ['Kettering', { latitude: 39.6895, longitude: -84.1688 }],
  ['Cincinnati', { latitude: 39.1031, longitude: -84.512 }],
  ['Columbus', { latitude: 39.9612, longitude: -82.9988 }],
  ['Cleveland', { latitude: 41.4993, longitude: -81.6944 }],
  ['Sydney', { latitude: -33.8688, longitude: 151.2093 }],
  ['Perth', { latitude: -31.9523, longitude: 115.8613 }],
];

describe.each(PLACES)('from the centre of the service area to %s', (_, place) => {
  it('is the distance the domain computes', async () => {
    const [row] = await sql<{ miles: number }[]>`
      select great_circle_miles(${SERVICE_AREA_CENTRE.latitude}::float8, ${SERVICE_AREA_CENTRE.longitude}::float8,
                                ${place.latitude}::float8, ${place.longitude}::float8) as miles`;
    expect(row!.miles).toBeCloseTo(distanceMiles(SERVICE_AREA_CENTRE, place), 6);
  });
});

describe('great_circle_miles', () => {
  it('is null when a business has no coordinates', async () => {
    const [row] = await sql`select great_circle_miles(39.76, -84.19, null, null) as miles`;
    expect(row!['miles']).toBeNull();
  });

  it('is inlined: the plan holds the formula, not a call', async () => {
    const plan = await sql.unsafe<Record<string, string>[]>(`
      explain (verbose, costs off)
      select id from businesses b where great_circle_miles(39.76, -84.19, b.latitude, b.longitude) <= 25`);
    const text = plan.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/asin/);
    expect(text).not.toMatch(/great_circle_miles/);
  });
});
