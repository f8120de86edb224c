import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, type ReactNode } from 'react';
import { releasePageWhenNoModalIsOpen } from './modal-layers';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The close button's accessible name. */
  closeLabel?: string;
  children: ReactNode;
}

/** A dialog: focus trapped inside, Escape and the close button close it, focus returns to the opener. */
export function Modal({ open, onOpenChange, title, description, closeLabel = 'Close', children }: ModalProps) {
  // Opened from any control (not a Radix trigger): remember it, and give focus back to it on close.
  const opener = useRef<HTMLElement | null>(null);
  // Closed, or removed by its parent while open: see modal-layers.ts.
  useEffect(() => {
    if (!open) releasePageWhenNoModalIsOpen();
  }, [open]);
  useEffect(() => () => releasePageWhenNoModalIsOpen(), []);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="kl-modal__overlay" />
        {/* Without a description, Radix wants aria-describedby explicitly unset. */}
        <Dialog.Content
          className="kl-modal"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <Dialog.Title className="kl-modal__title">{title}</Dialog.Title>
          {description && <Dialog.Description className="kl-modal__description">{description}</Dialog.Description>}
          {children}
          <Dialog.Close className="kl-btn kl-btn--ghost kl-modal__close" aria-label={closeLabel}>
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
