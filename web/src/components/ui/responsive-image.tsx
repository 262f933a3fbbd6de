import type { Picture } from 'vite-imagetools';

export interface StaticImage {
  src: string;
  width: number;
  height: number;
}

/**
 * A photo as <picture> (AVIF, then WebP, then the JPEG), sized by the browser from `sizes`, or the fallback image
 * when there is no photo. Always with width and height (no layout shift) and lazy below the fold.
 */
export function ResponsiveImage({
  photo,
  fallback,
  alt,
  className,
  sizes,
  lazy = true,
}: {
  photo: Picture | undefined;
  fallback: StaticImage;
  alt: string;
  className?: string;
  sizes: string;
  lazy?: boolean;
}) {
  const loading = lazy ? 'lazy' : undefined;
  if (!photo) {
    return (
      <img
        className={className}
        src={fallback.src}
        alt={alt}
        width={fallback.width}
        height={fallback.height}
        loading={loading}
        decoding="async"
      />
    );
  }
  return (
    <picture>
      {Object.entries(photo.sources)
        .filter(([format]) => format !== 'jpg' && format !== 'jpeg')
        .map(([format, srcSet]) => (
          <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
        ))}
      <img
        className={className}
        src={photo.img.src}
        srcSet={photo.sources.jpg ?? photo.sources.jpeg}
        sizes={sizes}
        alt={alt}
        width={photo.img.w}
        height={photo.img.h}
        loading={loading}
        decoding="async"
      />
    </picture>
  );
}
