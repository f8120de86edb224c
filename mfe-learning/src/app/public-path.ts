declare const __webpack_public_path__: string | undefined;

/** A file this remote serves beside remoteEntry.js (webpack's public path; '/' in unit tests). */
export function ownFileUrl(file: string): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/';
  return `${base}${file}`;
}
