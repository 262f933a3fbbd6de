import { siteConfig } from '../config/site';
import { useLocale } from '../lib/locale';
import { paths } from './paths';

/** The brand mark (decorative: the brand name is always next to it). */
export function Logo() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 23 16 8l7 15h-4l-3-7-3 7z" fill="#fff" />
    </svg>
  );
}

/** The brand mark and name, linking home (the header's, and the footer's on the dark background). */
export function BrandLink({ inverse = false }: { inverse?: boolean }) {
  const { href } = useLocale();
  return (
    <a href={href(paths.home)} className={inverse ? 'logo logo-inverse' : 'logo'}>
      <Logo />
      <span>{siteConfig.name}</span>
    </a>
  );
}
