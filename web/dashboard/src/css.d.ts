// build.ts bundles imported stylesheets into dist/app.css.
declare module '*.css' {}
