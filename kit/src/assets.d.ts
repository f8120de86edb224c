// How the apps' bundlers hand over imported files: an SVG as its URL, a CSS file as a lazy style tag
// (style-loader lazyStyleTag: use() on mount, unuse() on unmount). One declaration for every remote.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css' {
  const styles: { use: () => void; unuse: () => void };
  export default styles;
}
