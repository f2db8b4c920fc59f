import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A search field that applies on Enter (or the search button), showing the URL's current search. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  autoFocus,
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(q) => onSearch(q.trim())}
      placeholder={placeholder ?? t('actions.search')}
      aria-label={placeholder ?? t('actions.search')}
      allowClear
      enterButton
      autoFocus={autoFocus}
      style={{ maxWidth: 360 }}
    />
  );
}
