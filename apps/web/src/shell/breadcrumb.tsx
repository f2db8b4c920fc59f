import { Dropdown, theme } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBreadcrumbTrail } from './breadcrumb-trail.ts';

/** The trail of visited pages (route titles); the last few are shown, older ones fold into "…". */
export function AppBreadcrumb({ visible }: { visible: number }) {
  const trail = useBreadcrumbTrail();
  const { t } = useTranslation('menu');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const shown = trail.slice(-visible);
  const folded = trail.slice(0, trail.length - shown.length);
  const separator = (
    <span aria-hidden style={{ margin: `0 ${token.marginXS}px`, color: token.colorTextQuaternary }}>
      /
    </span>
  );
  const itemStyle = { overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <nav data-testid="breadcrumb" aria-label={tc('navbar.breadcrumb')} style={{ minWidth: 0 }}>
      <ol
        style={{
          display: 'flex',
          alignItems: 'center',
          margin: 0,
          padding: 0,
          listStyle: 'none',
          whiteSpace: 'nowrap',
          color: token.colorTextSecondary,
        }}
      >
        {folded.length > 0 ? (
          <li>
            <Dropdown
              trigger={['click']}
              menu={{
                items: folded.map((crumb) => ({
                  key: crumb.url,
                  label: <Link to={crumb.url}>{t(crumb.titleKey)}</Link>,
                })),
              }}
            >
              <button
                type="button"
                aria-label={tc('navbar.earlierPages')}
                style={{ border: 0, background: 'none', cursor: 'pointer', color: 'inherit', padding: 0 }}
              >
                …
              </button>
            </Dropdown>
            {separator}
          </li>
        ) : null}
        {shown.map((crumb, index) => {
          const isLast = index === shown.length - 1;
          return (
            <Fragment key={crumb.url}>
              <li style={itemStyle}>
                {isLast ? (
                  <span aria-current="page" style={{ color: token.colorText }}>
                    {t(crumb.titleKey)}
                  </span>
                ) : (
                  <Link to={crumb.url}>{t(crumb.titleKey)}</Link>
                )}
              </li>
              {isLast ? null : <li aria-hidden>{separator}</li>}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
