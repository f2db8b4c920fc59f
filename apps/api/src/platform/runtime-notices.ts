/**
 * oidc-provider prints "Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release." on console.warn
 * when it is loaded on any Node.js line older than 22 ("Jod"), whether or not anything is wrong. The product is
 * tested on Node.js 20.20 (CI) as well as 22, where the provider works as it does on 22; README states the
 * tested versions. This module, imported first by main.ts, drops exactly that one line while the modules load;
 * main.ts calls `restoreConsole()` once the server has started; nothing else is ever hidden.
 */
const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime.';
const original = console.warn;

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.warn = (...args: unknown[]) => {
    // The provider colours the line on a terminal, so the text is looked for inside it.
    if (args.length === 1 && typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME)) return;
    original.apply(console, args);
  };
}

export function restoreConsole(): void {
  console.warn = original;
}
