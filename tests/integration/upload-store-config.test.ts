// Which upload store the configuration selects: Supabase Storage when SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are set, one per process. A file of its own: the configuration is read
// once per process, so it must not have been read before the variables are set.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_IMAGES_BUCKET } from '../../src/server/platform/storage/supabase-storage.ts';
import { uploadStore } from '../../src/server/platform/storage/uploads.ts';
import {
  startSupabaseStorageStandIn,
  type SupabaseStorageStandIn,
} from '../helpers/supabase-storage-stand-in.ts';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let standIn: SupabaseStorageStandIn;
beforeAll(async () => {
  standIn = await startSupabaseStorageStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe('uploadStore() with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set', () => {
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('is the Supabase Storage store, one per process', async () => {
    vi.stubEnv('SUPABASE_URL', standIn.url);
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', standIn.serviceRoleKey);
    const store = uploadStore();
    expect(uploadStore()).toBe(store);
    await store.put('configured/photo.png', PNG, 'image/png');
    expect(standIn.objects.has(`${PROJECT_IMAGES_BUCKET}/configured/photo.png`)).toBe(true);
    expect(store.publicUrl('configured/photo.png')).toContain('/storage/v1/object/public/project-images/');
  });
});
