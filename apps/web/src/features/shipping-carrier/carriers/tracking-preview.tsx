import { LinkOutlined } from '@ant-design/icons';
import { TRACKING_PLACEHOLDER, trackingUrlFor, trackingUrlProblem } from '@backoffice/contracts';
import { Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const EXAMPLE_TRACKING_NUMBER = 'AB123456789GB';

/** The link a tracking number would open, for an example number the user may change. */
export function TrackingPreview({ template }: { template: string | undefined }) {
  const { t } = useTranslation('carriers');
  const { token } = theme.useToken();
  const [number, setNumber] = useState(EXAMPLE_TRACKING_NUMBER);
  const text = (template ?? '').trim();
  const usable = text !== '' && trackingUrlProblem(text) === null;
  const url = usable ? trackingUrlFor(text, number || EXAMPLE_TRACKING_NUMBER) : null;
  return (
    <div
      data-testid="tracking-preview"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginXS,
        padding: token.paddingSM,
        marginBottom: token.margin,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
      }}
    >
      <span>{t('preview.label')}</span>
      <Input
        aria-label={t('preview.number')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        style={{ width: 180 }}
        size="small"
        spellCheck={false}
      />
      {url ? (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" data-testid="tracking-preview-link">
          <LinkOutlined /> <bdi style={{ wordBreak: 'break-all' }}>{url}</bdi>
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">
          {text ? t('preview.invalid') : t('preview.none', { placeholder: TRACKING_PLACEHOLDER })}
        </Typography.Text>
      )}
    </div>
  );
}
