import { theme } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shownCrumbs, useBreadcrumbTrail } from './breadcrumb-trail.ts';
import { PopupMenu } from './popup-menu.tsx';

/** The trail of visited pages (each by its own title); the last few are shown, older ones fold into "…". */
export function AppBreadcrumb({ visible }: { visible: number }) {
  const { t } = useTranslation('menu');
  const trail = shownCrumbs(useBreadcrumbTrail(), (key) => t(key));
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const shown = trail.slice(-visible);
  const folded = trail.slice(0, trail.length - shown.length);
  const separator = (
    <span aria-hidden style={{ margin: `0 ${token.marginXS}px`, color: token.colorTextQuaternary }}>
      /
    </span>
  );
  const itemStyle = { minWidth: 24, overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  // A crumb is a target at least 24 px high (WCAG 2.5.8), cut with an ellipsis when the bar is short.
  const linkStyle = {
    display: 'inline-block',
    minWidth: 24,
    maxWidth: '100%',
    lineHeight: '24px',
    verticalAlign: 'middle',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  } as const;
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
            <PopupMenu
              label={tc('navbar.earlierPages')}
              align="start"
              items={folded.map((crumb) => ({ key: crumb.url, label: <bdi>{crumb.label}</bdi>, to: crumb.url }))}
              trigger={(props) => (
                <button
                  {...props}
                  type="button"
                  aria-label={tc('navbar.earlierPages')}
                  style={{
                    minWidth: 24,
                    minHeight: 24,
                    border: 0,
                    background: 'none',
                    cursor: 'pointer',
                    color: 'inherit',
                    padding: 0,
                  }}
                >
                  …
                </button>
              )}
            />
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
                    <bdi>{crumb.label}</bdi>
                  </span>
                ) : (
                  <Link to={crumb.url} style={linkStyle}>
                    <bdi>{crumb.label}</bdi>
                  </Link>
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
