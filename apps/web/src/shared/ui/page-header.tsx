import { theme } from 'antd';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTitleKey } from '../lib/i18n-keys.ts';

/** The title of the route being shown, set by the route guard from the route's declaration. */
export const PageTitleContext = createContext<MenuTitleKey | null>(null);

export function usePageTitle(): string {
  const titleKey = useContext(PageTitleContext);
  const { t } = useTranslation('menu');
  return titleKey ? t(titleKey) : '';
}

/** The page heading (the route's title) with the page's actions beside it. */
export function PageHeader({ extra, children }: { extra?: ReactNode; children?: ReactNode }) {
  const title = usePageTitle();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: token.marginSM,
        marginBottom: token.margin,
      }}
    >
      <div>
        <h1
          data-testid="page-title"
          style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: 600 }}
        >
          {title}
        </h1>
        {children}
      </div>
      {extra ? <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>{extra}</div> : null}
    </div>
  );
}
