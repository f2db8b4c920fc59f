import {
  compareDecimalText,
  TRANSFER_REASON_MAX,
  type Transfer,
  TransferErrorCode,
  type TransferLine,
  type TransferReceiptInput,
  WarehouseErrorCode,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import { Alert, Button, Checkbox, Drawer, Form, type FormInstance, Input, Switch, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { formatQuantity } from '../../inventory/index.ts';
import { useReceiveTransfer, useReceivingConfig } from '../api.ts';

const FORM_ID = 'transfer-receive-form';
/** The contract's StockQuantity: up to 12 digits and 4 places, not negative. */
const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;

interface LineValues {
  lineId: string;
  quantity: string;
  locationId: string | null;
  close: boolean;
  discrepancyReason: string;
}
interface Values {
  lines: LineValues[];
  closeAll: boolean;
  discrepancyReason: string;
}

/** The line's field a refusal of the server is about. */
const LINE_FIELD_OF_CODE: Readonly<Record<string, keyof LineValues>> = {
  [TransferErrorCode.TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT]: 'quantity',
  [TransferErrorCode.TRANSFER_QUANTITY_NOT_WHOLE]: 'quantity',
  [TransferErrorCode.TRANSFER_LINE_CLOSED]: 'quantity',
  [TransferErrorCode.TRANSFER_DISCREPANCY_REASON_REQUIRED]: 'discrepancyReason',
  [WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE]: 'locationId',
  [WarehouseErrorCode.LOCATION_INACTIVE]: 'locationId',
};

/** Exact difference of two non-negative decimal texts, as text ("" when not both are numbers). */
function shortfall(inTransit: string, received: string): string {
  if (!QUANTITY_PATTERN.test(received) || compareDecimalText(received, inTransit) >= 0) return '0';
  // Scaled to whole ten-thousandths: both have at most 4 places, so BigInt keeps it exact.
  const scaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  };
  const diff = scaled(inTransit) - scaled(received);
  const whole = diff / 10_000n;
  const fraction = (diff % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** One open line: what arrived, where it goes, and whether the line closes (short, with a reason). */
function ReceiveLine({
  index,
  line,
  form,
  warehouseId,
}: {
  index: number;
  line: TransferLine;
  form: FormInstance<Values>;
  warehouseId: string;
}) {
  const { t, i18n } = useTranslation('transfers');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const quantity = (Form.useWatch(['lines', index, 'quantity'], form) as string | undefined)?.trim() ?? '';
  const close = Form.useWatch(['lines', index, 'close'], form) as boolean | undefined;
  const closeAll = Form.useWatch('closeAll', form) as boolean | undefined;
  const short = shortfall(line.inTransitQuantity, quantity);
  const closing = !!close || !!closeAll;
  const writesOff = closing && /[1-9]/.test(short);
  const q = (text: string) => formatQuantity(text, i18n.language);

  return (
    <fieldset
      data-testid="receive-line"
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingSM,
        margin: 0,
        marginBottom: token.marginSM,
        minWidth: 0,
      }}
    >
      <legend
        style={{
          fontSize: token.fontSize,
          fontWeight: 600,
          color: token.colorText,
          padding: `0 ${token.paddingXXS}px`,
          width: 'auto',
          marginBottom: 0,
          border: 0,
        }}
      >
        <bdi>{line.product.sku}</bdi> · <bdi>{line.product.name}</bdi>
      </legend>
      <Typography.Paragraph type="secondary" style={{ marginBottom: token.marginXS }}>
        {t('receive.lineFacts', {
          lineNo: line.lineNo,
          dispatched: q(line.dispatchedQuantity),
          received: q(line.receivedQuantity),
          inTransit: q(line.inTransitQuantity),
        })}
      </Typography.Paragraph>
      <Form.Item name={[index, 'lineId']} hidden>
        <Input />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
        <Form.Item
          name={[index, 'quantity']}
          label={t('receive.receivedNow')}
          rules={[
            { required: true, whitespace: true, message: tc('form.required') },
            {
              validator: (_, value: string | undefined) => {
                const text = value?.trim() ?? '';
                if (!text) return Promise.resolve();
                if (!QUANTITY_PATTERN.test(text)) return Promise.reject(new Error(t('validation.quantity')));
                if (compareDecimalText(text, line.inTransitQuantity) > 0)
                  return Promise.reject(
                    new Error(t('validation.moreThanInTransit', { inTransit: q(line.inTransitQuantity) })),
                  );
                if (line.product.unit === WHOLE_UNIT && !/^\d+(\.0*)?$/.test(text))
                  return Promise.reject(new Error(t('validation.whole')));
                return Promise.resolve();
              },
            },
          ]}
          style={{ flex: '1 1 140px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={17}
            aria-label={t('receive.receivedNowOf', { sku: line.product.sku })}
            data-testid="receive-quantity"
          />
        </Form.Item>
        <Form.Item
          name={[index, 'locationId']}
          label={t('fields.toBin')}
          style={{ flex: '1 1 180px', minWidth: 0, marginBottom: token.marginXS }}
        >
          <LocationSelect
            warehouseId={warehouseId}
            current={line.toLocation}
            placeholder={t('form.receivingBin')}
            aria-label={t('receive.binOf', { sku: line.product.sku })}
            testId="receive-bin"
          />
        </Form.Item>
      </div>
      <Form.Item
        name={[index, 'close']}
        valuePropName="checked"
        style={{ marginBottom: token.marginXS }}
        extra={closeAll ? t('receive.closedByAll') : undefined}
      >
        <Checkbox disabled={!!closeAll} data-testid="receive-close">
          {t('receive.closeLine')}
        </Checkbox>
      </Form.Item>
      {writesOff ? (
        <Alert
          type="warning"
          showIcon
          title={t('receive.writeOff', { quantity: q(short) })}
          style={{ marginBottom: token.marginXS }}
          data-testid="receive-write-off"
        />
      ) : null}
      {closing ? (
        <Form.Item
          name={[index, 'discrepancyReason']}
          label={t('receive.reason')}
          required={writesOff && !closeAll}
          extra={closeAll ? t('receive.reasonFallback') : undefined}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                writesOff && !closeAll && !value?.trim()
                  ? Promise.reject(new Error(t('validation.reasonRequired')))
                  : Promise.resolve(),
            },
          ]}
          style={{ marginBottom: 0 }}
        >
          <Input
            maxLength={TRANSFER_REASON_MAX}
            placeholder={t('receive.reasonPlaceholder')}
            data-testid="receive-reason"
          />
        </Form.Item>
      ) : null}
    </fieldset>
  );
}

