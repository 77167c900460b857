import type { ImageContentType } from '@clinic/shared';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Every PNG ends with the empty IEND chunk: its length (0), its name and its CRC.
const PNG_END = [0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82];

/** A PNG whose header chunk comes first and whose end chunk is there: not a signature alone nor a cut-off upload. */
const isWholePng = (bytes: Uint8Array) =>
  bytes.length >= PNG_SIGNATURE.length + 25 + PNG_END.length &&
  startsWith(bytes, ascii('IHDR'), 12) &&
  startsWith(bytes, PNG_END, bytes.length - PNG_END.length);

/** The image type the bytes themselves declare (JPEG, PNG, GIF, WebP), whatever the file is called; null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return isWholePng(bytes) ? 'image/png' : null;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) && startsWith(bytes, ascii('VP8'), 12))
    return 'image/webp';
  return null;
}
