import { CloseCircleFilled, InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A full-width message with an icon, title, explanation and actions: antd's Result without its
 * bundled illustrations, which would weigh more than the rest of the first screen's UI.
 */
export function Notice({
  status,
  title,
  description,
  extra,
}: {
  status: 'info' | 'warning' | 'error';
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : status === 'warning' ? WarningFilled : InfoCircleFilled;
  const color = status === 'error' ? token.colorError : status === 'warning' ? token.colorWarning : token.colorInfo;
  return (
    <div
      role={status === 'error' ? 'alert' : 'status'}
      style={{ padding: `${token.paddingXL * 1.5}px ${token.padding}px`, textAlign: 'center' }}
    >
      <Icon style={{ fontSize: 56, color }} aria-hidden />
      <div style={{ marginTop: token.marginLG, fontSize: token.fontSizeHeading4, color: token.colorText }}>{title}</div>
      {description ? (
        <div style={{ marginTop: token.marginXS, color: token.colorTextSecondary }}>{description}</div>
      ) : null}
      {extra ? <div style={{ marginTop: token.marginLG }}>{extra}</div> : null}
    </div>
  );
}
