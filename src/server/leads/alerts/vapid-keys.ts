// The VAPID key pair alerts are signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (required in
// production), else the embedded default's own pair, generated once and kept beside its data
// (.data/vapid-keys.json), so a device subscribed yesterday still receives alerts after a restart.
// Several processes may start at once (the tests): the pair is written to a file of its own and
// linked into place, so the first link wins whole and the others read that pair.
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { vapidKeysFromEnv } from '../../platform/config/messaging.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where the embedded default keeps its pair. */
const EMBEDDED_VAPID_FILE = path.resolve('.data/vapid-keys.json');

let kept: VapidKeys | undefined;

export function vapidKeys(): VapidKeys {
  const configured = vapidKeysFromEnv();
  if (configured) return configured;
  kept ??= embeddedKeys(EMBEDDED_VAPID_FILE);
  return kept;
}

function embeddedKeys(file: string): VapidKeys {
  const existing = readKeys(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  const draft = `${file}.${randomUUID()}`;
  writeFileSync(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readKeys(file);
    if (!winner)
      throw new Error(`${file} is not a VAPID key pair: delete it to have a new pair made`, { cause: error });
    return winner;
  } finally {
    unlinkSync(draft);
  }
}

function readKeys(file: string): VapidKeys | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return tryParse(text);
}

function tryParse(text: string): VapidKeys | null {
  try {
    const value = JSON.parse(text) as Partial<VapidKeys>;
    return typeof value.publicKey === 'string' && typeof value.privateKey === 'string'
      ? { publicKey: value.publicKey, privateKey: value.privateKey }
      : null;
  } catch {
    return null;
  }
}
