// The Supabase Storage UploadStore (production): the spec's public bucket `project-images`
// through the supabase-js client, with the service role key, so on the server only (the key
// passes every storage policy; islands never import this module). An object's path in the
// bucket is the upload key itself, so the key's first folders are the uploader's folder
// (`quotes/<requestKey>/` for the wizard's anonymous uploader, see quote-photos.ts).
import { createClient } from '@supabase/supabase-js';
import { typeOf, validKey, validPrefix } from './upload-keys.ts';
import type { UploadStore } from './upload-store.ts';

export const PROJECT_IMAGES_BUCKET = 'project-images';

/** The spec's cache time for uploads, in seconds; objects never change under a key. */
const CACHE_SECONDS = '3600';
/** Entries per list request (Storage's default page); a larger folder takes more requests. */
const LIST_PAGE = 100;
/** Storage's dashboard writes this file to make an empty folder; it is not an upload. */
const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

/** What storage-js returns as `error` (its StorageError class is not exported by supabase-js). */
interface StorageError {
  message: string;
  status?: number | undefined;
  statusCode?: string | undefined;
}

/** Storage answers a missing object with HTTP 400 and `statusCode: "404"` in the body. */
function isNotFound(error: StorageError): boolean {
  return error.statusCode === '404' || error.status === 404;
}

function storageFailure(action: string, key: string, error: StorageError): Error {
  return new Error(`Supabase Storage ${action} ${key} failed: ${error.message}`, { cause: error });
}

export function createSupabaseUploadStore(options: {
  url: string;
  serviceRoleKey: string;
  bucket?: string;
}): UploadStore {
  const client = createClient(options.url, options.serviceRoleKey, {
    // A server process with a service role key: no user session to keep, refresh or detect.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const bucket = client.storage.from(options.bucket ?? PROJECT_IMAGES_BUCKET);

  /** Keys in a folder and its subfolders whose names start with `search` (a page at a time). */
  const listFolder = async (folder: string, search: string): Promise<string[]> => {
    const keys: string[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const { data, error } = await bucket.list(folder, {
        limit: LIST_PAGE,
        offset,
        sortBy: { column: 'name', order: 'asc' },
        ...(search ? { search } : {}),
      });
      if (error) throw storageFailure('list', `${folder}/`, error);
      for (const entry of data) {
        const key = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.id === null) keys.push(...(await listFolder(key, '')));
        else if (entry.name !== FOLDER_PLACEHOLDER) keys.push(key);
      }
      if (data.length < LIST_PAGE) return keys;
    }
  };

  return {
    async put(key, body, contentType) {
      if (!validKey(key)) throw new Error(`Invalid upload key: ${key}`);
      const { error } = await bucket.upload(key, body, {
        contentType,
        cacheControl: CACHE_SECONDS,
        upsert: true,
      });
      if (error) throw storageFailure('upload', key, error);
    },
    async get(key) {
      const type = typeOf(key);
      if (!type || !validKey(key)) return null;
      const { data, error } = await bucket.download(key);
      if (error) {
        if (isNotFound(error)) return null;
        throw storageFailure('download', key, error);
      }
      return { body: new Uint8Array(await data.arrayBuffer()), type };
    },
    async delete(key) {
      if (!validKey(key)) return false;
      const { data, error } = await bucket.remove([key]);
      if (error) throw storageFailure('remove', key, error);
      // Storage answers with the objects it removed: none when the key held nothing.
      return data.length > 0;
    },
    async list(prefix) {
      if (!validPrefix(prefix)) return [];
      // Storage lists one folder; its search narrows that folder's names by their start. It
      // matches folder and search ignoring case and names entries relative to the folder, so
      // keys are kept lower case (request keys are lowercased) and the prefix is checked again.
      const cut = prefix.lastIndexOf('/');
      const folder = cut < 0 ? '' : prefix.slice(0, cut);
      const keys = await listFolder(folder, prefix.slice(cut + 1));
      return keys.filter((key) => key.startsWith(prefix)).sort();
    },
    publicUrl(key) {
      if (!typeOf(key) || !validKey(key)) return null;
      return bucket.getPublicUrl(key).data.publicUrl;
    },
  };
}
