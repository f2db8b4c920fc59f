import './shared/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, StartupError } from './app/app.tsx';
import { preloadArea } from './app/router.tsx';
import { prefetchOidc, preloadSignInLibrary, routeAtStart, SignInError } from './shared/lib/auth.ts';
import { initI18n } from './shared/lib/i18n.ts';
import { loadRuntimeConfig } from './shared/lib/runtime-config.ts';
import { startSession } from './shared/lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

/** Start-up: runtime configuration, translations, then the session (which may leave for sign-in). */
async function start() {
  // What start-up will need anyway loads while the configuration and sign-in requests are under way.
  preloadSignInLibrary();
  preloadArea(routeAtStart());
  const i18nReady = initI18n();
  try {
    const config = await loadRuntimeConfig();
    await i18nReady;
    await startSession(config);
  } catch (error) {
    await i18nReady.catch(() => undefined);
    root.render(<StartupError error={error} canSignIn={error instanceof SignInError} />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchOidc();
}

void start();
