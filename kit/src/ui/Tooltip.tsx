import { cloneElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { useDismiss } from './useDismiss';

type TriggerProps = {
  disabled?: boolean;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

export interface TooltipProps {
  content: string;
  /** One control. A disabled one stays focusable (aria-disabled) so its tip can still be reached. */
  children: ReactElement<TriggerProps>;
}

const GAP = 8;
const EDGE = 8;

/** Above the control, centred; below it when there is no room above; kept inside the viewport. */
function placeBubble(anchor: DOMRect, bubble: DOMRect): CSSProperties {
  const above = anchor.top - GAP - bubble.height;
  const top = above >= EDGE ? above : anchor.bottom + GAP;
  const centred = anchor.left + anchor.width / 2 - bubble.width / 2;
  const left = Math.min(Math.max(centred, EDGE), window.innerWidth - bubble.width - EDGE);
  return { position: 'fixed', top, left };
}

/**
 * A tip that opens on hover, on keyboard focus and on touch (a tap opens it), also for a disabled
 * control: a natively disabled button gets no focus or pointer events, so the kit renders it
 * aria-disabled instead, with its action switched off. The text is tied to the control by
 * aria-describedby, so screen readers have it without the bubble; the bubble is for the eyes only.
 * Escape or a press elsewhere closes it and the pointer may rest on it (WCAG 1.4.13); scrolling closes it.
 *
 * Not built on a primitives library, unlike the kit's dialog and accordion: it moves no focus and has
 * no role, and Radix's tooltip cost a remote ~20 KB gzip of positioning code on its first screen
 * (the gift shop shows one on every unaffordable gift). The kit's budget is 15 KB per remote.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', visibility: 'hidden' });
  const id = useId();
  const anchor = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, anchor);
  // Leaving the control for the bubble keeps it open (the pointer may move onto the tip to read it).
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stay = () => clearTimeout(leaving.current);
  const leave = () => {
    clearTimeout(leaving.current);
    leaving.current = setTimeout(close, 150);
  };
  useEffect(() => () => clearTimeout(leaving.current), []);

  useLayoutEffect(() => {
    if (!open) return;
    const control = anchor.current?.firstElementChild;
    if (control && bubble.current) setStyle(placeBubble(control.getBoundingClientRect(), bubble.current.getBoundingClientRect()));
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', close, { capture: true });
      setStyle({ position: 'fixed', visibility: 'hidden' });
    };
  }, [open, close]);

  const disabled = Boolean(children.props.disabled);
  const trigger = cloneElement(children, {
    'aria-describedby': id,
    ...(disabled
      ? {
          disabled: false,
          'aria-disabled': true,
          onClick: (event: MouseEvent<HTMLElement>) => {
            event.preventDefault();
            // Opens (a tap also focuses, which opened it already: a toggle would close it again).
            setOpen(true);
          },
        }
      : {}),
  });
  return (
    <span
      ref={anchor}
      className="kl-tooltip-anchor"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        stay();
        setOpen(true);
      }}
      onPointerLeave={(event) => event.pointerType === 'mouse' && leave()}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {trigger}
      <span id={id} className="kl-visually-hidden">
        {content}
      </span>
      {open &&
        createPortal(
          <span ref={bubble} className="kl-tooltip" style={style} aria-hidden="true" onPointerEnter={stay} onPointerLeave={leave}>
            {content}
          </span>,
          document.body,
        )}
    </span>
  );
}
