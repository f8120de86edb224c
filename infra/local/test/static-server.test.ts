import { cacheControlFor, parseArgs } from '../src/static-server';

describe('the local static server', () => {
  it.each(['/main.861c5fad.js', '/470.24724c10.js', '/7518e5fc5bb8fa9c0995.svg'])('when %s is asked for (content-hashed), then it may be cached for a year', (path) => {
    expect(cacheControlFor(path)).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/about', '/remoteEntry.js', '/config.json', '/Faq.json', '/content/features.json', '/images/abacus.svg', '/logo.svg'])(
    'when %s is asked for (same name, new content after a deploy), then it is revalidated each time',
    (path) => {
      expect(cacheControlFor(path)).toBe('no-cache');
    },
  );

  it('when started for a remote, then it reads the folder, port and flags', () => {
    expect(parseArgs(['dist', '--port', '3001', '--cors'])).toMatchObject({ port: 3001, host: '127.0.0.1', single: false, cors: true });
    expect(() => parseArgs(['dist'])).toThrow('--port');
  });
});
