// A stand-in for Supabase Storage's HTTP API, enough for what supabase-js calls to upload,
// download, list and remove objects, plus the public object URL that browsers are redirected
// to. Objects live in memory. Each SDK call must carry the service role key as `apikey` and as
// `Authorization: Bearer`; anything else is refused as Storage refuses it. Storage answers
// client errors with HTTP 400 and the real status in the body's `statusCode` (a missing object
// is 400 with "404"), and the stand-in does the same. `failing` makes every request a 500.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  id: string;
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  createdAt: string;
}

export interface SupabaseStorageStandIn {
  /** The project URL to give supabase-js (`http://127.0.0.1:<port>`). */
  url: string;
  serviceRoleKey: string;
  /** Objects by `<bucket>/<path>`. */
  objects: Map<string, StoredObject>;
  /** Every request that reached the stand-in: method, path as sent, headers. */
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  /** While true, every request answers 500 as Storage does when its backend fails. */
  failing: boolean;
  close(): Promise<void>;
}

const PREFIX = '/storage/v1';

function storageError(res: ServerResponse, statusCode: number, code: string, error: string, message: string) {
  res.writeHead(statusCode >= 500 ? 500 : 400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ statusCode: String(statusCode), code, error, message }));
}

function decodePath(raw: string): string {
  return raw.split('/').map(decodeURIComponent).join('/');
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A listing entry as Storage's search function returns it: files with an id, folders without. */
function entry(name: string, object?: StoredObject) {
  return object
    ? {
        name,
        id: object.id,
        updated_at: object.createdAt,
        created_at: object.createdAt,
        last_accessed_at: object.createdAt,
        metadata: {
          size: object.body.length,
          mimetype: object.contentType,
          cacheControl: object.cacheControl,
        },
      }
    : { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null };
}

export async function startSupabaseStorageStandIn(
  serviceRoleKey = 'service-role-key-for-tests',
): Promise<SupabaseStorageStandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: SupabaseStorageStandIn['requests'] = [];
  const state = { failing: false };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ method, path: url.pathname, headers: req.headers });
    const body = await readAll(req);
    if (state.failing) return storageError(res, 500, 'InternalError', 'internal', 'Internal server error');
    if (!url.pathname.startsWith(`${PREFIX}/object/`)) {
      return storageError(
        res,
        404,
        'InvalidRequest',
        'Not Found',
        `Route ${method}:${url.pathname} not found`,
      );
    }
    const route = url.pathname.slice(`${PREFIX}/object/`.length);

    // Public objects need no key: this is the URL getPublicUrl gives browsers.
    if (method === 'GET' && route.startsWith('public/')) {
      const object = objects.get(decodePath(route.slice('public/'.length)));
      if (!object) return storageError(res, 404, 'NoSuchKey', 'not_found', 'Object not found');
      res.writeHead(200, {
        'content-type': object.contentType,
        'cache-control': object.cacheControl ?? 'no-cache',
      });
      return void res.end(object.body);
    }

    if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`) {
      return storageError(res, 403, 'AccessDenied', 'Unauthorized', 'invalid signature');
    }

    if (method === 'POST' && route.startsWith('list/')) {
      const bucket = decodePath(route.slice('list/'.length));
      const options = JSON.parse(body.toString('utf8')) as {
        prefix: string;
        limit: number;
        offset: number;
        search?: string;
      };
      // As Storage's search function: the prefix is a folder, and the folder plus the search
      // text match the start of object names in any case; names come back relative to the folder.
      const folder = options.prefix && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
      const start = `${folder}${options.search ?? ''}`.toLowerCase();
      const names = new Map<string, StoredObject | undefined>();
      for (const [id, object] of objects) {
        if (!id.startsWith(`${bucket}/`)) continue;
        const name = id.slice(bucket.length + 1);
        if (!name.toLowerCase().startsWith(start)) continue;
        const rest = name.slice(folder.length);
        const cut = rest.indexOf('/');
        if (cut < 0) names.set(rest, object);
        else names.set(rest.slice(0, cut), undefined);
      }
      const listing = [...names.keys()]
        .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
        .slice(options.offset, options.offset + options.limit)
        .map((name) => entry(name, names.get(name)));
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(listing));
    }

    if (method === 'DELETE') {
      const bucket = decodePath(route);
      const { prefixes } = JSON.parse(body.toString('utf8')) as { prefixes: string[] };
      const removed = prefixes.flatMap((path) => {
        const object = objects.get(`${bucket}/${path}`);
        if (!object) return [];
        objects.delete(`${bucket}/${path}`);
        return [{ ...entry(path, object), bucket_id: bucket }];
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(removed));
    }

    const id = decodePath(route);
    if (!id.includes('/')) return storageError(res, 400, 'InvalidKey', 'Invalid Input', `Invalid key: ${id}`);
    if (method === 'POST') {
      if (objects.has(id) && req.headers['x-upsert'] !== 'true') {
        return storageError(res, 409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
      }
      objects.set(id, {
        id: randomUUID(),
        body,
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
        cacheControl: req.headers['cache-control'],
        createdAt: new Date().toISOString(),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ Id: objects.get(id)!.id, Key: id }));
    }
    if (method === 'GET') {
      const object = objects.get(id);
      if (!object) return storageError(res, 404, 'NoSuchKey', 'not_found', 'Object not found');
      res.writeHead(200, { 'content-type': object.contentType });
      return void res.end(object.body);
    }
    return storageError(res, 404, 'InvalidRequest', 'Not Found', `Route ${method}:${url.pathname} not found`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceRoleKey,
    objects,
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
