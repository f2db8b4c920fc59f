import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/lib/i18n.ts';
import { isLanguage, LANGUAGES, useSettings } from '../shared/lib/settings.ts';

/** Language switcher: en, es, pt, de; the choice lasts for the browser session. */
export function LanguageSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { language } = useSettings();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({
          key: code,
          label: <span data-testid={`language-${code}`}>{t(`languages.${code}`)}</span>,
          lang: code,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" data-testid="language-switcher" icon={<GlobalOutlined />} aria-label={t('navbar.language')}>
        {compact ? null : language.toUpperCase()}
      </Button>
    </Dropdown>
  );
}
