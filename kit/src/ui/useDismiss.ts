import { useEffect, type RefObject } from 'react';

/**
 * While `open`, Escape closes (and gives focus back to `returnFocus`), and so does a pointer press
 * outside `container`: the behaviour of a disclosure menu (the navbar's, the dashboard's).
 */
export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, returnFocus?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      returnFocus?.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, returnFocus]);
}
