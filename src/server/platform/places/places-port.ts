// The places port: finds a business by name near our area and reads a place's details, so a
// contractor registering can start from what a directory already knows. The adapter is
// google-places.ts; places.ts picks it when it is configured.
interface FoundPlace {
  placeId: string;
  name: string;
  address: string | null;
}

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceDetails {
  placeId: string;
  name: string;
  address: string | null;
  addressComponents: AddressComponent[];
  types: string[];
  phone: string | null;
  website: string | null;
}

export interface PlacesDirectory {
  /** Spec: google-places-search {query, location} -> results. */
  search(query: string, location: { latitude: number; longitude: number }): Promise<FoundPlace[]>;
  /** Spec: google-places-details {place_id} -> address_components, types; null when unknown. */
  details(placeId: string): Promise<PlaceDetails | null>;
}
