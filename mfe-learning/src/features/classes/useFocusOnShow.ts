import { useEffect, useRef } from 'react';

/** Moves keyboard focus to the returned element whenever `key` changes (a part or the quiz opened). */
export function useFocusOnShow<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
