import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';
import { useErrorText } from '../lib/use-error-text.ts';

/**
 * "Export": downloads the list's current filter as a spreadsheet; busy while it runs, a failure as a message. Where a
 * page has several, `name` tells them apart for assistive technology ("Export" followed by what it exports, so the
 * accessible name still starts with the visible label).
 */
export function ExportButton({
  onExport,
  name,
  size,
  testId = 'export',
}: {
  onExport: () => Promise<void>;
  name?: string;
  size?: 'small' | 'middle';
  testId?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('actions.exportFailed'), text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void handleClick()}
      data-testid={testId}
      size={size}
      aria-label={name ? `${t('actions.export')} ${name}` : undefined}
    >
      {t('actions.export')}
    </Button>
  );
}
