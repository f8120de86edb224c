import * as RadixTooltip from '@radix-ui/react-tooltip';
import { cloneElement, useId, useState, type MouseEvent, type ReactElement } from 'react';

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

/**
 * A tip that opens on hover, on keyboard focus and on touch (a tap toggles it), also for a disabled
 * control: a natively disabled button gets no focus or pointer events, so the kit renders it
 * aria-disabled instead, with its action switched off. The text is tied to the control by aria-describedby.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const disabled = Boolean(children.props.disabled);
  const trigger = cloneElement(children, {
    'aria-describedby': id,
    ...(disabled
      ? {
          disabled: false,
          'aria-disabled': true,
          onClick: (event: MouseEvent<HTMLElement>) => {
            event.preventDefault();
            setOpen((value) => !value);
          },
        }
      : {}),
  });
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild>{trigger}</RadixTooltip.Trigger>
        <span id={id} className="kl-visually-hidden">
          {content}
        </span>
        <RadixTooltip.Portal>
          {/* Screen readers already have the text as the control's description. */}
          <RadixTooltip.Content className="kl-tooltip" sideOffset={6} aria-hidden="true">
            {content}
            <RadixTooltip.Arrow className="kl-tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
