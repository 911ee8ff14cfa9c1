// Reads a file from the local uploads directory (the embedded default's storage), refusing
// any path that would leave it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

export function uploadsDir(): string {
  return path.resolve(process.env['UPLOADS_DIR'] ?? '.data/uploads');
}

export async function readUpload(relative: string): Promise<{ body: Buffer; type: string } | null> {
  const type = TYPES[path.extname(relative).toLowerCase()];
  if (!type || relative.includes('\0')) return null;
  const root = uploadsDir();
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return { body: await readFile(file), type };
  } catch {
    return null;
  }
}
