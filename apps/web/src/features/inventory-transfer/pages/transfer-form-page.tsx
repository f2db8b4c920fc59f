import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  StockErrorCode,
  TRANSFER_LINES_MAX,
  TRANSFER_NOTES_MAX,
  type Transfer,
  TransferErrorCode,
  type TransferInput,
  transferDocument,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Form, Input, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { blankLine, type EditorLine, linesAreValid } from '../../../shared/ui/documents/lines.ts';
import { type BinColumn, type LineErrors, LinesEditor } from '../../../shared/ui/documents/lines-editor.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { serverFieldErrors } from '../../currency/index.ts';
import { useCreateTransfer, useTransfer, useUpdateTransfer } from '../api.ts';
import { AvailableHint } from '../components/available-hint.tsx';
import { TRANSFER_LIST_PATH, transferUrl } from '../urls.ts';

/** A transfer line's product and bin pickers. */
const LINE_PICKERS = { ProductField: ProductPicker, BinField: LocationSelect };

const FORM_ID = 'transfer-form';
const DATE_FORMAT = 'YYYY-MM-DD';
/** The lines' bin columns: the source bin (empty: picking order) and the destination bin (empty: receiving bin). */
const FROM_BIN = 'fromLocationId';
const TO_BIN = 'toLocationId';
const BIN_KEYS = [FROM_BIN, TO_BIN] as const;

interface Values {
  fromWarehouseId?: string | null;
  toWarehouseId?: string | null;
  expectedDate: Dayjs | null;
  notes: string;
  lines: EditorLine[];
}

const FIELDS = ['fromWarehouseId', 'toWarehouseId', 'expectedDate', 'notes', 'lines'] as const;
/** The line field a refusal is about, by its code; else the details' field. */
const LINE_FIELD_OF_CODE: Readonly<Record<string, string>> = {
  [TransferErrorCode.TRANSFER_PRODUCT_UNKNOWN]: 'product',
  [TransferErrorCode.TRANSFER_DUPLICATE_PRODUCT]: 'product',
  [TransferErrorCode.TRANSFER_QUANTITY_NOT_WHOLE]: 'quantity',
  [StockErrorCode.PRODUCT_NOT_STOCKED]: 'product',
  [StockErrorCode.PRODUCT_INACTIVE]: 'product',
};
const LINE_FIELD_OF_DETAIL: Readonly<Record<string, string>> = {
  productId: 'product',
  quantity: 'quantity',
  fromLocationId: FROM_BIN,
  toLocationId: TO_BIN,
};

/** The form's values of a stored draft. */
function valuesOf(transfer: Transfer): Values {
  return {
    fromWarehouseId: transfer.fromWarehouse.id,
    toWarehouseId: transfer.toWarehouse.id,
    expectedDate: transfer.expectedDate ? dayjs(transfer.expectedDate, DATE_FORMAT) : null,
    notes: transfer.notes,
    lines: transfer.lines.map((l) => ({
      ...blankLine(BIN_KEYS),
      product: l.product,
      quantity: l.quantity,
      bins: { [FROM_BIN]: l.fromLocation?.id ?? null, [TO_BIN]: l.toLocation?.id ?? null },
    })),
  };
}

