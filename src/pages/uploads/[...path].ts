// Serves uploaded and demo images from the upload store (local disk in the embedded default).
import type { APIRoute } from 'astro';
import { uploadStore } from '~/server/storage/uploads';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const file = await uploadStore().get(params.path ?? '');
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': file.type,
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
};
