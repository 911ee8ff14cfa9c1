// Image checks for uploads without native code: the type by its first bytes (never the file name),
// and the metadata a phone writes (EXIF with GPS position, XMP, text chunks) removed by walking the
// container's segments or chunks. Pixel data is copied byte for byte.
export type ImageKind = 'jpg' | 'png' | 'webp';

export const IMAGE_TYPES: Record<ImageKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The file starts like an image but its structure is broken (truncated, bad lengths). */
export class MalformedImageError extends Error {
  constructor(kind: ImageKind) {
    super(`Malformed ${kind} file`);
    this.name = 'MalformedImageError';
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/** The image without its metadata; the same array when there was nothing to remove. */
export function stripMetadata(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  if (sniffImage(bytes) !== kind) throw new MalformedImageError(kind);
  const kept = kind === 'jpg' ? jpegParts(bytes) : kind === 'png' ? pngParts(bytes) : webpParts(bytes);
  if (!kept) throw new MalformedImageError(kind);
  if (kept.length === 1 && kept[0]!.length === bytes.length) return bytes;
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  if (kind === 'webp') new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

/** Adds [from, to) to the parts, merging with the previous part when contiguous. */
function keep(parts: Uint8Array[], bytes: Uint8Array, from: number, to: number): void {
  const last = parts.at(-1);
  if (last && last.byteOffset + last.length === bytes.byteOffset + from && last.buffer === bytes.buffer) {
    parts[parts.length - 1] = bytes.subarray(last.byteOffset - bytes.byteOffset, to);
  } else {
    parts.push(bytes.subarray(from, to));
  }
}

// JPEG: APP1 holds EXIF and XMP, APP13 Photoshop/IPTC data (which may carry a location). APP0
// (JFIF), APP2 (ICC profile) and APP14 (Adobe colour transform) are needed to show the image.
const DROPPED_JPEG_MARKERS = new Set([0xe1, 0xed]);

function jpegParts(bytes: Uint8Array): Uint8Array[] | null {
  const parts: Uint8Array[] = [];
  keep(parts, bytes, 0, 2);
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) return null;
    let marker = bytes[at + 1]!;
    let start = at;
    // Fill bytes (0xFF repeated) may precede a marker.
    while (marker === 0xff) {
      start += 1;
      if (start + 1 >= bytes.length) return null;
      marker = bytes[start + 1]!;
    }
    at = start + 2;
    if (marker === 0xd9) {
      keep(parts, bytes, start, at);
      return parts; // anything after the end of image is dropped
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      keep(parts, bytes, start, at);
      continue;
    }
    if (at + 2 > bytes.length) return null;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2 || at + length > bytes.length) return null;
    at += length;
    if (!DROPPED_JPEG_MARKERS.has(marker)) keep(parts, bytes, start, at);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      const from = at;
      while (at + 1 < bytes.length) {
        const next = bytes[at + 1]!;
        if (bytes[at] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        at += 1;
      }
      if (at + 1 >= bytes.length) return null;
      keep(parts, bytes, from, at);
    }
  }
}

// PNG: eXIf is EXIF; tEXt/zTXt/iTXt carry XMP and "Raw profile type exif" text, so they go too.
const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function pngParts(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [];
  keep(parts, bytes, 0, 8);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    if (!DROPPED_PNG_CHUNKS.has(type)) keep(parts, bytes, at, end);
    at = end;
    if (type === 'IEND') return parts;
  }
  return null;
}

// WebP: EXIF and XMP chunks exist only in the extended format, whose VP8X header flags them.
const DROPPED_WEBP_CHUNKS = new Set(['EXIF', 'XMP ']);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function webpParts(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = 8 + view.getUint32(4, true);
  if (end > bytes.length || end < 12) return null;
  const parts: Uint8Array[] = [];
  keep(parts, bytes, 0, 12);
  let at = 12;
  while (at < end) {
    if (at + 8 > end) return null;
    const type = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const next = at + 8 + size + (size % 2);
    if (at + 8 + size > end) return null;
    const chunkEnd = Math.min(next, end);
    if (type === 'VP8X' && size >= 1 && bytes[at + 8]! & (VP8X_EXIF_FLAG | VP8X_XMP_FLAG)) {
      const header = bytes.slice(at, chunkEnd);
      header[8] = header[8]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      parts.push(header);
    } else if (!DROPPED_WEBP_CHUNKS.has(type)) {
      keep(parts, bytes, at, chunkEnd);
    }
    at = next;
  }
  return parts;
}
