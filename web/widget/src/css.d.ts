// build.ts hands each imported .css file over as its minified text.
declare module '*.css' {
  const css: string;
  export default css;
}
