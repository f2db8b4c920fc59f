import './shared/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, StartupError } from './app/app.tsx';
import { preloadArea } from './app/router.tsx';
import { prefetchOidc, routeAtStart, SignInError } from './shared/lib/auth.ts';
import { initI18n, loadAfterFirstPage } from './shared/lib/i18n.ts';
import { nameListboxes } from './shared/lib/listbox-names.ts';
import { loadRuntimeConfig } from './shared/lib/runtime-config.ts';
import { startSession } from './shared/lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
nameListboxes();

/** Start-up: runtime configuration, translations, then the session (which may leave for sign-in). */
async function start() {
  // What start-up will need anyway loads while the configuration and sign-in requests are under way.
  const areaReady = preloadArea(routeAtStart());
  const i18nReady = initI18n();
  try {
    const config = await loadRuntimeConfig();
    await i18nReady;
    await startSession(config);
    // The first page renders once its code is here: nothing on the way shows a fallback, so React has
    // no revealed content to throttle (its 300 ms rule held the dashboard back by more than half a second).
    await areaReady;
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
  // Once the first page has been painted.
  requestAnimationFrame(() => setTimeout(loadAfterFirstPage, 0));
}

void start();
