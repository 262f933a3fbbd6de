import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brotliStoredBlock, deflateStoredBlocks, pageEncoding, pageWithTail } from './page-with-tail';

const decoded = (encoding: string, body: Buffer) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

describe('a page compressed once with a tail of its own per response', () => {
  const head = `<!doctype html><html lang="sv"><body>${'<p>Innovation, åäö — “quoted” ✓</p>'.repeat(800)}`;
  const page = pageWithTail(head);

  it('decodes, in each encoding, to the beginning and exactly the tail it was given', () => {
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      for (const tail of ['', '<input value="a"/></body></html>', 'ö'.repeat(5000)]) {
        expect(decoded(encoding, page.body(encoding, tail))).toBe(head + tail);
      }
    }
  });

  it('holds for any tail, including ones longer than a stored block (64 KB) or past 4 and 5 nibbles of length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom(0, 65_534, 65_535, 65_536, 70_000), (text, pad) => {
        const tail = text + 'x'.repeat(pad);
        expect(decoded('br', page.body('br', tail))).toBe(head + tail);
        expect(decoded('gzip', page.body('gzip', tail))).toBe(head + tail);
      }),
      { numRuns: 40 },
    );
    const long = 'y'.repeat((1 << 20) + 3);
    expect(decoded('br', page.body('br', long))).toBe(head + long);
  });

  it('stays small: the shared beginning compressed, the tail as it is', () => {
    const tail = '<input type="hidden" name="formToken" value="abcdefghijklmnopqrstuv"/></div></body></html>';
    const br = page.body('br', tail).length;
    expect(br).toBeLessThan(zlib.brotliCompressSync(Buffer.from(head + tail)).length + tail.length + 8);
    expect(page.body('gzip', tail).length).toBeLessThan(zlib.gzipSync(Buffer.from(head + tail)).length + tail.length + 16);
  });

  it('writes the blocks the standards describe', () => {
    // RFC 7932 §9.2: 4 nibbles for 1 to 65,536 bytes; ISLAST 0, MNIBBLES 0, MLEN-1, ISUNCOMPRESSED 1.
    expect([...brotliStoredBlock(Buffer.from('A')).subarray(0, 3)]).toEqual([0, 0, 0x08]);
    expect(brotliStoredBlock(Buffer.alloc(0))).toHaveLength(0);
    // RFC 1951 §3.2.4: BFINAL/BTYPE byte, LEN, NLEN.
    expect([...deflateStoredBlocks(Buffer.from('AB'))]).toEqual([1, 2, 0, 0xfd, 0xff, 0x41, 0x42]);
    expect([...deflateStoredBlocks(Buffer.alloc(0))]).toEqual([1, 0, 0, 0xff, 0xff]);
  });

  it('answers in the encoding the client prefers among br, gzip and none', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pageEncoding(undefined)).toBe('identity');
    expect(pageEncoding('deflate')).toBe('identity');
    expect(pageEncoding('*')).toBe('br');
  });
});
