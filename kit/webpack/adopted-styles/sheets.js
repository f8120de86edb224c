// Browser runtime (bundled into each remote by style-loader, see ../remote-config.js): a remote's CSS goes
// into a constructable stylesheet the document adopts, not into a <style> element. The portal's
// Content-Security-Policy allows no inline style it has not hashed, and a stylesheet built through the CSSOM
// is not inline markup. style-loader keeps making its <style> element as the handle of one stylesheet; the
// element stays outside the document, in a holder whose removeChild (what unuse() calls) drops the sheet.
'use strict';

const supported = typeof document !== 'undefined' && 'adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype;
/** @type {WeakMap<HTMLStyleElement, CSSStyleSheet>} */
const sheets = new WeakMap();
/** @type {DocumentFragment | undefined} */
let holder;

function drop(element) {
  const sheet = sheets.get(element);
  if (!sheet) return;
  sheets.delete(element);
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
}

/** style-loader `insert`: the element goes to the holder (or, without constructable stylesheets, to <head>). */
function insert(element) {
  if (!supported) {
    document.head.appendChild(element);
    return;
  }
  if (!holder) {
    holder = document.createDocumentFragment();
    const removeChild = holder.removeChild.bind(holder);
    holder.removeChild = (child) => {
      drop(child);
      return removeChild(child);
    };
  }
  holder.appendChild(element);
}

/** style-loader `styleTagTransform`: the CSS becomes (or replaces) the element's adopted stylesheet. */
function transform(css, element) {
  if (!supported) {
    element.textContent = css;
    return;
  }
  let sheet = sheets.get(element);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheets.set(element, sheet);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  sheet.replaceSync(css);
}

/** A stylesheet added and removed by count (react-style-singleton's contract, see ./style-singleton.js). */
function countedSheet() {
  let count = 0;
  /** @type {CSSStyleSheet | HTMLStyleElement | undefined} */
  let sheet;
  return {
    add(css) {
      if (count++ > 0) return;
      if (supported) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      } else {
        sheet = document.createElement('style');
        sheet.textContent = css;
        document.head.appendChild(sheet);
      }
    },
    remove() {
      if (count === 0 || --count > 0 || !sheet) return;
      const gone = sheet;
      sheet = undefined;
      if (gone instanceof CSSStyleSheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== gone);
      else gone.remove();
    },
  };
}

module.exports = { insert, transform, countedSheet };