function TransferForm({ transfer }: { transfer: Transfer | null }) {
  const { t } = useTranslation('transfers');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const create = useCreateTransfer();
  const update = useUpdateTransfer();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const fromWarehouseId = Form.useWatch('fromWarehouseId', form);
  const toWarehouseId = Form.useWatch('toWarehouseId', form);
  const storedBins = useMemo(
    () =>
      new Map(
        (transfer?.lines ?? []).flatMap((l) => [
          ...(l.fromLocation ? [[l.fromLocation.id, l.fromLocation] as const] : []),
          ...(l.toLocation ? [[l.toLocation.id, l.toLocation] as const] : []),
        ]),
      ),
    [transfer],
  );
  const binColumns: BinColumn[] = [
    {
      key: FROM_BIN,
      label: t('fields.fromBin'),
      warehouseId: fromWarehouseId,
      placeholder: t('form.anyBin'),
      ariaLabel: (lineNo) => t('form.fromBinOfLine', { lineNo }),
      testId: 'transfer-line-from-bin',
    },
    {
      key: TO_BIN,
      label: t('fields.toBin'),
      warehouseId: toWarehouseId,
      placeholder: t('form.receivingBin'),
      ariaLabel: (lineNo) => t('form.toBinOfLine', { lineNo }),
      testId: 'transfer-line-to-bin',
    },
  ];
  const saving = create.isPending || update.isPending;
  const required = { required: true, message: tc('form.required') };
  const cancelTo = transfer ? transferUrl(transfer.id) : TRANSFER_LIST_PATH;

  const showError = (error: unknown) => {
    const text = errorText(error);
    if (!text) return;
    if (error instanceof ApiError) {
      const details = errorDetails(error);
      const line = typeof details.line === 'number' ? details.line : undefined;
      const field = typeof details.field === 'string' ? details.field : undefined;
      if (line !== undefined) {
        const lineField = LINE_FIELD_OF_CODE[error.code] ?? (field ? LINE_FIELD_OF_DETAIL[field] : undefined);
        if (lineField) {
          setLineErrors({ [line]: { [lineField]: text } });
          form.scrollToField('lines');
          return;
        }
      }
      if (field === 'fromWarehouseId' || field === 'toWarehouseId') {
        form.setFields([{ name: field, errors: [text] }]);
        return;
      }
      if (error.code === TransferErrorCode.TRANSFER_SAME_WAREHOUSE) {
        form.setFields([{ name: 'toWarehouseId', errors: [text] }]);
        return;
      }
    }
    const fields = serverFieldErrors<Values>(error, FIELDS);
    if (fields.length) form.setFields(fields);
    else setFailure(text);
  };

  const handleSubmit = async (values: Values) => {
    setFailure(null);
    setLineErrors({});
    const body: TransferInput = {
      fromWarehouseId: values.fromWarehouseId ?? '',
      toWarehouseId: values.toWarehouseId ?? '',
      expectedDate: values.expectedDate ? values.expectedDate.format(DATE_FORMAT) : null,
      notes: values.notes?.trim() ?? '',
      lines: values.lines.map((l) => ({
        productId: l.product?.id ?? '',
        quantity: l.quantity.trim(),
        fromLocationId: l.bins[FROM_BIN] ?? null,
        toLocationId: l.bins[TO_BIN] ?? null,
      })),
    };
    try {
      const saved = transfer
        ? await update.mutateAsync({ id: transfer.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(transfer ? tc('form.saved') : t('form.created', { number: saved.number }));
      navigate(transferUrl(saved.id), { replace: !transfer });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={transfer ? valuesOf(transfer) : { expectedDate: null, notes: '', lines: [blankLine(BIN_KEYS)] }}
      onValuesChange={(changed: Partial<Values>) => {
        // The server's complaint about a line is about the lines as they were.
        if ('lines' in changed) setLineErrors({});
        // A bin belongs to its warehouse: another warehouse clears the lines' bins on that side.
        const side = 'fromWarehouseId' in changed ? FROM_BIN : 'toWarehouseId' in changed ? TO_BIN : null;
        if (side) {
          const lines = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
          form.setFieldValue(
            'lines',
            lines.map((l) => ({ ...l, bins: { ...l.bins, [side]: null } })),
          );
        }
      }}
      onFinish={handleSubmit}
      onFinishFailed={() => setTried(true)}
      scrollToFirstError
    >
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: token.margin }}
          data-testid="transfer-failure"
        />
      ) : null}
      <Panel title={t('form.route')} style={{ marginBottom: token.margin }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
          <Form.Item
            name="fromWarehouseId"
            label={t('fields.fromWarehouse')}
            rules={[required]}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <WarehouseSelect
              activeOnly
              testId="transfer-from"
              {...(transfer ? { current: { ...transfer.fromWarehouse, active: true } } : {})}
            />
          </Form.Item>
          <span aria-hidden style={{ marginTop: 36, color: token.colorTextSecondary }}>
            {direction === 'rtl' ? <ArrowLeftOutlined /> : <ArrowRightOutlined />}
          </span>
          <Form.Item
            name="toWarehouseId"
            label={t('fields.toWarehouse')}
            dependencies={['fromWarehouseId']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_, value: string | null | undefined) =>
                  value && value === getFieldValue('fromWarehouseId')
                    ? Promise.reject(new Error(t('validation.sameWarehouse')))
                    : Promise.resolve(),
              }),
            ]}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          >
            <WarehouseSelect
              activeOnly
              testId="transfer-to"
              {...(transfer ? { current: { ...transfer.toWarehouse, active: true } } : {})}
            />
          </Form.Item>
          <Form.Item
            name="expectedDate"
            label={t('fields.expectedDate')}
            extra={t('form.expectedDateHelp')}
            style={{ flex: '0 1 200px', minWidth: 0 }}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="transfer-expected-date" />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={t('fields.notes')} style={{ marginBottom: 0 }}>
          <Input.TextArea
            rows={2}
            maxLength={TRANSFER_NOTES_MAX}
            showCount
            placeholder={t('form.notesPlaceholder')}
            data-testid="transfer-notes"
          />
        </Form.Item>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.linesHelp')}</Typography.Paragraph>
        <Form.Item
          name="lines"
          // Each line shows its own problems as it is left; the whole list is judged when saving.
          validateTrigger={tried ? 'onChange' : []}
          rules={[
            {
              validator: (_, lines: EditorLine[] | undefined) =>
                !lines?.length
                  ? Promise.reject(new Error(t('validation.noLines')))
                  : linesAreValid(lines)
                    ? Promise.resolve()
                    : Promise.reject(new Error(td('lines.validation.fixLines'))),
            },
          ]}
          style={{ marginBottom: 0 }}
        >
          <LinesEditor
            components={LINE_PICKERS}
            bins={binColumns}
            testIdPrefix="transfer-line"
            addTestId="transfer-add-line"
            maxLines={TRANSFER_LINES_MAX}
            showErrors={tried}
            errors={lineErrors}
            knownBins={storedBins}
            quantityExtra={(line) =>
              line.product && fromWarehouseId ? (
                <AvailableHint
                  productId={line.product.id}
                  warehouseId={fromWarehouseId}
                  quantity={line.quantity.trim()}
                />
              ) : null
            }
          />
        </Form.Item>
      </Panel>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <Button onClick={() => navigate(cancelTo)} data-testid="transfer-form-cancel">
          {tc('actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="transfer-save">
          {t('form.saveDraft')}
        </Button>
      </div>
    </Form>
  );
}

