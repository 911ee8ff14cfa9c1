// GET /uploads/<key>: the app's one URL for an uploaded or demo image, whichever store holds it.
// A remote store's image is a redirect to its public URL (the bytes never pass through our
// function); the local store's is read and sent. Stored leads keep `/uploads/...` URLs, so the
// store can change without rewriting them.
import type { UploadStore } from './upload-store.ts';

/** The spec's cache time for uploads; a key's image never changes (new photos get new keys). */
const CACHE = 'public, max-age=3600';

export async function serveUpload(store: UploadStore, key: string): Promise<Response> {
  const remote = store.publicUrl(key);
  if (remote)
    return new Response(null, { status: 302, headers: { location: remote, 'cache-control': CACHE } });
  const file = await store.get(key);
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(file.body), {
    headers: { 'content-type': file.type, 'cache-control': CACHE, 'x-content-type-options': 'nosniff' },
  });
}
