// Which places directory (places-port.ts) serves the sign-up: finds a business by name near our area and reads a place's details, so a
// contractor registering can start from what a directory already knows. Google Places when
// GOOGLE_PLACES_KEY is set (google-places.ts); otherwise none, and only our own listings are
// searched. The key stays on the server: the browser asks our API, never Google.
import { googlePlacesConfig } from '../config/site.ts';
import { createGooglePlaces } from './google-places.ts';
import type { PlacesDirectory } from './places-port.ts';

/** The configured directory, or null when none is. */
export function placesDirectory(): PlacesDirectory | null {
  const config = googlePlacesConfig();
  return config ? createGooglePlaces(config.key, config.baseUrl) : null;
}
