import {
  RMA_LINES_MAX,
  RMA_NOTE_MAX,
  RMA_REASON_MAX,
  type Rma,
  RmaErrorCode,
  type RmaInput,
  rmaDocument,
  StockErrorCode,
} from '@backoffice/contracts';
import { Alert, Button, Form, Input, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { ProductPicker } from '../../../lookups/product-picker.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
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
import { useCreateRma, useRma, useUpdateRma } from '../api.ts';
import { ReceiptSelect } from '../components/receipt-select.tsx';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { RMA_LIST_PATH, rmaUrl } from '../urls.ts';

/** An RMA line's product and bin pickers. */
const LINE_PICKERS = { ProductField: ProductPicker, BinField: LocationSelect };
const FORM_ID = 'rma-form';
const BIN = 'locationId';

interface Values {
  supplierId?: string | null;
  warehouseId?: string | null;
  note: string;
  lines: EditorLine[];
}

const FIELDS = ['supplierId', 'warehouseId', 'note', 'lines'] as const;
/** The line field a refusal is about, by its code; else the details' field. */
const LINE_FIELD_OF_CODE: Readonly<Record<string, string>> = {
  [RmaErrorCode.RMA_QUANTITY_NOT_WHOLE]: 'quantity',
  [StockErrorCode.PRODUCT_NOT_STOCKED]: 'product',
};
const LINE_FIELD_OF_DETAIL: Readonly<Record<string, string>> = {
  productId: 'product',
  quantity: 'quantity',
  locationId: BIN,
  // The receipt is the line's own field: shown on its quantity, which it limits.
  receiptLineId: 'quantity',
};

function valuesOf(rma: Rma): Values {
  return {
    supplierId: rma.supplier.id,
    warehouseId: rma.warehouse.id,
    note: rma.note,
    lines: rma.lines.map((l) => ({
      ...blankLine([BIN]),
      product: l.product,
      quantity: l.quantity,
      bins: { [BIN]: l.location?.id ?? null },
      extra: { receiptLineId: l.receipt?.lineId ?? '', reason: l.reason },
    })),
  };
}

function RmaForm({ rma }: { rma: Rma | null }) {
  const { t } = useTranslation('rmas');
  const { t: td } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const create = useCreateRma();
  const update = useUpdateRma();
  const submission = useSubmissionKey();
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const supplierId = Form.useWatch('supplierId', form);
  const warehouseId = Form.useWatch('warehouseId', form);
  const storedBins = useMemo(
    () => new Map((rma?.lines ?? []).flatMap((l) => (l.location ? [[l.location.id, l.location] as const] : []))),
    [rma],
  );
  const storedReceipts = useMemo(
    () =>
      new Map(
        (rma?.lines ?? []).flatMap((l) =>
          l.receipt
            ? [
                [
                  l.receipt.lineId,
                  { lineId: l.receipt.lineId, number: l.receipt.number, lineNo: l.receipt.lineNo },
                ] as const,
              ]
            : [],
        ),
      ),
    [rma],
  );
  const binColumns: BinColumn[] = [
    {
      key: BIN,
      label: t('fields.bin'),
      warehouseId,
      placeholder: t('form.anyBin'),
      ariaLabel: (lineNo) => t('form.binOfLine', { lineNo }),
      testId: 'rma-line-bin',
    },
  ];
  const saving = create.isPending || update.isPending;
  const required = { required: true, message: tc('form.required') };
  const cancelTo = rma ? rmaUrl(rma.id) : RMA_LIST_PATH;

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
      if (field === 'supplierId' || field === 'warehouseId') {
        form.setFields([{ name: field, errors: [text] }]);
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
    const body: RmaInput = {
      supplierId: values.supplierId ?? '',
      warehouseId: values.warehouseId ?? '',
      note: values.note?.trim() ?? '',
      lines: values.lines.map((l) => ({
        productId: l.product?.id ?? '',
        quantity: l.quantity.trim(),
        reason: l.extra?.reason?.trim() ?? '',
        receiptLineId: l.extra?.receiptLineId || null,
        locationId: l.bins[BIN] ?? null,
      })),
    };
    try {
      const saved = rma
        ? await update.mutateAsync({ id: rma.id, body })
        : await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      notifySuccess(rma ? tc('form.saved') : t('form.created', { number: saved.number }));
      navigate(rmaUrl(saved.id), { replace: !rma });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={rma ? valuesOf(rma) : { note: '', lines: [blankLine([BIN])] }}
      onValuesChange={(changed: Partial<Values>) => {
        if ('lines' in changed) setLineErrors({});
        // Bins and receipts belong to a warehouse and a supplier: another one clears them on every line.
        if ('warehouseId' in changed || 'supplierId' in changed) {
          const lines = (form.getFieldValue('lines') as EditorLine[] | undefined) ?? [];
          form.setFieldValue(
            'lines',
            lines.map((l) => ({
              ...l,
              bins: 'warehouseId' in changed ? { ...l.bins, [BIN]: null } : l.bins,
              extra: { ...l.extra, receiptLineId: '' },
            })),
          );
        }
      }}
      onFinish={handleSubmit}
      onFinishFailed={() => setTried(true)}
      scrollToFirstError
    >
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: token.margin }} data-testid="rma-failure" />
      ) : null}
      <Panel title={t('form.parties')} style={{ marginBottom: token.margin }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
          <Form.Item
            name="supplierId"
            label={t('fields.supplier')}
            rules={[required]}
            style={{ flex: '1 1 260px', minWidth: 0 }}
          >
            <SupplierSelect activeOnly testId="rma-supplier" current={rma?.supplier ?? null} />
          </Form.Item>
          <Form.Item
            name="warehouseId"
            label={t('fields.warehouse')}
            rules={[required]}
            style={{ flex: '1 1 260px', minWidth: 0 }}
          >
            <WarehouseSelect
              activeOnly
              testId="rma-warehouse"
              {...(rma ? { current: { ...rma.warehouse, active: true } } : {})}
            />
          </Form.Item>
        </div>
        <Form.Item name="note" label={t('fields.note')} style={{ marginBottom: 0 }}>
          <Input.TextArea
            rows={2}
            maxLength={RMA_NOTE_MAX}
            showCount
            placeholder={t('form.notePlaceholder')}
            data-testid="rma-note"
          />
        </Form.Item>
      </Panel>
      <Panel title={t('form.lines')} style={{ marginBottom: token.margin }}>
        <Typography.Paragraph type="secondary">{t('form.linesHelp')}</Typography.Paragraph>
        <Form.Item
          name="lines"
          validateTrigger={tried ? 'onChange' : []}
          rules={[
            {
              validator: (_, lines: EditorLine[] | undefined) =>
                !lines?.length
                  ? Promise.reject(new Error(t('form.noLines')))
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
            testIdPrefix="rma-line"
            addTestId="rma-add-line"
            maxLines={RMA_LINES_MAX}
            uniqueProducts={false}
            showErrors={tried}
            errors={lineErrors}
            knownBins={storedBins}
            lineExtra={(line, index, set) => (
              <>
                <div style={{ flex: '1 1 260px', minWidth: 0 }} data-line-field="receipt">
                  <span style={{ display: 'block', marginBottom: 4 }} aria-hidden>
                    <bdi>{t('fields.receipt')}</bdi>
                  </span>
                  <ReceiptSelect
                    supplierId={supplierId}
                    warehouseId={warehouseId}
                    productId={line.product?.id}
                    value={line.extra?.receiptLineId ?? ''}
                    onChange={(receiptLineId) => set({ receiptLineId })}
                    current={storedReceipts.get(line.extra?.receiptLineId ?? '') ?? null}
                    ariaLabel={t('form.receiptOfLine', { lineNo: index + 1 })}
                    testId="rma-line-receipt"
                  />
                </div>
                <div style={{ flex: '1 1 200px', minWidth: 0 }} data-line-field="reason">
                  <label htmlFor={`rma-reason-${line.key}`} style={{ display: 'block', marginBottom: 4 }}>
                    <bdi>{t('fields.reason')}</bdi>
                  </label>
                  <Input
                    id={`rma-reason-${line.key}`}
                    value={line.extra?.reason ?? ''}
                    onChange={(event) => set({ reason: event.target.value })}
                    maxLength={RMA_REASON_MAX}
                    placeholder={t('form.reasonPlaceholder')}
                    autoComplete="off"
                    aria-label={t('form.reasonOfLine', { lineNo: index + 1 })}
                    data-testid="rma-line-reason"
                  />
                </div>
              </>
            )}
          />
        </Form.Item>
      </Panel>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: token.marginXS }}>
        <Button onClick={() => navigate(cancelTo)} data-testid="rma-form-cancel">
          {tc('actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="rma-save">
          {t('form.saveDraft')}
        </Button>
      </div>
    </Form>
  );
}

/** "Create RMA": a draft with its supplier, warehouse and lines; saving gives it its number and opens it. */
export function RmaNewPage() {
  const { t } = useTranslation('rmas');
  return (
    <>
      <PageHeader>
        <Typography.Text type="secondary">{t('form.newIntro')}</Typography.Text>
      </PageHeader>
      <RmaForm rma={null} />
    </>
  );
}

/** Editing a draft; an RMA past its draft is shown as such, with the way back to it. */
export function RmaEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('rmas');
  const { t: td } = useTranslation('documents');
  const query = useRma(id);
  return (
    <DetailFrame
      query={query}
      number={(data) => data.number}
      numberTestId="rma-number"
      tags={(data) => <StatusTag doc={rmaDocument} status={data.status} testId="rma-status" />}
    >
      {(data) =>
        data.status !== 'DRAFT' ? (
          <Alert
            type="info"
            showIcon
            title={t('form.notDraft', {
              number: data.number,
              status: td(documentKey.status(rmaDocument, data.status)),
            })}
            action={<Link to={rmaUrl(data.id)}>{t('form.openRma')}</Link>}
          />
        ) : (
          <RmaForm key={data.updatedAt} rma={data} />
        )
      }
    </DetailFrame>
  );
}
