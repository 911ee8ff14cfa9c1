// Reads a Web Push message as the receiving browser does: the aes128gcm content coding (RFC 8188)
// with the keys of RFC 8291 (the browser's P-256 key pair and auth secret, the sender's key in the
// record header). For the development phone at /dev/push (sandbox-phone.ts); web-push encrypts
// what it reads, so a mismatch between the two shows at once.
import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';

export interface ReceiverKeys {
  /** The receiver's P-256 private key (32 bytes) and uncompressed public key (65 bytes). */
  privateKey: Buffer;
  publicKey: Buffer;
  /** The 16-byte auth secret. */
  auth: Buffer;
}

export class PushDecryptError extends Error {
  override name = 'PushDecryptError';
}

const HEADER_BYTES = 16 + 4 + 1;
const TAG_BYTES = 16;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The plaintext of one aes128gcm message (one record, as browsers' push services deliver). */
export function decryptPush(body: Buffer, keys: ReceiverKeys): Buffer {
  if (body.length < HEADER_BYTES) throw new PushDecryptError('message shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new PushDecryptError('the key id is not a P-256 public key');
  const senderKey = body.subarray(HEADER_BYTES, HEADER_BYTES + idLength);
  const record = body.subarray(HEADER_BYTES + idLength);
  if (record.length <= TAG_BYTES || record.length > recordSize) throw new PushDecryptError('bad record size');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  let secret: Buffer;
  try {
    secret = ecdh.computeSecret(senderKey);
  } catch (error) {
    throw new PushDecryptError('the sender key is not a P-256 point', { cause: error });
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = hkdf(keys.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch (error) {
    throw new PushDecryptError('the message does not decrypt with these keys', { cause: error });
  }
  // The content, then the last record's delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new PushDecryptError('no last-record delimiter');
  return padded.subarray(0, end);
}

/** A receiver's keys from a subscription's base64url fields and its private key. */
export function receiverKeys(privateKey: string, publicKey: string, auth: string): ReceiverKeys {
  return {
    privateKey: Buffer.from(privateKey, 'base64url'),
    publicKey: Buffer.from(publicKey, 'base64url'),
    auth: Buffer.from(auth, 'base64url'),
  };
}
