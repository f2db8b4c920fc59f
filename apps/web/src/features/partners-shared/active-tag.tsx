import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('partners');
  return active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}
