require('@testing-library/jest-dom');
// jsdom lacks TextEncoder/TextDecoder, which react-router needs at import time.
const { TextDecoder, TextEncoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
// Radix primitives measure elements; jsdom has no ResizeObserver and no pointer capture.
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => undefined;
}
// jsdom has no matchMedia (SweetAlert2 and reduced-motion checks read it).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false });
}
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
