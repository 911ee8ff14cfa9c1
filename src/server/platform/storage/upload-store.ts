// The UploadStore port: where uploaded images live, as the use-cases see it. The adapters are
// local-files.ts (the uploads directory) and supabase-storage.ts; uploads.ts picks one.
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
