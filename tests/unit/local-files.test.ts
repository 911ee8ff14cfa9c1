// The local upload store's read, which GET /uploads/<key> calls with the key taken from the URL
// (already decoded): a key that climbs out of the uploads directory, in any spelling, reads
// nothing, even where the file it names exists and is an image.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalUploadStore, resolveInside } from '../../src/server/platform/storage/local-files.ts';
import type { UploadStore } from '../../src/server/platform/storage/upload-store.ts';

describe('the local upload store’s get', () => {
  let base = '';
  let store: UploadStore;
  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    await mkdir(path.join(base, 'uploads', 'demo'), { recursive: true });
    await writeFile(path.join(base, 'uploads', 'demo', 'a.webp'), 'RIFF');
    // Outside the uploads directory, beside it: what a traversal would be after.
    await writeFile(path.join(base, 'secret.png'), 'secret');
    await writeFile(path.join(base, 'uploads-secret.png'), 'secret');
    store = createLocalUploadStore(path.join(base, 'uploads'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('reads an image inside the uploads directory with its type', async () => {
    const file = await store.get('demo/a.webp');
    expect(file?.type).toBe('image/webp');
    expect(Buffer.from(file!.body).toString()).toBe('RIFF');
  });

  it.each([
    ['a parent segment', () => '../secret.png'],
    ['parent segments after a folder', () => 'demo/../../secret.png'],
    ['a folder that climbs back in', () => 'demo/x/../a.webp'],
    ['a dot segment', () => './demo/a.webp'],
    ['an empty segment', () => 'demo//a.webp'],
    ['an absolute path', () => path.join(base, 'secret.png')],
    ['a sibling directory sharing the name’s start', () => '../uploads-secret.png'],
    ['backslashes', () => 'demo\\..\\..\\secret.png'],
    ['a NUL byte', () => 'demo/a.webp\0.png'],
  ])('reads nothing for %s', async (_name, key) => {
    expect(await store.get(key())).toBeNull();
  });

  // The route hands the store a decoded key; the store must not decode again, or an encoded
  // `..` that survived one decoding would climb out. Such names are plain file names to it.
  it.each([['demo/%2e%2e%2fa.png'], ['demo/..%2fa.png'], ['demo/%252e%252e%252fa.png'], ['demo/..%5ca.png']])(
    'takes %s literally, as a file name inside the directory',
    async (key) => {
      await writeFile(path.join(base, 'uploads', key), 'literal');
      expect(Buffer.from((await store.get(key))!.body).toString()).toBe('literal');
    },
  );

  it.each([['demo/missing.webp'], ['demo/a.txt'], ['']])('reads nothing for %j', async (key) => {
    expect(await store.get(key)).toBeNull();
  });
});

// The second guard alone: whatever the key rules let through, a path resolved outside the root
// is refused (the key rules above would refuse these first, so they are tested on their own).
describe('resolveInside', () => {
  const root = path.resolve('/srv/uploads');
  it.each([
    ['demo/a.webp', path.join(root, 'demo', 'a.webp')],
    ['quotes/x/y.png', path.join(root, 'quotes', 'x', 'y.png')],
  ])('keeps %s inside', (key, file) => {
    expect(resolveInside(root, key)).toBe(file);
  });
  it.each([
    ['../secret.png'],
    ['demo/../../secret.png'],
    ['/etc/passwd'],
    ['../uploads-secret.png'],
    [''],
    ['.'],
  ])('refuses %j', (key) => {
    expect(resolveInside(root, key)).toBeNull();
  });
});
