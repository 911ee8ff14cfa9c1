import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload } from '../../src/server/storage/local-files.ts';

describe('local uploads', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    await mkdir(path.join(root, 'uploads', 'demo'), { recursive: true });
    await writeFile(path.join(root, 'uploads', 'demo', 'a.webp'), 'RIFF');
    await writeFile(path.join(root, 'secret.png'), 'secret');
    process.env['UPLOADS_DIR'] = path.join(root, 'uploads');
  });
  afterAll(async () => {
    delete process.env['UPLOADS_DIR'];
    await rm(root, { recursive: true, force: true });
  });

  it('serves an image inside the uploads directory with its type', async () => {
    const file = await readUpload('demo/a.webp');
    expect(file?.type).toBe('image/webp');
    expect(file?.body.toString()).toBe('RIFF');
  });

  it.each([
    ['../secret.png'],
    ['demo/../../secret.png'],
    ['/etc/passwd.png'],
    ['demo/missing.webp'],
    ['demo/a.webp\0.png'],
    ['demo/a.txt'],
  ])('refuses %s', async (relative) => {
    expect(await readUpload(relative)).toBeNull();
  });
});
