declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css' {
  const styles: { use: () => void; unuse: () => void };
  export default styles;
}
