import path from 'node:path';
import { defineConfig } from 'vite';
import { buildStamp } from './scripts/build-stamp.mjs';

/**
 * Nothing environment-specific is baked in: the app reads GET /api/config at start-up.
 * In development the API (which also serves the embedded sign-in under /realms) runs on 8080.
 */
const api = process.env.VITE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  // Absolute: a page opened at a nested address (a reload of /sales-invoice/…) asks for /assets/…, not …/sales-invoice/assets/….
  base: '/',
  // Every build leaves the stamp `npm start` checks (scripts/web-up-to-date.mjs), so it does not build again.
  plugins: [buildStamp()],
  resolve: {
    alias: [
      // antd's ConfigProvider imports the tooltip UniqueProvider for `tooltip.unique`, which the product
      // does not set (src/app/tooltip-unique-off.tsx); only that import, by its exact relative path.
      {
        find: /^\.\.\/tooltip\/UniqueProvider$/,
        replacement: path.resolve(import.meta.dirname, 'src/app/tooltip-unique-off.tsx'),
      },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/realms': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the product supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
    sourcemap: !!process.env.SOURCEMAP,
    rolldownOptions: {
      // Imported constants are written where they are used, so that a module read only for its
      // constants (UPLOAD_ACCEPT and UPLOAD_MAX_BYTES of the contracts' uploads, whose other statements
      // build zod schemas) is not needed at run time and zod stays out of the web bundle.
      optimization: { inlineConst: { mode: 'all', pass: 1 } },
      treeshake: {
        // Modules known to be pure, so that what is not used is left out:
        // - antd's building blocks declare no `sideEffects`, so the form engine would ride along with
        //   every overlay;
        // - the contracts: the web app takes constants and types from them, never the zod schemas
        //   (whose only side effect, the OpenAPI registry, is the server's business).
        moduleSideEffects: (id: string) =>
          !/[\\/]node_modules[\\/]@rc-component[\\/]|[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
      output: {
        // Everything the first screen needs, and nothing else, in one chunk: without this, modules
        // shared by the shell and by lazy screens land in mixed chunks that drag lazy code in.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'], includeDependenciesRecursively: false }] },
      },
      onLog(level, log, handler) {
        // antd marks its modules "use client" (for React Server Components), meaningless in a bundle.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
