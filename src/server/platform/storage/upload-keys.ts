// What an upload key may be, shared by every UploadStore adapter, so that a key one store
// refuses is refused by all (a key reaches the store from a URL path, already decoded).

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/**
 * Relative, forward slashes, no empty, `.` or `..` segment, no backslash or NUL: a key cannot
 * name a path outside the store's root (on disk) or be rewritten by a client library (supabase-js
 * silently merges `a//b` into `a/b`), so every adapter stores exactly the key it was given.
 */
export function validKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 500 &&
    !/[\0\\]/.test(key) &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** A list prefix: empty (everything), or a valid key optionally ending in `/` (a folder). */
export function validPrefix(prefix: string): boolean {
  return prefix === '' || validKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** The image type a key serves as; null for anything that is not an image we store. */
export function typeOf(key: string): string | null {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}
