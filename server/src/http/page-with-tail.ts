import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * A page that every visitor gets with the same long beginning and a short end of their own: the sign-up form's
 * token and attribution, which the web build puts last in the page (web/src/features/waitlist/signup-form-fields.tsx,
 * PerResponseFields). The beginning is compressed once, at start-up, up to a byte boundary without ending the
 * stream; each response appends its end as one stored (uncompressed) block and closes the stream. Both encodings
 * allow exactly this: Brotli an uncompressed meta-block and an empty last one (RFC 7932 §9.2), gzip stored blocks
 * (RFC 1951 §3.2.4) and a CRC-32 carried on from the beginning's (RFC 1952). A view then costs a copy and a checksum
 * of a few hundred bytes instead of a compressor of its own (issue 32: compressing the whole page on every view took
 * 2 ms of CPU, most of it in zlib and in the garbage collection of the compressors' buffers).
 */

export type PageEncoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: PageEncoding[] = ['br', 'gzip', 'identity'];

/** The encoding to answer in for an Accept-Encoding header (none, or none acceptable: the page as it is). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  return (negotiate(header, ENCODINGS) as PageEncoding | null) ?? 'identity';
}

/** The largest stored block of deflate (RFC 1951 §3.2.4: LEN is 16 bits). */
const STORED_BLOCK_MAX = 0xffff;
/** gzip's member header: deflate, no flags, no time, no extra flags, OS unknown (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** Brotli's empty last meta-block: ISLAST = 1, ISLASTEMPTY = 1, padded to the byte. */
const BROTLI_LAST_EMPTY = Buffer.from([0b11]);

/** One uncompressed Brotli meta-block holding `data` (1 byte to 16 MiB; RFC 7932 §9.2). */
export function brotliStoredBlock(data: Buffer): Buffer {
  const length = data.length;
  if (length === 0) return Buffer.alloc(0);
  if (length > 1 << 24) throw new RangeError('a Brotli meta-block holds at most 16 MiB');
  // MLEN - 1 in the fewest nibbles (4 to 6): more than 4 must not end in a zero nibble, which the fewest never do.
  const nibbles = length - 1 < 1 << 16 ? 4 : length - 1 < 1 << 20 ? 5 : 6;
  // Bits from the least significant: ISLAST = 0, MNIBBLES - 4 (2 bits), MLEN - 1, ISUNCOMPRESSED = 1, then padding.
  const bits = ((nibbles - 4) << 1) | ((length - 1) << 3) | (1 << (3 + 4 * nibbles));
  const header = Buffer.alloc(Math.ceil((4 + 4 * nibbles) / 8));
  for (let i = 0; i < header.length; i++) header[i] = (bits >>> (8 * i)) & 0xff;
  return Buffer.concat([header, data]);
}

/** `data` as deflate stored blocks, the last of them marked final. */
export function deflateStoredBlocks(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let start = 0; start === 0 || start < data.length; start += STORED_BLOCK_MAX) {
    const chunk = data.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL and BTYPE = 00 (stored), at a byte boundary, then LEN and its one's complement, little-endian.
    header[0] = start + STORED_BLOCK_MAX >= data.length ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  }
  return Buffer.concat(parts);
}

export interface PageWithTail {
  /** The whole body: the shared beginning and this response's `tail`, in `encoding`. */
  body(encoding: PageEncoding, tail: string): Buffer;
}

/** Compresses `head` once (the strongest settings: it is done at start-up) and answers any tail after it. */
export function pageWithTail(head: string): PageWithTail {
  const plain = Buffer.from(head, 'utf8');
  const brotliHead = zlib.brotliCompressSync(plain, {
    finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
  const gzipHead = Buffer.concat([
    GZIP_HEADER,
    zlib.deflateRawSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  ]);
  const headCrc = zlib.crc32(plain);

  return {
    body(encoding, tail) {
      const end = Buffer.from(tail, 'utf8');
      if (encoding === 'identity') return Buffer.concat([plain, end]);
      if (encoding === 'br') return Buffer.concat([brotliHead, brotliStoredBlock(end), BROTLI_LAST_EMPTY]);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(zlib.crc32(end, headCrc), 0);
      trailer.writeUInt32LE((plain.length + end.length) % 2 ** 32, 4);
      return Buffer.concat([gzipHead, deflateStoredBlocks(end), trailer]);
    },
  };
}
