import { Alert, Form, Input, Modal, theme } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/use-error-text.ts';

const REASON_MIN = 3;
const REASON_MAX = 500;

/**
 * The confirmation of a step that needs a reason (a reversal): what will happen, the reason (3 to 500
 * characters, as the contract asks), and the server's refusal in words inside the dialog, so the reader
 * sees why (e.g. the figures of stock taken since) without losing what they typed. Focus starts in the
 * reason and goes back to the button that opened it.
 */
export function ReasonModal({
  open,
  title,
  intro,
  reasonLabel,
  okText,
  onSubmit,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  intro: ReactNode;
  reasonLabel: string;
  okText: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('documents');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = reason.trim();
  const valid = trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;

  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(trimmed);
      setReason('');
    } catch (error) {
      setFailure(errorText(error) || t('common.actionFailed', { action: okText }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={<span dir="auto">{title}</span>}
      okText={okText}
      okButtonProps={{ danger: true, disabled: !valid, loading: busy, 'data-testid': `${testId}-confirm` }}
      cancelText={t('common.dismiss')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid={testId}>
        <div dir="auto" style={{ marginBottom: token.margin }}>
          {intro}
        </div>
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={<span dir="auto">{reasonLabel}</span>} htmlFor={`${id}-reason`} required>
            <Input.TextArea
              id={`${id}-reason`}
              data-testid={`${testId}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={REASON_MAX}
              autoSize={{ minRows: 2, maxRows: 6 }}
              autoFocus
              dir="auto"
            />
          </Form.Item>
        </Form>
        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={<span dir="auto">{failure}</span>}
            data-testid={`${testId}-error`}
          />
        ) : null}
      </div>
    </Modal>
  );
}
