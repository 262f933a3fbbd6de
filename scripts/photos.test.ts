import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { build } from 'vite';
import { imagetools } from 'vite-imagetools';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_QUERY, PHOTO_WIDTHS, photoPipelineOptions } from '../web/photo-pipeline';

/**
 * The photo pipeline on a photo generated here (never in the shipped config): a 1,200 px JPEG with camera metadata
 * goes through the same Vite plugin and query as the founders' photos.
 */
describe('the founders’ photo pipeline', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes AVIF, WebP and JPEG at each width, with the intrinsic size, and drops the metadata', async () => {
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4338ca' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Placeholder Person', Copyright: 'test' } })
      .toFile(path.join(dir, 'placeholder.jpg'));
    const query = new URLSearchParams(PHOTO_QUERY).toString();
    fs.writeFileSync(path.join(dir, 'main.js'), `import picture from './placeholder.jpg?${query}';\nexport default picture;\n`);
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [imagetools(photoPipelineOptions)],
      build: {
        outDir: path.join(dir, 'dist'),
        assetsInlineLimit: 0,
        lib: { entry: path.join(dir, 'main.js'), formats: ['es'], fileName: 'photo' },
      },
    });
    const out = fs.readdirSync(path.join(dir, 'dist')).find((f) => /^photo\.m?js$/.test(f))!;
    const { default: picture } = (await import(path.join(dir, 'dist', out))) as {
      default: { sources: Record<string, string>; img: { src: string; w: number; h: number } };
    };

    expect(Object.keys(picture.sources).sort()).toEqual(['avif', 'jpeg', 'webp']);
    for (const srcset of Object.values(picture.sources)) {
      expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(PHOTO_WIDTHS.map((w) => `${w}w`));
    }
    expect(picture.img).toMatchObject({ w: 960, h: 720 });

    // A library build keeps the files beside the module (the site's build hashes them into assets/).
    const files = fs.readdirSync(path.join(dir, 'dist'));
    expect(files.filter((f) => f.endsWith('.avif'))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(3);
    const webps = files.filter((f) => f.endsWith('.webp')).map((f) => path.join(dir, 'dist', f));
    const sizes = await Promise.all(webps.map((f) => sharp(f).metadata()));
    expect(sizes.map((m) => m.width).sort((a, b) => a! - b!)).toEqual([...PHOTO_WIDTHS]);
    expect(sizes.every((m) => m.exif === undefined)).toBe(true);
  });

  it('is the query the site config uses (Vite needs it as a literal there)', () => {
    const config = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'web', 'src', 'config', 'photos.ts'), 'utf8');
    expect(config).toContain(`query: { w: '${PHOTO_QUERY.w}', format: '${PHOTO_QUERY.format}', as: '${PHOTO_QUERY.as}' }`);
  });
});
