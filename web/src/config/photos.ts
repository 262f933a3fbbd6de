import type { Picture } from 'vite-imagetools';

/**
 * The founders' photos in web/src/assets/photos/, each made responsive by the build (web/photo-pipeline.ts; the
 * query below must stay a literal for Vite). The site config names a file; none named: the SVG illustration.
 */
const PHOTOS = import.meta.glob<Picture>('../assets/photos/*.{jpg,jpeg,png,webp}', {
  eager: true,
  import: 'default',
  query: { w: '240;480;960', format: 'avif;webp;jpg', as: 'picture' },
});

export function photoNamed(file: string | undefined): Picture | undefined {
  if (!file) return undefined;
  const match = Object.entries(PHOTOS).find(([path]) => path.endsWith(`/photos/${file}`));
  if (!match) throw new Error(`The site config names the photo "${file}", which is not in web/src/assets/photos/`);
  return match[1];
}
