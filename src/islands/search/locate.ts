// "Use my location": the browser's position (high accuracy, 10 s timeout, 5-minute cache), named
// after one of our places when it is near one (no request), else by the server's reverse look-up;
// null (raw coordinates are used) when that fails.
import { nearestPlace } from '../../domain/gazetteer.ts';
import { distanceMiles } from '../../domain/geo.ts';
import { NEAR_MILES } from '../../schemas/search.ts';

export interface PlaceOption {
  slug: string;
  name: string;
  latitude: number;
  longitude: number;
}

export interface Point {
  lat: number;
  lng: number;
}

export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

export async function nameOf(places: readonly PlaceOption[], point: Point): Promise<string | null> {
  const place = nearestPlace(places, point.lat, point.lng);
  if (place && distanceMiles(place, { latitude: point.lat, longitude: point.lng }) <= NEAR_MILES) {
    return place.name;
  }
  try {
    const response = await fetch(`/api/geocode?lat=${point.lat.toFixed(5)}&lng=${point.lng.toFixed(5)}`);
    return response.ok ? ((await response.json()) as { name: string }).name : null;
  } catch {
    return null;
  }
}

/** How a point reads in the location box when it has no name. */
export const coordinatesText = (point: Point) => `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;
