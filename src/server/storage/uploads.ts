// The UploadStore port: where uploaded images live. Supabase Storage (bucket project-images) when
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, as in production; otherwise the local
// uploads directory, the embedded default, which also holds the demo images under `demo/`.
// Keys are relative paths such as `quotes/<requestKey>/<photo>.jpg` (see upload-keys.ts); the
// app's URL for a key is always `/uploads/<key>`, whichever store holds it.
import { supabaseStorage, uploadsDir } from '../config.ts';
import { createLocalUploadStore } from './local-files.ts';
import { createSupabaseUploadStore } from './supabase-storage.ts';

export interface UploadStore {
  /** Stores the bytes under the key (replacing any); throws for an invalid key. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The image under the key; null when there is none or the key is not one we serve. */
  get(key: string): Promise<{ body: Uint8Array; type: string } | null>;
  /** True when an object was removed, false when there was none (or the key is invalid). */
  delete(key: string): Promise<boolean>;
  /** Every key starting with the prefix, in its folder and below, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Where browsers fetch the image straight from the store (a remote store's public URL), so
   * /uploads/<key> can redirect there; null when the app serves it itself through get(), and
   * for a key the store would not serve.
   */
  publicUrl(key: string): string | null;
}

let supabase: { config: string; store: UploadStore } | undefined;

export function uploadStore(): UploadStore {
  const remote = supabaseStorage();
  if (!remote) return createLocalUploadStore(uploadsDir());
  // One supabase-js client per process (it keeps its connections), not one per request.
  const config = `${remote.url}\n${remote.serviceRoleKey}`;
  if (supabase?.config !== config) supabase = { config, store: createSupabaseUploadStore(remote) };
  return supabase.store;
}
