// Reads a Web Push message as the receiving browser does: the aes128gcm content coding (RFC 8188)
// with the keys of RFC 8291 (the browser's P-256 key pair and auth secret, the sender's key in the
// record header). For the development phone at /dev/push (sandbox-phone.ts); web-push encrypts
// what it reads, so a mismatch between the two shows at once. The tests' push service
// (tests/helpers/push-service.ts) decrypts with it too.
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
const SALT_BYTES = 16;
const POINT_BYTES = 65;
/** RFC 8188 §2.1: a record holds at least one octet of delimiter and the 16-octet tag. */
const MIN_RECORD_SIZE = 18;
const LAST_RECORD_DELIMITER = 0x02;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The aes128gcm header (RFC 8188 §2.1) and the one record after it. */
function splitMessage(body: Buffer) {
  if (body.length < HEADER_BYTES) throw new PushDecryptError('body shorter than the aes128gcm header');
  const recordSize = body.readUInt32BE(SALT_BYTES);
  const idLength = body[HEADER_BYTES - 1]!;
  if (recordSize < MIN_RECORD_SIZE) throw new PushDecryptError('record size too small');
  if (idLength !== POINT_BYTES) throw new PushDecryptError('keyid is not a P-256 public key');
  const record = body.subarray(HEADER_BYTES + idLength);
  if (record.length <= TAG_BYTES) throw new PushDecryptError('record too short');
  if (record.length > recordSize) throw new PushDecryptError('more than one record');
  return {
    salt: body.subarray(0, SALT_BYTES),
    senderKey: body.subarray(HEADER_BYTES, HEADER_BYTES + idLength),
    record,
  };
}

/** The content encryption key and nonce of RFC 8291 §3.4 for one message. */
function messageKeys(keys: ReceiverKeys, salt: Buffer, senderKey: Buffer) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  let secret: Buffer;
  try {
    secret = ecdh.computeSecret(senderKey);
  } catch (error) {
    throw new PushDecryptError('keyid is not a P-256 public key', { cause: error });
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = hkdf(keys.auth, secret, keyInfo, 32);
  return {
    key: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** The plaintext of one aes128gcm message (one record, as browsers' push services deliver). */
export function decryptPush(body: Buffer, keys: ReceiverKeys): Buffer {
  const { salt, senderKey, record } = splitMessage(body);
  const { key, nonce } = messageKeys(keys, salt, senderKey);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(record.subarray(-TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, -TAG_BYTES)), decipher.final()]);
  } catch (error) {
    throw new PushDecryptError('decryption failed', { cause: error });
  }
  // The content, then the last record's delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== LAST_RECORD_DELIMITER) throw new PushDecryptError('no last-record delimiter');
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
