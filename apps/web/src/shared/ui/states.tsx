import { Alert, Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSilentError } from '../lib/errors.ts';
import { useErrorText } from '../lib/use-error-text.ts';

/** A load failed: the translated reason and a way to try again. Errors already shown (403) show nothing. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  if (isSilentError(error)) return <Empty description={t('states.error')} />;
  return (
    <Alert
      type="error"
      showIcon
      title={t('states.error')}
      description={text(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** Nothing to show: "nothing yet", or "nothing matches" when filters are set. */
export function EmptyState({ filtered }: { filtered?: boolean }) {
  const { t } = useTranslation();
  return <Empty description={filtered ? t('states.noResults') : t('states.empty')} />;
}
