import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type ImageKind,
  MalformedImageError,
  sniffImage,
  stripMetadata,
} from '../../src/server/platform/uploads/image.ts';

const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u16be = (n: number): number[] => [n >> 8, n & 0xff];
const u32be = (n: number): Buffer => Buffer.from([n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const u32le = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const contains = (haystack: Uint8Array, needle: string): boolean =>
  Buffer.from(haystack).includes(Buffer.from(needle, 'latin1'));

/** An EXIF (TIFF) block whose GPS IFD tag is followed by a position. */
const EXIF_BODY = bytes('MM', [0, 0x2a, 0, 0, 0, 8], [0x88, 0x25], 'GPS 39.7589N 84.1916W');

// JPEG: SOI, segments (marker + big-endian length including itself), scan data, EOI.
const segment = (marker: number, payload: Uint8Array): Uint8Array =>
  bytes([0xff, marker], u16be(payload.length + 2), payload);
const JFIF = segment(0xe0, bytes('JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]));
const DQT = segment(0xdb, bytes([0], new Uint8Array(64).fill(1)));
const SOF0 = segment(0xc0, bytes([8, 0, 1, 0, 1, 1, 1, 0x11, 0]));
const SOS = segment(0xda, bytes([1, 1, 0, 0, 0x3f, 0]));
// Entropy-coded data with a stuffed 0xFF00 and a restart marker, as real scans have.
const SCAN = bytes([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
const jpeg = (...metadata: Uint8Array[]): Uint8Array =>
  bytes([0xff, 0xd8], JFIF, ...metadata, DQT, SOF0, SOS, SCAN, [0xff, 0xd9]);

// PNG: signature, chunks of length + type + data + CRC, IEND last.
const chunk = (type: string, data: Uint8Array): Uint8Array =>
  bytes(u32be(data.length), type, data, u32be(crc32(bytes(type, data))));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = chunk('IHDR', bytes(u32be(1), u32be(1), [8, 6, 0, 0, 0]));
const IDAT = chunk('IDAT', bytes([0x78, 0x9c, 0x63, 0x60, 0, 0, 0, 4, 0, 1]));
const png = (...metadata: Uint8Array[]): Uint8Array =>
  bytes(PNG_SIGNATURE, IHDR, ...metadata, IDAT, chunk('IEND', new Uint8Array()));

// WebP (extended): RIFF size WEBP, then chunks of fourcc + little-endian size + data (+ pad byte).
const riffChunk = (type: string, data: Uint8Array): Uint8Array =>
  bytes(type, u32le(data.length), data, data.length % 2 ? [0] : []);
const vp8x = (flags: number): Uint8Array => riffChunk('VP8X', bytes([flags, 0, 0, 0], [0, 0, 0], [0, 0, 0]));
const VP8L = riffChunk('VP8L', bytes([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0x08, 0x08]));
const webp = (flags: number, ...metadata: Uint8Array[]): Uint8Array => {
  const body = bytes('WEBP', vp8x(flags), VP8L, ...metadata);
  return bytes('RIFF', u32le(body.length), body);
};
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;
const ALPHA_FLAG = 0x10;
const XMP = '<x:xmpmeta><exif:GPSLatitude>39,45.5N</exif:GPSLatitude></x:xmpmeta>';

describe('sniffImage', () => {
  it.each<[string, Uint8Array, ImageKind | null]>([
    ['a JPEG', jpeg(), 'jpg'],
    ['a PNG', png(), 'png'],
    ['a WebP', webp(0), 'webp'],
    ['text', bytes('just some text, named photo.jpg'), null],
    ['an empty file', new Uint8Array(), null],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0]), null],
    ['a RIFF that is not WebP', bytes('RIFF', u32le(4), 'WAVE'), null],
    ['half a PNG signature', bytes(PNG_SIGNATURE.slice(0, 4)), null],
  ])('%s is %s', (_name, input, kind) => {
    expect(sniffImage(input)).toBe(kind);
  });
});

describe('stripMetadata', () => {
  it('drops the JPEG EXIF and XMP segments and keeps the rest byte for byte', () => {
    const exif = segment(0xe1, bytes('Exif\0\0', EXIF_BODY));
    const xmp = segment(0xe1, bytes('http://ns.adobe.com/xap/1.0/\0', XMP));
    const stripped = stripMetadata(jpeg(exif, xmp), 'jpg');
    for (const word of ['Exif', 'GPS', 'xmpmeta']) expect(contains(stripped, word)).toBe(false);
    expect([...stripped.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stripped.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(Buffer.from(stripped).equals(Buffer.from(jpeg()))).toBe(true);
  });

  it('drops the PNG eXIf and text chunks and keeps the signature, IHDR and IEND', () => {
    const exif = chunk('eXIf', EXIF_BODY);
    const text = chunk('tEXt', bytes('Raw profile type exif\0', 'Exif GPS'));
    const xmp = chunk('iTXt', bytes('XML:com.adobe.xmp\0\0\0\0\0', XMP));
    const stripped = stripMetadata(png(exif, text, xmp), 'png');
    for (const word of ['Exif', 'eXIf', 'GPS', 'xmpmeta']) expect(contains(stripped, word)).toBe(false);
    expect([...stripped.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(stripped.subarray(-12)).equals(Buffer.from(chunk('IEND', new Uint8Array())))).toBe(
      true,
    );
    expect(Buffer.from(stripped).equals(Buffer.from(png()))).toBe(true);
  });

  it('drops the WebP EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', () => {
    const exif = riffChunk('EXIF', bytes('Exif\0\0', EXIF_BODY));
    const xmp = riffChunk('XMP ', bytes(XMP));
    const stripped = stripMetadata(webp(ALPHA_FLAG | EXIF_FLAG | XMP_FLAG, exif, xmp), 'webp');
    for (const word of ['Exif', 'EXIF', 'GPS', 'XMP ', 'xmpmeta'])
      expect(contains(stripped, word)).toBe(false);
    expect(Buffer.from(stripped.subarray(0, 4)).toString('latin1')).toBe('RIFF');
    expect(Buffer.from(stripped).readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]).toBe(ALPHA_FLAG);
    expect(Buffer.from(stripped).equals(Buffer.from(webp(ALPHA_FLAG)))).toBe(true);
  });

  it.each<[ImageKind, Uint8Array]>([
    ['jpg', jpeg()],
    ['png', png()],
    ['webp', webp(ALPHA_FLAG)],
  ])('returns a %s without metadata unchanged', (kind, input) => {
    expect(stripMetadata(input, kind)).toBe(input);
  });

  it.each<[ImageKind, Uint8Array]>([
    ['jpg', jpeg().subarray(0, 30)],
    ['png', png().subarray(0, 40)],
    ['webp', webp(0).subarray(0, 24)],
    ['jpg', png()],
  ])('refuses a broken %s', (kind, input) => {
    expect(() => stripMetadata(input, kind)).toThrow(MalformedImageError);
  });
});
