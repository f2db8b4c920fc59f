import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list of e-mail addresses typed as tags (Enter, comma, semicolon or space ends one). */
export function EmailTags({
  value,
  onChange,
  disabled,
  id,
  testId,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation('configuration');
  return (
    <Select
      id={id}
      data-testid={testId}
      mode="tags"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next.map((v) => v.trim()).filter(Boolean))}
      tokenSeparators={[',', ';', ' ']}
      open={false}
      suffixIcon={null}
      disabled={disabled}
      placeholder={t('emailTags.placeholder')}
      style={{ width: '100%' }}
    />
  );
}
