// A stand-in for Google Places at the HTTP boundary: a server on 127.0.0.1 answering the legacy
// Places API's Text Search and Place Details (/maps/api/place/{textsearch,details}/json) like the
// real service, from a fixed table. Our real client code (fetch, URL building, parsing) runs
// against it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInPlace {
  place_id: string;
  name: string;
  formatted_address: string;
  address_components: { long_name: string; short_name: string; types: string[] }[];
  types: string[];
  formatted_phone_number?: string;
  website?: string;
}

export interface GooglePlacesStandIn {
  url: string;
  key: string;
  requests: URL[];
  /** Answer every request with this HTTP status (e.g. 500) until set back to null. */
  failWith: number | null;
  /** Answer every request 200 with this Places status (e.g. REQUEST_DENIED) until null. */
  statusWith: string | null;
  close(): Promise<void>;
}

/** A Dayton plumber as Google would describe it. */
export const STAND_IN_PLACE: StandInPlace = {
  place_id: 'ChIJstandInGemCityPipes',
  name: 'Gem City Pipes & Drains',
  formatted_address: '120 S Main St, Dayton, OH 45402, USA',
  address_components: [
    { long_name: '120', short_name: '120', types: ['street_number'] },
    { long_name: 'South Main Street', short_name: 'S Main St', types: ['route'] },
    { long_name: 'Dayton', short_name: 'Dayton', types: ['locality', 'political'] },
    { long_name: 'Ohio', short_name: 'OH', types: ['administrative_area_level_1', 'political'] },
    { long_name: '45402', short_name: '45402', types: ['postal_code'] },
  ],
  types: ['plumber', 'point_of_interest', 'establishment'],
  formatted_phone_number: '(937) 222-3344',
  website: 'https://gemcitypipes.example.com/',
};

export async function startGooglePlacesStandIn(
  places: StandInPlace[] = [STAND_IN_PLACE],
  key = 'test-places-key',
): Promise<GooglePlacesStandIn> {
  const requests: URL[] = [];
  const state: GooglePlacesStandIn = {
    url: '',
    key,
    requests,
    failWith: null,
    statusWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.failWith) return send(state.failWith, { error: 'Server error' });
    if (state.statusWith) return send(200, { status: state.statusWith, results: [] });
    if (url.searchParams.get('key') !== key) {
      return send(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' });
    }
    if (url.pathname === '/maps/api/place/textsearch/json') {
      const words = (url.searchParams.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const results = places
        .filter((p) => words.length && words.every((w) => p.name.toLowerCase().includes(w)))
        .map(({ place_id, name, formatted_address, types }) => ({
          place_id,
          name,
          formatted_address,
          types,
        }));
      return send(200, { status: results.length ? 'OK' : 'ZERO_RESULTS', results });
    }
    if (url.pathname === '/maps/api/place/details/json') {
      const place = places.find((p) => p.place_id === url.searchParams.get('place_id'));
      return send(200, place ? { status: 'OK', result: place } : { status: 'NOT_FOUND' });
    }
    return send(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
