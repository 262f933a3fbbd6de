import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendVisitBeacon } from './visit-beacon';

describe('the visit beacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the path, the campaign tags and the referring site only, never other query values or the full referrer', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    sendVisitBeacon(
      { pathname: '/', search: '?utm_source=linkedin&token=secret-token&utm_campaign=launch' },
      'https://www.linkedin.com/feed/update/123?trk=x',
    );
    expect(sendBeacon).toHaveBeenCalledWith(
      '/api/visit',
      JSON.stringify({ url: '/?utm_source=linkedin&utm_campaign=launch', referrer: 'https://www.linkedin.com' }),
    );
    sendVisitBeacon({ pathname: '/about', search: '' }, '');
    expect(sendBeacon).toHaveBeenLastCalledWith('/api/visit', JSON.stringify({ url: '/about' }));
  });

  it('does nothing where sendBeacon is missing', () => {
    vi.stubGlobal('navigator', {});
    expect(() => sendVisitBeacon({ pathname: '/', search: '' }, '')).not.toThrow();
  });
});
