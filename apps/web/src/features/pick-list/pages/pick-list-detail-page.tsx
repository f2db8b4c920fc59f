import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, CloseCircleOutlined } from '@ant-design/icons';
import {
  PICK_LIST_SHORT_PICK_CHOICES,
  type PickList,
  type PickListInvoice,
  type PickListLine,
  type PickListShortPick,
  pickListDocument,
  salesInvoiceDocument,
} from '@backoffice/contracts';
import { Alert, Button, Descriptions, Input, type InputRef, Progress, Radio, Select, Table, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { ActionBar } from '../../../shared/ui/documents/action-bar.tsx';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { pickListPdfPath, useCancelPickList, useConfirmPickList, usePickList, useScanPickList } from '../api.ts';
import { isAboveZero, isComplete, pickedPercent } from '../quantity.ts';
import { type BackState, PICK_LIST_PATH, rememberedWarehouse } from '../urls.ts';

const SALES_INVOICE_PATH = '/sales-invoice/sales-invoice';
const invoiceUrl = (id: string) => `${SALES_INVOICE_PATH}/${encodeURIComponent(id)}`;

/** The scan field: a scanner (keyboard wedge) types the code and Enter; the field keeps the focus for the next one. */
function ScanBox({ list }: { list: PickList }) {
  const { t, i18n } = useTranslation('pickLists');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const scan = useScanPickList();
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const field = useRef<InputRef>(null);
  useEffect(() => {
    field.current?.focus();
  }, []);

  const submit = async () => {
    const value = code.trim();
    // The field stays enabled (disabling it would take the focus from the scanner); a scan waits for the last one.
    if (!value || scan.isPending) return;
    try {
      const after = await scan.mutateAsync({
        id: list.id,
        body: {
          code: value,
          ...(quantity.trim() ? { quantity: quantity.trim() } : {}),
          warehouseId: rememberedWarehouse() ?? list.warehouse.id,
        },
      });
      const line = after.lines.find(
        (l) => l.product.sku.toUpperCase() === value.toUpperCase() || l.product.barcode === value,
      );
      setMessage({
        type: 'success',
        text: line
          ? t('detail.scanned', {
              sku: line.product.sku,
              picked: formatQuantity(line.picked, i18n.language),
              required: formatQuantity(line.required, i18n.language),
            })
          : t('detail.scannedCode', { code: value }),
      });
      setQuantity('');
    } catch (error) {
      setMessage({ type: 'error', text: errorText(error) ?? t('detail.scanFailed') });
    } finally {
      setCode('');
      field.current?.focus();
    }
  };

  return (
    <Panel title={t('detail.scanTitle')} style={{ marginBottom: token.margin }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-end' }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: '1 1 260px' }}>
          <label htmlFor="pl-scan-code">{t('detail.scanLabel')}</label>
          <Input
            id="pl-scan-code"
            ref={field}
            data-testid="pl-scan"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onBlur={() => {
              // Keep the focus for the scanner unless the picker moved to another control on purpose.
              setTimeout(() => {
                if (document.activeElement === document.body) field.current?.focus();
              }, 0);
            }}
            autoComplete="off"
            placeholder={t('detail.scanPlaceholder')}
            aria-busy={scan.isPending}
          />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, width: 120 }}>
          <label htmlFor="pl-scan-quantity">{t('detail.quantityLabel')}</label>
          <Input
            id="pl-scan-quantity"
            data-testid="pl-scan-quantity"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            inputMode="decimal"
            placeholder="1"
          />
        </div>
        <Button htmlType="submit" type="primary" loading={scan.isPending} data-testid="pl-scan-submit">
          {t('detail.scanSubmit')}
        </Button>
      </form>
      <div aria-live="polite" style={{ marginTop: message ? token.marginSM : 0 }}>
        {message ? (
          <Alert type={message.type} showIcon title={message.text} data-testid={`pl-scan-${message.type}`} />
        ) : null}
      </div>
    </Panel>
  );
}

