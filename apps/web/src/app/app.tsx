import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { login, useAuth } from '../shared/lib/auth.ts';
import { Notice } from '../shared/ui/notice.tsx';
import { FullPageSpin } from '../shell/guards.tsx';
import { AppProviders } from './providers.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { AppRoutes } from './router.tsx';

/** Shown when another tab signed out, or when the provider could not be reached to sign out. */
function SignedOut() {
  const { t } = useTranslation();
  return (
    <Notice
      status="info"
      title={t('signedOut.title')}
      description={t('signedOut.description')}
      extra={
        <Button type="primary" autoFocus onClick={() => void login('#/dashboard/dashboard1')}>
          {t('actions.signIn')}
        </Button>
      }
    />
  );
}

function Routes() {
  const { status } = useAuth();
  if (status === 'redirecting') return <FullPageSpin />;
  if (status === 'signed-out') return <SignedOut />;
  return (
    <HashRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<FullPageSpin />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </HashRouter>
  );
}

export function App() {
  return (
    <AppProviders>
      <Suspense fallback={<FullPageSpin />}>
        <Routes />
      </Suspense>
    </AppProviders>
  );
}

/** Start-up failed (configuration unreachable, or the provider answered the sign-in with an error). */
export function StartupError({ error, canSignIn }: { error: unknown; canSignIn: boolean }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <AppProviders>
      <Notice
        status="error"
        title={canSignIn ? t('startup.signInFailed') : t('startup.failed')}
        description={detail}
        extra={
          canSignIn ? (
            <Button type="primary" autoFocus onClick={() => void login('#/dashboard/dashboard1')}>
              {t('actions.signInAgain')}
            </Button>
          ) : (
            <Button type="primary" autoFocus onClick={() => window.location.reload()}>
              {t('actions.reload')}
            </Button>
          )
        }
      />
    </AppProviders>
  );
}
