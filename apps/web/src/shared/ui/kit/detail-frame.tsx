import { Result, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/errors.ts';
import { PageHeader, useRecordTitle } from '../page-header.tsx';
import { Spinner } from '../spinner.tsx';
import { ErrorState } from '../states.tsx';

/** What the frame needs of a TanStack query of one record. */
export interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The frame of one record's page: loading, not found (404, with the way back), another failure with
 * Try again, then the page. The page is titled by the record's number (with the page's tags beside it): the
 * heading, the browser tab and the breadcrumb say it; the actions sit on the heading's other side.
 */
export function DetailFrame<T>({
  query,
  number,
  back,
  tags,
  actions,
  headingTestId,
  numberTestId,
  children,
}: {
  query: RecordQuery<T>;
  number: (record: T) => string;
  /** A link back to where the record was opened from, shown in every state. */
  back?: ReactNode;
  tags?: (record: T) => ReactNode;
  actions?: (record: T) => ReactNode;
  headingTestId?: string;
  numberTestId?: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('documents');
  const { token } = theme.useToken();
  const record = query.data;
  const title = record === undefined ? null : number(record);
  useRecordTitle(title);

  if (record === undefined) {
    const error = query.error;
    return (
      <>
        <PageHeader>{back}</PageHeader>
        {!error ? (
          <Spinner minHeight={240} />
        ) : isNotFound(error) ? (
          <Result
            status="404"
            title={t('common.notFound')}
            subTitle={t('common.notFoundHint')}
            extra={back}
            data-testid="detail-not-found"
          />
        ) : (
          <ErrorState error={error} onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }

  return (
    <>
      {back ? <div style={{ marginBottom: token.marginXXS }}>{back}</div> : null}
      <PageHeader
        extra={actions?.(record)}
        heading={
          <span
            data-testid={headingTestId}
            style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXS }}
          >
            <bdi data-testid={numberTestId}>{title}</bdi>
            {tags?.(record)}
          </span>
        }
      />
      {children(record)}
    </>
  );
}
