// The UploadStore port: where uploaded images live. The local uploads directory in the embedded
// default (also home to the demo images); Netlify Blobs on Netlify (NETLIFY is set), whose
// functions have no lasting disk. Keys are relative paths such as `quotes/<request>/<photo>.jpg`.
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { uploadsDir } from './local-files.ts';

export interface UploadStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; type: string } | null>;
  delete(key: string): Promise<boolean>;
  list(prefix: string): Promise<string[]>;
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Relative, forward slashes, no empty, `.` or `..` segment: a key cannot name a path outside. */
function validKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 500 &&
    !/[\0\\]/.test(key) &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** The image type a key serves as; null for anything that is not an image we store. */
function typeOf(key: string): string | null {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createLocalUploadStore(root: string = uploadsDir()): UploadStore {
  root = path.resolve(root);
  const fileOf = (key: string): string => {
    const file = path.resolve(root, key);
    if (!validKey(key) || !file.startsWith(root + path.sep)) throw new Error(`Invalid upload key: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const type = typeOf(key);
      if (!type || !validKey(key)) return null;
      try {
        return { body: await readFile(fileOf(key)), type };
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!validKey(key)) return false;
      try {
        await unlink(fileOf(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async list(prefix) {
      const dir = path.resolve(root, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      if (dir !== root && !dir.startsWith(root + path.sep)) return [];
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          .filter((key) => key.startsWith(prefix))
          .sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}

export function createBlobUploadStore(name = 'uploads'): UploadStore {
  // Strong consistency: the photo count read right after an upload must include it.
  const store = getStore({ name, consistency: 'strong' });
  return {
    async put(key, body, contentType) {
      if (!validKey(key)) throw new Error(`Invalid upload key: ${key}`);
      await store.set(key, new Blob([new Uint8Array(body)]), { metadata: { contentType } });
    },
    async get(key) {
      const type = typeOf(key);
      if (!type || !validKey(key)) return null;
      const data = (await store.get(key, { type: 'arrayBuffer' })) as ArrayBuffer | null;
      return data ? { body: new Uint8Array(data), type } : null;
    },
    async delete(key) {
      if (!validKey(key) || !(await store.getMetadata(key))) return false;
      await store.delete(key);
      return true;
    },
    async list(prefix) {
      const { blobs } = await store.list({ prefix });
      return blobs.map((blob) => blob.key).sort();
    },
  };
}

export function uploadStore(): UploadStore {
  return process.env['NETLIFY'] ? createBlobUploadStore() : createLocalUploadStore();
}
