import { theme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/lib/auth.ts';
import { useMe } from '../../../shared/lib/me.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { LANDING_PATH } from '../../../shell/landing.ts';
import { menuLeaves, targetOf, visibleMenu } from '../../../shell/menu.ts';
import { MENU, type MenuItem } from '../../../shell/menu-config.ts';
import { useOwnRoles } from '../api.ts';

const FileUpload = lazy(() =>
  import('../../../shared/ui/file-upload.tsx').then((module) => ({ default: module.FileUpload })),
);
// The figures and their charts (the dashboards texts, the chart component) load after the page's first paint, like
// the upload widget: the welcome and the links never wait for them.
const HomeFigures = lazy(() =>
  import('../components/home-figures.tsx').then((module) => ({ default: module.HomeFigures })),
);

function OwnRoles({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation();
  const roles = useOwnRoles(userId, true);
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  return (
    <p>
      <strong>{t('dashboard.roles')}: </strong>
      {roles.isPending ? (
        <span role="status">{t('states.loading')}</span>
      ) : roles.data.roles.length === 0 ? (
        t('dashboard.noRoles')
      ) : (
        <RoleNames names={roles.data.roles.map((role) => role.name)} />
      )}
    </p>
  );
}

/** The roles as small chips (plain elements: the first page does not wait for antd's Tag). */
function RoleNames({ names }: { names: string[] }) {
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS }}>
      {names.map((name) => (
        <span
          key={name}
          style={{
            padding: `0 ${token.paddingXS}px`,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadiusSM,
            background: token.colorFillQuaternary,
            fontSize: token.fontSizeSM,
            lineHeight: '20px',
          }}
        >
          {name}
        </span>
      ))}
    </span>
  );
}

function QuickLinks({ groups }: { groups: MenuItem[] }) {
  const { t } = useTranslation('menu');
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gap: token.margin,
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
      }}
    >
      {groups.map((group) => {
        const Icon = group.icon;
        const leaves = (group.submenu.length ? menuLeaves(group.submenu) : [group]).filter((leaf) => !leaf.disabled);
        return (
          <Panel
            key={group.titleKey}
            title={
              <span style={{ display: 'inline-flex', gap: token.marginXS }}>
                {Icon ? <Icon /> : null}
                {t(group.titleKey)}
              </span>
            }
          >
            <ul style={{ margin: 0, paddingInlineStart: token.paddingMD }}>
              {leaves.map((leaf) => (
                <li key={leaf.path}>
                  {/* A line of its own at least 24 px high: a target easy to hit (WCAG 2.5.8). */}
                  <Link to={targetOf(leaf)} style={{ display: 'inline-block', lineHeight: '28px' }}>
                    {t(leaf.titleKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        );
      })}
    </div>
  );
}

/**
 * The landing page: a welcome with the user's roles and permissions, the day's figures their permissions open (each a
 * link to its list) with 30 days of sales and shipments, and links to the areas they may open.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { profile } = useAuth();
  const { names, has } = usePermissions();
  const me = useMe();
  const groups = useMemo(() => visibleMenu(MENU, names).filter((item) => item.path !== LANDING_PATH), [names]);
  // The upload widget's code (about 30 KB gzipped with antd's Upload and Progress) and the figures' are asked for
  // once the page is on screen, not before it: the dashboard shows without waiting for them.
  const [uploadWanted, setUploadWanted] = useState(false);
  useEffect(() => setUploadWanted(true), []);
  const name = me.data?.name || profile?.name || me.data?.email || profile?.email || '';

  return (
    <>
      <PageHeader />
      <Panel style={{ marginBottom: token.marginLG }}>
        <p style={{ marginTop: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
          {t('dashboard.welcome', { name })}
        </p>
        <p style={{ color: token.colorTextSecondary }}>{t('dashboard.intro')}</p>
        <p>{names.size > 0 ? t('dashboard.permissionCount', { count: names.size }) : t('dashboard.noPermissions')}</p>
        {has('view_user') && me.data ? <OwnRoles userId={me.data.id} /> : null}
      </Panel>
      {/* Every figure needs a permission: a user with none is not made to wait for an empty answer. */}
      {names.size === 0 ? null : uploadWanted ? (
        <Suspense fallback={<Spinner minHeight={160} />}>
          <HomeFigures />
        </Suspense>
      ) : (
        <Spinner minHeight={160} />
      )}
      {has('upload_file') ? (
        <Panel title={t('dashboard.upload.title')} style={{ marginBottom: token.marginLG, maxWidth: 640 }}>
          <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('dashboard.upload.intro')}</p>
          {uploadWanted ? (
            <Suspense fallback={<Spinner minHeight={120} />}>
              <FileUpload />
            </Suspense>
          ) : (
            <Spinner minHeight={120} />
          )}
        </Panel>
      ) : null}
      <h2 style={{ fontSize: token.fontSizeHeading4 }}>{t('dashboard.quickLinks')}</h2>
      {groups.length === 0 ? <p>{t('dashboard.noQuickLinks')}</p> : <QuickLinks groups={groups} />}
    </>
  );
}
