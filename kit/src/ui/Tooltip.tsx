import * as RadixTooltip from '@radix-ui/react-tooltip';
import { cloneElement, useId, useState, type ReactElement } from 'react';

export interface TooltipProps {
  content: string;
  /** One element; a disabled button is wrapped in a focusable span so the tip still opens. */
  children: ReactElement<{ disabled?: boolean; 'aria-describedby'?: string }>;
}

/**
 * A tip that opens on hover, on keyboard focus and on touch (a tap toggles it), also around a disabled
 * button, which itself gets no pointer or focus events. The text is tied to the control by aria-describedby.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const disabled = Boolean(children.props.disabled);
  const described = cloneElement(children, { 'aria-describedby': id });
  const trigger = disabled ? (
    // The span takes focus and touches for the disabled control; the control stays disabled.
    <span className="kl-tooltip-trigger" tabIndex={0} aria-describedby={id} onClick={() => setOpen((value) => !value)}>
      {described}
    </span>
  ) : (
    described
  );
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild>{trigger}</RadixTooltip.Trigger>
        <span id={id} className="kl-visually-hidden">
          {content}
        </span>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="kl-tooltip" sideOffset={6} aria-hidden="true">
            {content}
            <RadixTooltip.Arrow className="kl-tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
