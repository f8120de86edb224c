// SPEC §4: video links of the watch, short (youtu.be) and v/ forms are turned into the embed form; other
// links are used as they are. The privacy-enhanced host sets no cookies until the child presses play.
const EMBED_HOST = 'https://www.youtube-nocookie.com/embed/';
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

function videoIdOf(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be') return url.pathname.split('/')[1];
  if (!YOUTUBE_HOSTS.has(host)) return undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  const [, kind, id] = url.pathname.split('/');
  if (kind === 'v' || kind === 'shorts' || kind === 'embed') return id;
  return undefined;
}

export function toEmbedUrl(link: string): string {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return link;
  }
  const id = videoIdOf(url);
  if (!id || !VIDEO_ID.test(id)) return link;
  const start = url.searchParams.get('t') ?? url.searchParams.get('start');
  const seconds = start && /^\d+s?$/.test(start) ? `?start=${parseInt(start, 10)}` : '';
  return `${EMBED_HOST}${id}${seconds}`;
}
