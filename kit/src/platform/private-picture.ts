import { useEffect, useState } from 'react';
import { usePlatform } from './PlatformProvider';

/** A learner's own photo (content's `/photos/{id}`) is served only with the viewer's token. */
export function isPrivatePicture(url: string, gatewayUrl: string): boolean {
  try {
    const picture = new URL(url, gatewayUrl);
    return picture.origin === new URL(gatewayUrl).origin && picture.pathname.startsWith('/photos/');
  } catch {
    return false;
  }
}

/**
 * The address an `<img>` can show for `url`: a public picture (an avatar, a social sign-in picture) as
 * it is; a private photo fetched with the signed-in user's token and shown from a blob URL (an `<img>`
 * cannot send a bearer token, and photos are not served to anyone who merely holds the link). Resolves
 * to undefined while loading or when the photo cannot be read, so the caller shows its default picture.
 */
export function usePrivatePicture(url: string | undefined): string | undefined {
  const { auth, config } = usePlatform();
  const isPrivate = !!url && isPrivatePicture(url, config.gatewayUrl);
  const [blobUrl, setBlobUrl] = useState<string>();

  useEffect(() => {
    if (!url || !isPrivate) return undefined;
    let current = true;
    let made: string | undefined;
    void (async () => {
      try {
        const token = await auth.getToken();
        const res = await fetch(new URL(url, config.gatewayUrl), { headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (!res.ok) throw new Error(`photo: HTTP ${res.status}`);
        const blob = await res.blob();
        if (!current) return;
        made = URL.createObjectURL(blob);
        setBlobUrl(made);
      } catch (err) {
        console.error('Loading the profile photo failed', err);
      }
    })();
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
      setBlobUrl(undefined);
    };
  }, [url, isPrivate, auth, config.gatewayUrl]);

  return isPrivate ? blobUrl : url;
}
