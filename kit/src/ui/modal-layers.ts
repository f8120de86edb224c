/**
 * Two kinds of modal layer hide the rest of the page from assistive technology while open: the kit's
 * dialogs (Radix) and the shell's alerts (SweetAlert2). Each restores, on closing, what it saw when it
 * opened; interleaved (a dialog closing under an alert, or opening while an alert fades), one restores
 * the other's hiding and the whole portal stays aria-hidden. So after any layer closed: when no modal
 * layer is open any more, no top-level element stays hidden.
 */
export function releasePageWhenNoModalIsOpen(): void {
  // After the closing layer's own clean-up (its unmount, its close animation's end).
  setTimeout(() => {
    if (document.querySelector('[aria-modal="true"]')) return;
    for (const element of Array.from(document.body.children)) {
      if (element.getAttribute('aria-hidden') !== 'true' || element.tagName === 'SCRIPT') continue;
      element.removeAttribute('aria-hidden');
      element.removeAttribute('data-aria-hidden');
      element.removeAttribute('data-previous-aria-hidden');
    }
  }, 0);
}
