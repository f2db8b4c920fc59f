import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/lib/i18n.ts';
import { LANGUAGES, useSettings } from '../shared/lib/settings.ts';
import { PopupMenu } from './popup-menu.tsx';

/** Language switcher: en, es, pt, de; the choice lasts for the browser session. */
export function LanguageSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { language } = useSettings();
  return (
    <PopupMenu
      label={t('navbar.language')}
      choice
      items={LANGUAGES.map((code) => ({
        key: code,
        label: t(`languages.${code}`),
        testId: `language-${code}`,
        lang: code,
        checked: code === language,
        onSelect: () => void changeLanguage(code),
      }))}
      // The visible code starts the accessible name (WCAG 2.5.3): "EN, Language".
      trigger={(props) => (
        <Button
          {...props}
          type="text"
          data-testid="language-switcher"
          icon={<GlobalOutlined />}
          aria-label={compact ? t('navbar.language') : `${language.toUpperCase()}, ${t('navbar.language')}`}
        >
          {compact ? null : language.toUpperCase()}
        </Button>
      )}
    />
  );
}
