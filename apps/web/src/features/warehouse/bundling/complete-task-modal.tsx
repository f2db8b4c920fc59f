import { type BundleTask, type BundleTaskListItem, StockErrorCode, WHOLE_UNIT } from '@backoffice/contracts';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { formatQuantity } from '../../inventory/index.ts';
import { useCompleteTask, useTaskAvailability } from './api.ts';
import { AvailabilityTable } from './availability-table.tsx';
import { isAboveZero, isWholeNumber, QUANTITY_PATTERN } from './urls.ts';

const FORM_ID = 'complete-task-form';

type Task = Pick<BundleTaskListItem, 'id' | 'number' | 'remainingQuantity' | 'bundle'>;

/** Compares two non-negative decimal texts exactly (no floating point). */
function compare(a: string, b: string): number {
  const [ai = '0', af = ''] = a.replace(/^0+(?=\d)/, '').split('.');
  const [bi = '0', bf = ''] = b.replace(/^0+(?=\d)/, '').split('.');
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/**
 * "Complete": how many bundles were assembled now (all that is left by default), with the availability check
 * for that quantity shown before anything is posted (shortfalls in red). Posting is refused while a component
 * is short, unless the warehouse allows negative stock.
 */
function CompleteForm({ task, onDone }: { task: Task; onDone: (task: BundleTask) => void }) {
  const { t, i18n } = useTranslation('bundles');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<{ quantity: string }>();
  const errorText = useErrorText();
  const complete = useCompleteTask();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const typed = (Form.useWatch('quantity', form) ?? task.remainingQuantity).trim();
  const settled = useDebounced(typed, 350);
  const wholeOnly = task.bundle.unit === WHOLE_UNIT;
  const problem = (text: string): string | null => {
    if (!text) return tc('form.required');
    if (!QUANTITY_PATTERN.test(text) || !isAboveZero(text)) return t('form.quantityInvalid');
    if (wholeOnly && !isWholeNumber(text)) return t('form.quantityWhole');
    if (compare(text, task.remainingQuantity) > 0)
      return t('complete.tooMany', { remaining: formatQuantity(task.remainingQuantity, i18n.language) });
    return null;
  };
  const valid = problem(settled) === null;
  const check = useTaskAvailability(task.id, valid ? settled : task.remainingQuantity, valid);
  const blocked = !!check.data && !check.data.isEnough && !check.data.allowNegativeStock;

  const submit = async ({ quantity }: { quantity: string }) => {
    setFailure(null);
    const text = quantity.trim();
    const body = compare(text, task.remainingQuantity) === 0 ? {} : { quantity: text };
    try {
      const done = await complete.mutateAsync({
        id: task.id,
        body,
        idempotencyKey: submission.keyFor({ id: task.id, ...body }),
      });
      submission.reset();
      notifySuccess(t('complete.done', { quantity: formatQuantity(text, i18n.language), sku: task.bundle.sku }));
      onDone(done);
    } catch (error) {
      const message = errorText(error);
      if (!message) return;
      const details = error instanceof ApiError ? errorDetails(error) : {};
      if (error instanceof ApiError && error.code === StockErrorCode.INSUFFICIENT_STOCK && details.sku) {
        // Someone took components meanwhile: say which, and show the check as it is now.
        setFailure(
          t('complete.shortage', {
            sku: String(details.sku),
            needed: formatQuantity(String(details.needed ?? ''), i18n.language),
            available: formatQuantity(String(details.available ?? ''), i18n.language),
          }),
        );
        void check.refetch();
      } else setFailure(message);
    }
  };

  return (
    <Form
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{ quantity: task.remainingQuantity }}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph type="secondary">{t('complete.intro')}</Typography.Paragraph>
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="complete-failure" />
      ) : null}
      <Form.Item
        name="quantity"
        label={t('complete.quantity')}
        extra={t('complete.quantityHelp', { remaining: formatQuantity(task.remainingQuantity, i18n.language) })}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const message = problem((value ?? '').trim());
              return message ? Promise.reject(new Error(message)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input
          size="large"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={17}
          autoFocus
          data-testid="complete-quantity"
          style={{ maxWidth: 240, fontSize: 20 }}
        />
      </Form.Item>
      {check.data ? (
        <AvailabilityTable availability={check.data} isLoading={check.isFetching} testId="complete-availability" />
      ) : check.isError ? (
        <Alert type="warning" showIcon title={t('availability.failed')} />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginBlockStart: 16 }}>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          loading={complete.isPending}
          disabled={blocked || !valid}
          data-testid="complete-submit"
        >
          {t('complete.submit')}
        </Button>
      </div>
    </Form>
  );
}

export function CompleteTaskModal({
  task,
  onClose,
  onDone,
}: {
  /** The task to complete; null: the dialog is closed. */
  task: Task | null;
  onClose: () => void;
  onDone?: (task: BundleTask) => void;
}) {
  const { t } = useTranslation('bundles');
  return (
    <Modal
      open={!!task}
      onCancel={onClose}
      title={task ? t('complete.title', { number: task.number }) : null}
      footer={null}
      width={720}
      destroyOnHidden
      data-testid="complete-modal"
    >
      {task ? (
        <CompleteForm
          key={task.id}
          task={task}
          onDone={(done) => {
            onDone?.(done);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
