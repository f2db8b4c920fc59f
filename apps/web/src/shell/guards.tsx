import type { PermissionName } from '@backoffice/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { login, MIN_TOKEN_VALIDITY_SECONDS, updateToken, useAuth } from '../shared/lib/auth.ts';
import type { MenuTitleKey } from '../shared/lib/i18n-keys.ts';
import { notifyRestricted } from '../shared/lib/notify.ts';
import { usePermissions } from '../shared/lib/permissions.tsx';
import { PageTitleContext, RecordTitleContext } from '../shared/ui/page-header.tsx';
import { Spinner } from '../shared/ui/spinner.tsx';
import { nameCrumb, visitCrumb } from './breadcrumb-trail.ts';
import { LANDING_PATH } from './landing.ts';
import { previousUrl } from './navigation.ts';

export function FullPageSpin() {
  return <Spinner />;
}

/**
 * The identity-provider guard: an unauthenticated user is sent to sign in; otherwise each navigation
 * triggers a token refresh (specification section 4).
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (auth.status === 'anonymous') void login(`#${location.pathname}${location.search}`);
    else if (auth.status === 'authenticated') void updateToken(MIN_TOKEN_VALIDITY_SECONDS);
  }, [auth.status, location.pathname, location.search]);
  if (auth.status !== 'authenticated') return <FullPageSpin />;
  return children;
}

/** URLs refused during the current burst of redirects, so a refused previous page cannot bounce back. */
const refused = new Set<string>();

/**
 * The permission guard of one route: any one of `permissions` grants, none required grants. A refusal
 * shows the "Restricted!" toast and goes back to the previous URL, or to the landing page when there
 * is none (specification section 6). A granted page gets its title and its breadcrumb.
 */
export function GuardedPage({
  titleKey,
  permissions,
  children,
}: {
  titleKey: MenuTitleKey;
  permissions?: readonly PermissionName[];
  children: ReactNode;
}) {
  const { hasAny } = usePermissions();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const allowed = hasAny(permissions);
  const handled = useRef('');
  // The record shown on this page, tied to its path: a label never outlives the page it was given on.
  const [record, setRecord] = useState<{ path: string; label: string } | null>(null);
  const pathname = location.pathname;
  const setLabel = useCallback(
    (label: string | null) => {
      setRecord(label ? { path: pathname, label } : null);
      if (label) nameCrumb(pathname, label);
    },
    [pathname],
  );
  const recordTitle = useMemo(
    () => ({ label: record?.path === pathname ? record.label : null, setLabel }),
    [record, pathname, setLabel],
  );

  useEffect(() => {
    const url = `${location.pathname}${location.search}`;
    if (allowed) {
      refused.clear();
      visitCrumb(location.pathname, location.search, titleKey, navigationType === 'REPLACE');
      return;
    }
    if (handled.current === location.key) return;
    handled.current = location.key;
    refused.add(url);
    notifyRestricted(t('restricted.title'), t('restricted.notAuthorised'));
    const previous = previousUrl();
    const back = !previous || previous === '/' || refused.has(previous) ? LANDING_PATH : previous;
    navigate(back, { replace: true });
  }, [allowed, location.key, location.pathname, location.search, navigate, navigationType, t, titleKey]);

  if (!allowed) return null;
  return (
    <PageTitleContext value={titleKey}>
      <RecordTitleContext value={recordTitle}>{children}</RecordTitleContext>
    </PageTitleContext>
  );
}
