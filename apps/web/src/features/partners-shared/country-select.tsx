import { Select } from 'antd';
import { useCountryOptions } from './countries.ts';

/** A searchable country picker: names in the reader's language, the ISO code as the value. */
export function CountrySelect({
  value,
  onChange,
  id,
  ...rest
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  'aria-label'?: string;
  allowClear?: boolean;
}) {
  const options = useCountryOptions();
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      {...rest}
    />
  );
}
