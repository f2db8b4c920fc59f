import { COUNTRY_CODES } from '@backoffice/contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The country's name in the reader's language, else its code. */
function countryNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** A searchable select of the ISO 3166-1 countries, named in the current language, storing the code. */
export function CountrySelect({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const nameOf = countryNames(i18n.language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${nameOf(code)} (${code})` })).sort((a, b) =>
      a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}
