import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

const fallback = { src: '/assets/founder-ceo.svg', width: 240, height: 240 };
const photo = {
  sources: {
    avif: '/assets/ceo-240.avif 240w, /assets/ceo-480.avif 480w, /assets/ceo-960.avif 960w',
    webp: '/assets/ceo-240.webp 240w, /assets/ceo-480.webp 480w, /assets/ceo-960.webp 960w',
    jpeg: '/assets/ceo-240.jpeg 240w, /assets/ceo-480.jpeg 480w, /assets/ceo-960.jpeg 960w',
  },
  img: { src: '/assets/ceo-960.jpeg', w: 960, h: 960 },
};

describe('ResponsiveImage', () => {
  it('offers AVIF, then WebP, then the JPEG, sized by the browser, with the intrinsic size and lazy loading', () => {
    const { container } = render(
      <ResponsiveImage photo={photo} fallback={fallback} alt="Alex Lindqvist" sizes="240px" className="portrait" />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('sizes')])).toEqual([
      ['image/avif', '240px'],
      ['image/webp', '240px'],
    ]);
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/assets/ceo-960.jpeg');
    expect(img).toHaveAttribute('srcset', photo.sources.jpeg);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('alt')]).toEqual([
      '960',
      '960',
      'lazy',
      'Alex Lindqvist',
    ]);
  });

  it('shows the illustration when no photo is given', () => {
    const { container } = render(<ResponsiveImage photo={undefined} fallback={fallback} alt="Illustrated portrait" sizes="240px" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/founder-ceo.svg');
    expect(container.querySelector('img')).toHaveAttribute('width', '240');
  });
});
