declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';
// SweetAlert2's stylesheet as text (webpack asset/source): the feedback service adopts it (see webpack.config.js).
declare module 'sweetalert2/dist/sweetalert2.min.css' {
  const css: string;
  export default css;
}
