import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's pure parts (menu rules, translations), in Node. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: { include: ['test/**/*.test.{ts,tsx}'], environment: 'node' },
});
