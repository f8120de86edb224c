// The platform's feedback service (SPEC §8): one host, owned by the shell, so a dialog raised by a remote
// stays up when that remote unmounts. SweetAlert2 matches the spec's semantics (icons, timers without a
// confirm button, confirm/cancel); it is loaded on first use, so it costs nothing on the first screen.
import type SweetAlert from 'sweetalert2';
import { TOAST_MS, type Feedback } from '@kidslearn/kit/platform';
import { releasePageWhenNoModalIsOpen } from '@kidslearn/kit/ui';
import { messages } from '../messages';

type Swal = typeof SweetAlert;

/**
 * SweetAlert2's stylesheet, adopted through the CSSOM. Its bundled build would add it as a <style> element,
 * which the page's Content-Security-Policy blocks; the shell's webpack config points 'sweetalert2' at the
 * build without CSS and hands the stylesheet over as text.
 */
function adoptStyleSheet(css: string): void {
  if (!('adoptedStyleSheets' in Document.prototype)) {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.appendChild(style);
    return;
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

let loading: Promise<Swal> | undefined;
const loadSwal = () =>
  (loading ??= Promise.all([
    import(/* webpackChunkName: "feedback" */ 'sweetalert2'),
    import(/* webpackChunkName: "feedback" */ 'sweetalert2/dist/sweetalert2.min.css'),
  ]).then(([module, css]) => {
    adoptStyleSheet(css.default);
    return module.default;
  }));

// Kit tokens, so dialogs look like the rest of the portal (AA contrast on the buttons).
const look = {
  confirmButtonColor: '#6c3ce1',
  cancelButtonColor: '#4a4f6e',
  customClass: { popup: 'kl-feedback' },
  // A kit dialog may have opened or closed while this alert was up: see the kit's modal-layers.ts.
  didDestroy: releasePageWhenNoModalIsOpen,
} as const;

export function createFeedbackService(load: () => Promise<Swal> = loadSwal): Feedback {
  return {
    async alert({ title, text, icon, timer }) {
      const swal = await load();
      await swal.fire({ ...look, title, text, icon, timer, showConfirmButton: timer === undefined, confirmButtonText: messages.feedback.ok, timerProgressBar: timer !== undefined });
    },
    async confirm({ title, text, confirmText, cancelText }) {
      const swal = await load();
      const result = await swal.fire({
        ...look,
        title,
        text,
        icon: 'warning',
        showCancelButton: true,
        focusCancel: true,
        confirmButtonText: confirmText ?? messages.feedback.yes,
        cancelButtonText: cancelText ?? messages.feedback.cancel,
      });
      return result.isConfirmed;
    },
    toast({ text, icon = 'success' }) {
      void load().then((swal) =>
        swal.fire({ toast: true, position: 'top-end', title: text, icon, timer: TOAST_MS, showConfirmButton: false, timerProgressBar: true }),
      );
    },
  };
}
