// Which UploadStore (upload-store.ts) holds uploaded images: Supabase Storage (bucket project-images) when
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, as in production; otherwise the local
// uploads directory, the embedded default, which also holds the demo images under `demo/`.
// Keys are relative paths such as `quotes/<requestKey>/<photo>.jpg` (see upload-keys.ts); the
// app's URL for a key is always `/uploads/<key>`, whichever store holds it.
import { supabaseStorage, uploadsDir } from '../config/site.ts';
import { createLocalUploadStore } from './local-files.ts';
import { createSupabaseUploadStore } from './supabase-storage.ts';
import type { UploadStore } from './upload-store.ts';

let supabase: { config: string; store: UploadStore } | undefined;

export function uploadStore(): UploadStore {
  const remote = supabaseStorage();
  if (!remote) return createLocalUploadStore(uploadsDir());
  // One supabase-js client per process (it keeps its connections), not one per request.
  const config = `${remote.url}\n${remote.serviceRoleKey}`;
  if (supabase?.config !== config) supabase = { config, store: createSupabaseUploadStore(remote) };
  return supabase.store;
}
