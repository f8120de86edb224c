import { toEmbedUrl } from './embed-url';

describe('video link → embed form (SPEC §4)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL1', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ])('when the link is %s, then the frame plays %s', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it.each([['https://vimeo.com/12345'], ['https://example.com/watch?v=dQw4w9WgXcQ'], ['not a url'], ['https://www.youtube.com/watch?v=<script>']])(
    'when the link is %s, then it is used as it is',
    (link) => {
      expect(toEmbedUrl(link)).toBe(link);
    },
  );
});
