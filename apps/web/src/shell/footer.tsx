import { Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { today } from '../shared/lib/dates.ts';

/** The footer with the current date, YYYY-MM-DD. */
export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Footer
      data-testid="footer"
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        color: token.colorTextSecondary,
        padding: token.padding,
      }}
    >
      <span>{t('appName')}</span>
      <time dateTime={today()}>{today()}</time>
    </Layout.Footer>
  );
}