function ReceiveForm({
  transfer,
  lines,
  onSubmit,
}: {
  transfer: Transfer;
  lines: TransferLine[];
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('transfers');
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const closeAll = Form.useWatch('closeAll', form) as boolean | undefined;
  const watched = Form.useWatch('lines', form) as LineValues[] | undefined;
  // "Close with discrepancy" needs its reason when any line would still be short after this receipt.
  const anyShort = lines.some((line, i) =>
    /[1-9]/.test(shortfall(line.inTransitQuantity, watched?.[i]?.quantity?.trim() ?? '')),
  );
  // A line without a bin goes to the destination's default receiving bin; without one, into no bin at all.
  const { has } = usePermissions();
  const receiving = useReceivingConfig(transfer.toWarehouse.id, has('view_warehouse'));
  const intoNoBin =
    receiving.data !== undefined &&
    !receiving.data.defaultReceivingLocation &&
    lines.some((line, i) => !(watched?.[i]?.locationId ?? line.toLocation?.id));

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{
        closeAll: false,
        discrepancyReason: '',
        // Everything still on the road arrives, into the line's bin, unless said otherwise.
        lines: lines.map((line) => ({
          lineId: line.id,
          quantity: line.inTransitQuantity,
          locationId: line.toLocation?.id ?? null,
          close: false,
          discrepancyReason: '',
        })),
      }}
      onFinish={(values) => onSubmit(values, form)}
      scrollToFirstError
    >
      <Typography.Paragraph type="secondary">
        {t('receive.intro', { warehouse: transfer.toWarehouse.code })}
      </Typography.Paragraph>
      {intoNoBin ? (
        <Alert
          type="warning"
          showIcon
          data-testid="receive-no-bin"
          title={t('receive.noReceivingBin', { warehouse: transfer.toWarehouse.code })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.List name="lines">
        {(fields) =>
          fields.map((field) => {
            const line = lines[field.name];
            return line ? (
              <ReceiveLine
                key={field.key}
                index={field.name}
                line={line}
                form={form}
                warehouseId={transfer.toWarehouse.id}
              />
            ) : null;
          })
        }
      </Form.List>
      <div
        style={{
          borderTop: `1px solid ${token.colorBorderSecondary}`,
          paddingTop: token.paddingSM,
          marginTop: token.margin,
        }}
      >
        <Form.Item
          name="closeAll"
          valuePropName="checked"
          label={t('receive.closeAll')}
          extra={t('receive.closeAllHelp')}
          style={{ marginBottom: token.marginXS }}
        >
          <Switch data-testid="receive-close-all" />
        </Form.Item>
        {closeAll ? (
          <Form.Item
            name="discrepancyReason"
            label={t('receive.reason')}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const values = form.getFieldValue('lines') as LineValues[] | undefined;
                  const missing = lines.some(
                    (line, i) =>
                      /[1-9]/.test(shortfall(line.inTransitQuantity, values?.[i]?.quantity?.trim() ?? '')) &&
                      !values?.[i]?.discrepancyReason?.trim(),
                  );
                  return anyShort && missing && !value?.trim()
                    ? Promise.reject(new Error(t('validation.reasonRequired')))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              maxLength={TRANSFER_REASON_MAX}
              placeholder={t('receive.reasonPlaceholder')}
              data-testid="receive-close-all-reason"
            />
          </Form.Item>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * "Receive": per open line what arrived (all of what is in transit by default), into which bin, and
 * whether the line closes, short with a reason (written off out of transit at FIFO cost). "Close with
 * discrepancy" closes every line with this receipt. Refusals show on the field they concern.
 */
export function ReceiveDrawer({ transfer, open, onClose }: { transfer: Transfer; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const receive = useReceiveTransfer();
  const [failure, setFailure] = useState<string | null>(null);
  const openLines = transfer.lines.filter((line) => !line.closed);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    setFailure(null);
    const body: TransferReceiptInput = {
      closeAll: values.closeAll,
      discrepancyReason: values.discrepancyReason?.trim() ?? '',
      lines: values.lines.map((l) => ({
        lineId: l.lineId,
        quantity: l.quantity.trim(),
        locationId: l.locationId ?? null,
        close: !!l.close,
        discrepancyReason: l.discrepancyReason?.trim() ?? '',
      })),
    };
    try {
      const result = await receive.mutateAsync({ id: transfer.id, body });
      notifySuccess(
        result.transfer.status === 'RECEIVED'
          ? t('receive.doneAll', { number: transfer.number })
          : t('receive.donePart', { number: transfer.number }),
      );
      close();
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      if (error instanceof ApiError) {
        const details = errorDetails(error);
        const index = openLines.findIndex((line) => line.id === details.lineId);
        const field = LINE_FIELD_OF_CODE[error.code];
        if (index >= 0 && field) {
          const message =
            error.code === TransferErrorCode.TRANSFER_RECEIPT_EXCEEDS_IN_TRANSIT
              ? t('validation.moreThanInTransit', { inTransit: String(details.inTransit ?? '') })
              : text;
          form.setFields([{ name: ['lines', index, field], errors: [message] }]);
          return;
        }
      }
      setFailure(text);
    }
  };

  return (
    // The shared form drawer's button says "Save"; this one posts stock, so it says what it does.
    <Drawer
      open={open}
      onClose={close}
      title={t('receive.title', { number: transfer.number })}
      size={640}
      destroyOnHidden
      data-testid="receive-drawer"
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={close}>{tc('actions.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            form={FORM_ID}
            loading={receive.isPending}
            data-testid="receive-submit"
          >
            {t('receive.submit')}
          </Button>
        </div>
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {open ? (
        <ReceiveForm key={transfer.updatedAt} transfer={transfer} lines={openLines} onSubmit={handleSubmit} />
      ) : null}
    </Drawer>
  );
}
