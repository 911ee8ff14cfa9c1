// Great-circle distance and the service-area test (spec: centre 39.76, -84.19, radius 50 km).
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius; the SQL function great_circle_miles (supabase/migrations) uses it too. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_MILE = 1.609344;
export const SERVICE_AREA_CENTRE: LatLng = { latitude: 39.76, longitude: -84.19 };
const SERVICE_AREA_RADIUS_KM = 50;

export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceMiles(a: LatLng, b: LatLng): number {
  return distanceKm(a, b) / KM_PER_MILE;
}

export function withinServiceArea(point: LatLng): boolean {
  return distanceKm(point, SERVICE_AREA_CENTRE) <= SERVICE_AREA_RADIUS_KM;
}

/**
 * Montgomery, Greene and Warren counties' bounding box (the region the gazetteer covers): the
 * geocoder's answers inside it are cached (src/server/platform/geo/limited-geocoder.ts), others are not.
 */
const REGION_BOUNDS = { south: 39.25, north: 39.93, west: -84.49, east: -83.64 } as const;

export function withinRegion(point: LatLng): boolean {
  return (
    point.latitude >= REGION_BOUNDS.south &&
    point.latitude <= REGION_BOUNDS.north &&
    point.longitude >= REGION_BOUNDS.west &&
    point.longitude <= REGION_BOUNDS.east
  );
}
