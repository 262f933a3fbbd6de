// mailsplit (the MIME splitter mailparser is built on) ships no types: the part lib/bounces/mime.ts uses.
declare module 'mailsplit' {
  import type { Transform } from 'node:stream';

  interface MimeNode {
    type: 'node';
    contentType: string | false;
    charset: string | false;
    disposition: string | false;
    multipart: string | false;
    /** A header's first value, unfolded and decoded; '' when absent. */
    headers: { getFirst(name: string): string };
    getDecoder(): Transform;
  }
  type SplitterChunk = MimeNode | { type: 'body' | 'data'; value: Buffer };

  export class Splitter extends Transform {
    constructor(options?: { ignoreEmbedded?: boolean; maxHeadSize?: number });
    on(event: 'data', listener: (chunk: SplitterChunk) => void): this;
    on(event: 'end' | 'finish', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
}
