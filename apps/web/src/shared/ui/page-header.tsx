import { theme } from 'antd';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTitleKey } from '../lib/i18n-keys.ts';

/** The title of the route being shown, set by the route guard from the route's declaration. */
export const PageTitleContext = createContext<MenuTitleKey | null>(null);

/**
 * One record's page: its number or code, once known, and how a page tells it. Provided by the route guard, which
 * also names the page's breadcrumb with it.
 */
export const RecordTitleContext = createContext<{ label: string | null; setLabel: (label: string | null) => void }>({
  label: null,
  setLabel: () => {},
});

/**
 * Titles the page by its record's number or code (TR-2026-00001, a SKU, a warehouse code): the heading, the
 * browser tab and the breadcrumb say it instead of the list's title. Nothing while the record loads.
 */
export function useRecordTitle(label: string | null | undefined) {
  const { setLabel } = useContext(RecordTitleContext);
  useEffect(() => {
    if (!label) return;
    setLabel(label);
    return () => setLabel(null);
  }, [label, setLabel]);
}

export function usePageTitle(): string {
  const titleKey = useContext(PageTitleContext);
  const { t } = useTranslation('menu');
  return titleKey ? t(titleKey) : '';
}

/**
 * The page heading with the page's actions beside it: the route's title, or on one record's page its number or
 * code (`heading` replaces it with richer content, e.g. the number with its status tag).
 */
export function PageHeader({
  extra,
  heading,
  children,
}: {
  extra?: ReactNode;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  const routeTitle = usePageTitle();
  const record = useContext(RecordTitleContext).label;
  const title = record ?? routeTitle;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const appName = t('appName');
  useEffect(() => {
    document.title = [record, routeTitle, appName].filter(Boolean).join(' · ');
  }, [record, routeTitle, appName]);
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
          {heading ?? (record ? <bdi>{record}</bdi> : title)}
        </h1>
        {children}
      </div>
      {extra ? <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>{extra}</div> : null}
    </div>
  );
}
