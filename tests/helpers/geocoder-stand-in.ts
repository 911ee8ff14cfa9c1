// A stand-in for the external geocoding API at the HTTP boundary: a server on 127.0.0.1 that
// answers /geocoding/v5/mapbox.places/{query}.json like the real service, from a fixed table.
// Our real client code (fetch, URL building, response parsing) runs against it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInFeature {
  place_name: string;
  center: [number, number];
}

export interface GeocoderStandIn {
  url: string;
  requests: URL[];
  /** Answer every request with this status (e.g. 500) until set back to null. */
  failWith: number | null;
  close(): Promise<void>;
}

export async function startGeocoderStandIn(
  table: Record<string, StandInFeature>,
  token = 'test-token',
): Promise<GeocoderStandIn> {
  const requests: URL[] = [];
  const state: GeocoderStandIn = {
    url: '',
    requests,
    failWith: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const match = /^\/geocoding\/v5\/mapbox\.places\/(.+)\.json$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.failWith) return send(state.failWith, { message: 'Server error' });
    if (!match) return send(404, { message: 'Not Found' });
    if (url.searchParams.get('access_token') !== token)
      return send(401, { message: 'Not Authorized - Invalid Token' });
    const feature = table[decodeURIComponent(match[1]!).toLowerCase()];
    return send(200, { type: 'FeatureCollection', features: feature ? [feature] : [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