function LinesTable({ list }: { list: PickList }) {
  const { t, i18n } = useTranslation('pickLists');
  const { token } = theme.useToken();
  const q = (v: string) => formatQuantity(v, i18n.language);
  const columns: ColumnsType<PickListLine> = [
    {
      key: 'bin',
      title: t('fields.bin'),
      render: (_, l) => (l.bin ? <bdi>{l.bin.code}</bdi> : <span>{t('detail.noBin')}</span>),
    },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi data-testid="pl-line-sku">{l.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.product.name}</span>
        </span>
      ),
    },
    {
      key: 'barcode',
      title: t('fields.barcode'),
      render: (_, l) => (l.product.barcode ? <bdi>{l.product.barcode}</bdi> : '—'),
    },
    {
      key: 'picked',
      title: t('fields.picked'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 180 }}>
          <Progress
            percent={pickedPercent(l.picked, l.required)}
            size="small"
            showInfo={false}
            status={isComplete(l.picked, l.required) ? 'success' : 'active'}
            aria-label={t('detail.progressOf', { sku: l.product.sku })}
            style={{ width: 90, margin: 0 }}
          />
          <bdi data-testid="pl-line-picked" style={{ whiteSpace: 'nowrap' }}>
            {t('detail.pickedOf', { picked: q(l.picked), required: q(l.required) })}
          </bdi>
        </span>
      ),
    },
    {
      key: 'invoices',
      title: t('fields.invoices'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 6 }}>
          {l.invoices.map((i) => (
            <bdi key={i.invoiceId} style={{ whiteSpace: 'nowrap' }}>
              {`${i.number} × ${q(i.required)}`}
            </bdi>
          ))}
        </span>
      ),
    },
  ];
  return (
    <Table<PickListLine>
      data-testid="pl-lines"
      rowKey={(l) => l.product.id}
      size="small"
      columns={columns}
      dataSource={list.lines}
      pagination={false}
      locale={{ emptyText: t('detail.noLines') }}
    />
  );
}