/** The permissions the pickers need: products and warehouses are searched under their own. */
function useMissingPermissions() {
  const { has } = usePermissions();
  return [
    ...(has('view_product') ? [] : (['form.needsProductPermission'] as const)),
    ...(has('view_warehouse') ? [] : (['form.needsWarehousePermission'] as const)),
  ];
}

function MissingPermissions({ keys }: { keys: ReturnType<typeof useMissingPermissions> }) {
  const { t } = useTranslation('transfers');
  return (
    <>
      {keys.map((key) => (
        <Alert key={key} type="warning" showIcon title={t(key)} style={{ marginBottom: 8 }} />
      ))}
    </>
  );
}

/** "New transfer": a draft with its warehouses and lines; saving gives it its number and opens it. */
export function TransferNewPage() {
  const { t } = useTranslation('transfers');
  const missing = useMissingPermissions();
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.newIntro')}</Typography.Text>
      </PageHeader>
      {missing.length ? <MissingPermissions keys={missing} /> : <TransferForm transfer={null} />}
    </>
  );
}

/** Editing a draft; a transfer already dispatched or canceled is shown as such, with the way back to it. */
export function TransferEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('transfers');
  const { t: td } = useTranslation('documents');
  const transfer = useTransfer(id);
  const missing = useMissingPermissions();
  return (
    <DetailFrame
      query={transfer}
      number={(data) => data.number}
      numberTestId="transfer-number"
      tags={(data) => <StatusTag doc={transferDocument} status={data.status} testId="transfer-status" />}
    >
      {(data) =>
        data.status !== 'DRAFT' ? (
          <Alert
            type="info"
            showIcon
            title={t('form.notDraft', {
              number: data.number,
              status: td(documentKey.status(transferDocument, data.status)),
            })}
            action={<Link to={transferUrl(data.id)}>{t('form.openTransfer')}</Link>}
          />
        ) : (
          <>
            <MissingPermissions keys={missing} />
            {missing.length ? null : <TransferForm key={data.updatedAt} transfer={data} />}
          </>
        )
      }
    </DetailFrame>
  );
}
