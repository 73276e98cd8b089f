// Stylesheets are bundled by esbuild (scripts/build-web.mjs).
declare module '*.css';