function InvoicesTable({
  list,
  choices,
  onChoice,
}: {
  list: PickList;
  choices: Record<string, PickListShortPick>;
  onChoice: (id: string, choice: PickListShortPick | null) => void;
}) {
  const { t, i18n } = useTranslation('pickLists');
  const { t: td } = useTranslation('documents');
  const open = list.status === 'OPEN';
  const columns: ColumnsType<PickListInvoice> = [
    {
      key: 'number',
      title: t('fields.invoice'),
      render: (_, i) => (
        <Link to={invoiceUrl(i.id)} data-testid="pl-invoice-link">
          <bdi>{i.number}</bdi>
        </Link>
      ),
    },
    { key: 'date', dataIndex: 'invoiceDate', title: t('fields.invoiceDate'), render: (v: string) => <bdi>{v}</bdi> },
    { key: 'customer', dataIndex: 'customerName', title: t('fields.customer'), render: (v: string) => <bdi>{v}</bdi> },
    {
      key: 'quantity',
      dataIndex: 'totalQuantity',
      title: t('fields.quantity'),
      align: 'end',
      render: (v: string) => <bdi>{formatQuantity(v, i18n.language)}</bdi>,
    },
    {
      key: 'status',
      title: t('fields.invoiceStatus'),
      render: (_, i) => (
        <span style={{ display: 'inline-flex', gap: 6, flexWrap: 'wrap' }}>
          <StatusTag doc={salesInvoiceDocument} status={i.status} testId="pl-invoice-status" />
          {i.outcome ? <span>{t(`outcomes.${i.outcome}`)}</span> : null}
          {i.backorder ? (
            <Link to={invoiceUrl(i.backorder.id)} data-testid="pl-backorder-link">
              {t('detail.backorder', { number: i.backorder.number })}
            </Link>
          ) : null}
        </span>
      ),
    },
    ...(open
      ? [
          {
            key: 'choice',
            title: t('detail.ifShort'),
            render: (_: unknown, i: PickListInvoice) => (
              <Select
                aria-label={t('detail.ifShortFor', { number: i.number })}
                value={choices[i.id] ?? ''}
                onChange={(v: string) => onChoice(i.id, (v || null) as PickListShortPick | null)}
                options={[
                  { value: '', label: t('detail.asList') },
                  ...PICK_LIST_SHORT_PICK_CHOICES.map((c) => ({ value: c, label: t(`shortPick.${c}`) })),
                ]}
                style={{ minWidth: 180 }}
                popupMatchSelectWidth={false}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<PickListInvoice>
      data-testid="pl-invoices"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={list.invoices}
      pagination={false}
      locale={{ emptyText: td('common.notFound') }}
    />
  );
}

function PickListBody({
  list,
  shortPick,
  setShortPick,
  choices,
  setChoices,
}: {
  list: PickList;
  shortPick: PickListShortPick;
  setShortPick: (v: PickListShortPick) => void;
  choices: Record<string, PickListShortPick>;
  setChoices: (v: Record<string, PickListShortPick>) => void;
}) {
  const { t, i18n } = useTranslation('pickLists');
  const { token } = theme.useToken();
  const q = (v: string) => formatQuantity(v, i18n.language);
  const open = list.status === 'OPEN';
  const here = rememberedWarehouse();
  const short = !isComplete(list.pickedQuantity, list.requiredQuantity);
  return (
    <>
      {open && here && here !== list.warehouse.id ? (
        <Alert
          type="warning"
          showIcon
          data-testid="pl-other-warehouse"
          title={t('detail.otherWarehouse', { code: list.warehouse.code })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'warehouse',
              label: t('fields.warehouse'),
              children: <bdi>{`${list.warehouse.code} · ${list.warehouse.name}`}</bdi>,
            },
            {
              key: 'progress',
              label: t('fields.picked'),
              children: (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 200 }}>
                  <Progress
                    percent={pickedPercent(list.pickedQuantity, list.requiredQuantity)}
                    size="small"
                    aria-label={t('fields.picked')}
                    style={{ width: 120, margin: 0 }}
                  />
                  <bdi data-testid="pl-total-picked">
                    {t('detail.pickedOf', { picked: q(list.pickedQuantity), required: q(list.requiredQuantity) })}
                  </bdi>
                </span>
              ),
            },
            { key: 'invoices', label: t('fields.invoices'), children: list.invoiceCount },
            {
              key: 'created',
              label: t('fields.createdAt'),
              children: (
                <bdi>{`${formatDateTime(list.createdAt)}${list.createdBy ? ` · ${list.createdBy.username}` : ''}`}</bdi>
              ),
            },
            ...(list.confirmedAt
              ? [
                  {
                    key: 'confirmed',
                    label: t('fields.confirmedAt'),
                    children: (
                      <bdi>{`${formatDateTime(list.confirmedAt)}${list.confirmedBy ? ` · ${list.confirmedBy.username}` : ''}`}</bdi>
                    ),
                  },
                ]
              : []),
            ...(list.shortPick
              ? [{ key: 'shortPick', label: t('detail.ifShort'), children: t(`shortPick.${list.shortPick}`) }]
              : []),
          ]}
        />
      </Panel>
      {open ? <ScanBox list={list} /> : null}
      <Panel title={t('detail.lines')} style={{ marginBottom: token.margin }}>
        <LinesTable list={list} />
      </Panel>
      {open ? (
        <Panel title={t('detail.shortTitle')} style={{ marginBottom: token.margin }}>
          <p style={{ marginTop: 0 }}>{short ? t('detail.shortHint') : t('detail.allPicked')}</p>
          <Radio.Group
            data-testid="pl-short-pick"
            aria-label={t('detail.ifShort')}
            value={shortPick}
            onChange={(e) => setShortPick(e.target.value as PickListShortPick)}
            options={PICK_LIST_SHORT_PICK_CHOICES.map((c) => ({
              value: c,
              label: <span data-testid={`pl-short-${c}`}>{t(`shortPick.${c}`)}</span>,
            }))}
          />
          <p style={{ color: token.colorTextSecondary, marginBottom: 0 }}>{t(`shortPickHint.${shortPick}`)}</p>
        </Panel>
      ) : null}
      <Panel title={t('fields.invoices')} style={{ marginBottom: token.margin }}>
        <InvoicesTable
          list={list}
          choices={choices}
          onChoice={(id, c) => {
            const next = { ...choices };
            if (c) next[id] = c;
            else delete next[id];
            setChoices(next);
          }}
        />
      </Panel>
      {isAboveZero(list.pickedQuantity) || !open ? null : (
        <p style={{ color: token.colorTextSecondary }}>{t('detail.nothingPicked')}</p>
      )}
    </>
  );
}

/** One pick list: lines in pick order with their progress, the scan field, the short-pick choice, confirm, cancel, print. */
export function PickListDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('pickLists');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const location = useLocation();
  const query = usePickList(id);
  const confirm = useConfirmPickList();
  const cancel = useCancelPickList();
  const [shortPick, setShortPick] = useState<PickListShortPick>('BACK_TO_BOOKED');
  const [choices, setChoices] = useState<Record<string, PickListShortPick>>({});
  const backState = location.state as BackState | null;

  const back = (
    <Link
      to={backState?.backTo ?? PICK_LIST_PATH}
      style={{ display: 'inline-flex', gap: token.marginXXS }}
      data-testid="pl-back"
    >
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );

  const actions = (list: PickList) => (
    <ActionBar
      doc={pickListDocument}
      status={list.status}
      number={list.number}
      print={{ path: pickListPdfPath(list.id), fileName: `${list.number}.pdf` }}
      handlers={{
        confirm: {
          run: () =>
            confirm.mutateAsync({
              id: list.id,
              body: {
                warehouseId: rememberedWarehouse() ?? list.warehouse.id,
                shortPick,
                invoiceChoices: Object.entries(choices).map(([invoiceId, c]) => ({ invoiceId, shortPick: c })),
              },
            }),
          description: t(`shortPickHint.${shortPick}`),
          primary: true,
          icon: <CheckOutlined />,
          testId: 'pl-confirm',
        },
        cancel: {
          run: () => cancel.mutateAsync({ id: list.id }),
          icon: <CloseCircleOutlined />,
          testId: 'pl-cancel',
        },
      }}
    />
  );

  return (
    <DetailFrame
      query={query}
      number={(list) => list.number}
      numberTestId="pl-number"
      back={back}
      tags={(list) => <StatusTag doc={pickListDocument} status={list.status} testId="pl-status" />}
      actions={actions}
    >
      {(list) => (
        <PickListBody
          list={list}
          shortPick={shortPick}
          setShortPick={setShortPick}
          choices={choices}
          setChoices={setChoices}
        />
      )}
    </DetailFrame>
  );
}
