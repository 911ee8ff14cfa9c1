// The local-disk UploadStore (the embedded default): one file per key under the uploads
// directory. Every path is resolved and checked to stay inside that directory.
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { typeOf, validKey, validPrefix } from './upload-keys.ts';
import type { UploadStore } from './upload-store.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The file of a key when it resolves inside the root (which must be absolute), else null. */
export function resolveInside(root: string, key: string): string | null {
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export function createLocalUploadStore(root: string): UploadStore {
  root = path.resolve(root);
  // Two guards on purpose: validKey refuses what could climb out, and the resolved path must
  // still be under the root, so neither a gap in the key rules nor a platform's path quirks
  // can reach a file outside. Each is tested on its own.
  const fileOf = (key: string): string => {
    const file = validKey(key) ? resolveInside(root, key) : null;
    if (!file) throw new Error(`Invalid upload key: ${key}`);
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
      if (!validPrefix(prefix)) return [];
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
    publicUrl() {
      return null;
    },
  };
}
