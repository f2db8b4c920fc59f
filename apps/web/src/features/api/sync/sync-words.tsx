import {
  type ChannelAccountType,
  type ChannelArea,
  type ChannelMessageStatus,
  type ChannelStream,
  ChannelSyncErrorCode,
  channelPermissionsFor,
} from '@backoffice/contracts';
import { Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/errors.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { PROCESS_TYPES } from './process-types.ts';

type ProcessType = (typeof PROCESS_TYPES)[number];
const isProcessType = (value: string): value is ProcessType => (PROCESS_TYPES as readonly string[]).includes(value);

/** A message's process type in words; the failed ones in the danger colour. */
export function ProcessTypeText({ value }: { value: string | null }) {
  const { t } = useTranslation('channels');
  if (!value) return null;
  const text = isProcessType(value) ? t(`sync.processTypes.${value}`) : value;
  return value.startsWith('FAILED_') ? (
    <Typography.Text type="danger" data-testid="process-type-failed">
      {text}
    </Typography.Text>
  ) : (
    <span>{text}</span>
  );
}

const STATUS_COLOURS: Record<ChannelMessageStatus, string | undefined> = {
  PENDING: 'blue',
  DONE: 'green',
  FAILED: 'red',
  SKIPPED: undefined,
};

export function MessageStatusTag({ status }: { status: ChannelMessageStatus }) {
  const { t } = useTranslation('channels');
  return (
    <Tag color={STATUS_COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`sync.statuses.${status}`)}
    </Tag>
  );
}

/** What a stream's Run now needs, as the server checks it (stock levels, carrier tracking, else fulfilment). */
export const areaOfStream = (stream: ChannelStream): ChannelArea =>
  stream === 'STOCK' ? 'STOCK' : stream === 'TRACKING' ? 'LABELS' : 'MESSAGES';

export const mayRun = (
  hasAny: (names: readonly string[]) => boolean,
  type: ChannelAccountType,
  stream: ChannelStream,
) => hasAny(channelPermissionsFor(type, areaOfStream(stream)));

const SYNC_CODES = [...Object.values(ChannelSyncErrorCode), 'CHANNEL_ACCOUNT_OPERATION_OFF', 'FORBIDDEN'] as const;
type SyncCode = (typeof SYNC_CODES)[number];
const isSyncCode = (code: string): code is SyncCode => (SYNC_CODES as readonly string[]).includes(code);

/** A refused Run now or Retry in words: this area's codes from its texts, a refusal by permission named, the rest as everywhere. */
export function useSyncErrorText(): (error: unknown) => string | null {
  const { t } = useTranslation('channels');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return t('sync.errors.FORBIDDEN');
      if (error instanceof ApiError && isSyncCode(error.code)) return t(`sync.errors.${error.code}`);
      return errorText(error);
    },
    [t, errorText],
  );
}
