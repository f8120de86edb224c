import { useEffect, useState } from 'react';
import { usePublic } from '../../api/public-api';

/** Fetches one of this remote's static content files; failures are only logged (SPEC §8). */
export function useStaticJson<T>(file: string): T | undefined {
  const { contentBase } = usePublic();
  const [data, setData] = useState<T>();
  useEffect(() => {
    let active = true;
    fetch(new URL(file, contentBase).href)
      .then((res) => {
        if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
        return res.json() as Promise<T>;
      })
      .then((body) => active && setData(body))
      .catch((error: unknown) => console.error(`Loading ${file} failed`, error));
    return () => {
      active = false;
    };
  }, [file, contentBase]);
  return data;
}

export function useAssetUrl() {
  const { contentBase } = usePublic();
  return (path: string) => new URL(path, contentBase).href;
}
