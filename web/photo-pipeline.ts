/**
 * How raster photos the founders supply become responsive images at build time (vite-imagetools on sharp): AVIF
 * and WebP at three widths plus a JPEG fallback, with the intrinsic width and height for the <img>, metadata (EXIF,
 * GPS) removed. Shared by the Vite config, the site config's photo lookup and the pipeline's own test.
 */
export const PHOTO_WIDTHS = [240, 480, 960] as const;

/** The import query every photo goes through (`?w=…&format=…&as=picture`). */
export const PHOTO_QUERY = { w: PHOTO_WIDTHS.join(';'), format: 'avif;webp;jpg', as: 'picture' } as const;

export const photoPipelineOptions = { removeMetadata: true } as const;
