// A Google place's details as the registration form's fields (street, city, state, ZIP).
import type { PlacePrefill } from '../../../schemas/contractor-signup.ts';
import { AppError } from '../../platform/errors.ts';
import type { AddressComponent, PlacesDirectory } from '../../platform/places/places-port.ts';

function component(components: AddressComponent[], type: string, short = false): string | null {
  const found = components.find((c) => c.types.includes(type));
  return found ? (short ? found.short_name : found.long_name) : null;
}

export async function placePrefill(places: PlacesDirectory | null, placeId: string): Promise<PlacePrefill> {
  const details = places ? await places.details(placeId) : null;
  if (!details) throw new AppError('NOT_FOUND', 'Place not found');
  const c = details.addressComponents;
  const street = [component(c, 'street_number'), component(c, 'route')].filter(Boolean).join(' ');
  return {
    placeId: details.placeId,
    name: details.name,
    address: street || details.address,
    city: component(c, 'locality') ?? component(c, 'sublocality'),
    state: component(c, 'administrative_area_level_1', true),
    zipCode: component(c, 'postal_code'),
    phone: details.phone,
    website: details.website && /^https?:\/\//i.test(details.website) ? details.website : null,
    types: details.types,
  };
}
