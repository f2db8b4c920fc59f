import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  compareDecimalText,
  type GoodReceivedNoteInput,
  GRN_NOTE_MAX,
  GRN_REFERENCE_MAX,
  type ReceivableOrderDetail,
  type ReceivableOrderLine,
} from '@backoffice/contracts';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import {
  useCreateGoodsReceivedNote,
  usePostGoodsReceivedNote,
  useReceivableOrder,
  useReceivableOrders,
} from '../api.ts';
import { addQuantities, isAboveZero, isQuantityText } from '../quantities.ts';
import { GRN_LIST_PATH, grnUrl } from '../urls.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface LineState {
  accepted: string;
  rejected: string;
  locationId: string | null;
  note: string;
}

const ok = isQuantityText;

/** The order picker: approved and partly received orders, oldest first, searched by number or supplier. */
function OrderSelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation('receiving');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const orders = useReceivableOrders({ page: 1, pageSize: 50, ...(q ? { q } : {}) });
  const options = (orders.data?.items ?? []).map((o) => ({
    value: o.id,
    label: `${o.number} · ${o.supplier ? `${o.supplier.code} · ${o.supplier.name}` : t('create.sentStock')} · ${o.warehouse.code} (${o.orderDate})`,
  }));
  return (
    <Select
      id="grn-order"
      data-testid="grn-order"
      aria-label={t('create.order')}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange(next ?? null)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={orders.isFetching}
      allowClear
      placeholder={t('create.orderPlaceholder')}
      notFoundContent={orders.isFetching ? '…' : t('create.noOrders')}
      style={{ width: '100%', maxWidth: 640 }}
      autoFocus
    />
  );
}

/**
 * A receipt of one approved order: the order chosen (or given in the URL), its lines prefilled with what is still
 * to come; accepted and rejected per line (received is their sum), a bin and a note. Saving keeps a draft;
 * "Save and post" posts it at once.
 */
export function GrnCreatePage() {
  const { t, i18n } = useTranslation('receiving');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const { has } = usePermissions();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orderId = params.get('order');
  const order = useReceivableOrder(orderId ?? undefined);
  const create = useCreateGoodsReceivedNote();
  const postNote = usePostGoodsReceivedNote();
  const submission = useSubmissionKey();
  const errorText = useErrorText();
  const [lines, setLines] = useState<Record<string, LineState>>({});
  const [receivedDate, setReceivedDate] = useState<Dayjs | null>(dayjs());
  const [deliveryReference, setDeliveryReference] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A new order: its lines filled with what is still to come.
  const detail = order.data;
  useEffect(() => {
    if (!detail) return;
    setLines(
      Object.fromEntries(
        detail.lines.map((l) => [l.id, { accepted: l.outstandingQuantity, rejected: '0', locationId: null, note: '' }]),
      ),
    );
    setProblem(null);
  }, [detail]);

  const fill = (all: boolean) =>
    detail &&
    setLines((current) =>
      Object.fromEntries(
        detail.lines.map((l) => [
          l.id,
          { ...(current[l.id] as LineState), accepted: all ? l.outstandingQuantity : '0', rejected: '0' },
        ]),
      ),
    );
  const change = (id: string, patch: Partial<LineState>) =>
    setLines((current) => ({ ...current, [id]: { ...(current[id] as LineState), ...patch } }));

  const lineError = (l: ReceivableOrderLine): string | null => {
    const s = lines[l.id];
    if (!s) return null;
    if (!ok(s.accepted) || !ok(s.rejected)) return t('create.invalidQuantity');
    if (compareDecimalText(addQuantities(s.accepted), l.maxAcceptable) > 0)
      return t('create.overMax', { max: formatQuantity(l.maxAcceptable, i18n.language) });
    return null;
  };
  const body = useMemo((): GoodReceivedNoteInput | null => {
    if (!detail) return null;
    const chosen = detail.lines
      .map((l) => ({ l, s: lines[l.id] }))
      .filter(
        (x): x is { l: ReceivableOrderLine; s: LineState } =>
          !!x.s && isAboveZero(addQuantities(x.s.accepted, x.s.rejected)),
      );
    return {
      purchaseOrderId: detail.id,
      receivedDate: receivedDate ? receivedDate.format(DATE_FORMAT) : null,
      deliveryReference: deliveryReference.trim(),
      note: note.trim(),
      lines: chosen.map(({ l, s }) => ({
        orderLineId: l.id,
        receivedQuantity: addQuantities(s.accepted, s.rejected),
        acceptedQuantity: addQuantities(s.accepted),
        rejectedQuantity: addQuantities(s.rejected),
        locationId: s.locationId,
        note: s.note.trim(),
      })),
    };
  }, [detail, lines, receivedDate, deliveryReference, note]);

  const submit = async (andPost: boolean) => {
    if (!detail || !body) return;
    if (detail.lines.some((l) => lineError(l))) return;
    if (!body.lines.length) {
      setProblem(t('create.nothing'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const created = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      if (!andPost) {
        notifySuccess(t('create.saved', { number: created.number }));
        navigate(grnUrl(created.id));
        return;
      }
      try {
        await postNote.mutateAsync(created.id);
        notifySuccess(t('create.posted', { number: created.number }));
      } catch (error) {
        setProblem(`${t('create.postRefused', { number: created.number })}: ${errorText(error) ?? ''}`);
      }
      navigate(grnUrl(created.id));
    } catch (error) {
      setProblem(`${t('create.refused')}: ${errorText(error) ?? ''}`);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<ReceivableOrderLine> = [
    { key: 'lineNo', dataIndex: 'lineNo', title: '#', align: 'end', width: 44 },
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
          <bdi>{l.product.sku}</bdi>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{l.product.name}</span>
        </span>
      ),
    },
    { key: 'ordered', title: t('fields.ordered'), align: 'end', render: (_, l) => <Figure value={l.quantity} /> },
    {
      key: 'before',
      title: t('fields.alreadyReceived'),
      align: 'end',
      render: (_, l) => <Figure value={l.receivedQuantity} />,
    },
    {
      key: 'outstanding',
      title: t('fields.outstanding'),
      align: 'end',
      render: (_, l) => <Figure value={l.outstandingQuantity} />,
    },
    {
      key: 'accepted',
      title: t('fields.accepted'),
      render: (_, l) => {
        const error = lineError(l);
        return (
          <div style={{ minWidth: 90 }}>
            <Input
              aria-label={t('create.acceptedOfLine', { lineNo: l.lineNo })}
              data-testid="grn-line-accepted"
              inputMode="decimal"
              status={error ? 'error' : undefined}
              value={lines[l.id]?.accepted ?? ''}
              onChange={(e) => change(l.id, { accepted: e.target.value })}
              style={{ textAlign: 'end' }}
            />
            <Typography.Text type={error ? 'danger' : 'secondary'} style={{ fontSize: token.fontSizeSM }}>
              {error ?? t('create.maxAcceptable', { max: formatQuantity(l.maxAcceptable, i18n.language) })}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      key: 'rejected',
      title: t('fields.rejected'),
      render: (_, l) => (
        <Input
          aria-label={t('create.rejectedOfLine', { lineNo: l.lineNo })}
          data-testid="grn-line-rejected"
          inputMode="decimal"
          value={lines[l.id]?.rejected ?? ''}
          onChange={(e) => change(l.id, { rejected: e.target.value })}
          style={{ minWidth: 80, textAlign: 'end' }}
        />
      ),
    },
    {
      key: 'received',
      title: t('fields.received'),
      align: 'end',
      render: (_, l) => {
        const s = lines[l.id];
        return <Figure value={s ? addQuantities(s.accepted, s.rejected) : '0'} />;
      },
    },
    {
      key: 'bin',
      title: t('fields.bin'),
      render: (_, l) =>
        detail ? (
          <div style={{ minWidth: 140 }}>
            <LocationSelect
              warehouseId={detail.warehouse.id}
              aria-label={t('create.binOfLine', { lineNo: l.lineNo })}
              value={lines[l.id]?.locationId ?? null}
              onChange={(locationId) => change(l.id, { locationId })}
              placeholder={l.location?.code ?? t('detail.receivingBin')}
            />
          </div>
        ) : null,
    },
    {
      key: 'note',
      title: t('fields.note'),
      render: (_, l) => (
        <Input
          aria-label={t('create.noteOfLine', { lineNo: l.lineNo })}
          maxLength={500}
          value={lines[l.id]?.note ?? ''}
          onChange={(e) => change(l.id, { note: e.target.value })}
          style={{ minWidth: 140 }}
        />
      ),
    },
  ];

  const back = (
    <Link to={GRN_LIST_PATH} style={{ display: 'inline-flex', gap: token.marginXXS }}>
      {direction === 'rtl' ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />}
      {t('detail.back')}
    </Link>
  );
  return (
    <>
      <div style={{ marginBottom: token.marginXS }}>{back}</div>
      <PageHeader />
      <Typography.Paragraph type="secondary">{t('create.intro')}</Typography.Paragraph>
      <Panel style={{ marginBottom: token.margin }}>
        <Form layout="vertical" component="div">
          <Form.Item label={t('create.order')} htmlFor="grn-order">
            <OrderSelect value={orderId} onChange={(id) => setParams(id ? { order: id } : {}, { replace: true })} />
          </Form.Item>
          {detail ? <OrderFacts order={detail} /> : null}
          {detail ? (
            <Space wrap size="middle" align="start">
              <Form.Item label={t('fields.receivedDate')} htmlFor="grn-received-date">
                <DatePicker
                  id="grn-received-date"
                  format={DATE_FORMAT}
                  value={receivedDate}
                  onChange={setReceivedDate}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                />
              </Form.Item>
              <Form.Item label={t('fields.deliveryReference')} htmlFor="grn-delivery-reference">
                <Input
                  id="grn-delivery-reference"
                  maxLength={GRN_REFERENCE_MAX}
                  value={deliveryReference}
                  onChange={(e) => setDeliveryReference(e.target.value)}
                  style={{ width: 220 }}
                />
              </Form.Item>
              <Form.Item label={t('fields.note')} htmlFor="grn-note">
                <Input.TextArea
                  id="grn-note"
                  rows={1}
                  maxLength={GRN_NOTE_MAX}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  style={{ width: 360 }}
                />
              </Form.Item>
            </Space>
          ) : null}
        </Form>
      </Panel>
      {detail ? (
        <Panel title={t('create.lines')} style={{ marginBottom: token.margin }}>
          <Typography.Paragraph type="secondary">{t('create.linesHelp')}</Typography.Paragraph>
          <Space style={{ marginBottom: token.marginSM }}>
            <Button onClick={() => fill(true)}>{t('create.receiveAll')}</Button>
            <Button onClick={() => fill(false)}>{t('create.receiveNone')}</Button>
          </Space>
          <Table<ReceivableOrderLine>
            data-testid="grn-create-lines"
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={detail.lines}
            scroll={{ x: true }}
            tableLayout="auto"
            pagination={false}
          />
          {problem ? (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginTop: token.margin }}
              data-testid="grn-problem"
            />
          ) : null}
          <Space style={{ marginTop: token.margin }}>
            <Button onClick={() => void submit(false)} loading={busy} data-testid="grn-save">
              {t('create.save')}
            </Button>
            {has('approve_good_received_note') ? (
              <Button type="primary" onClick={() => void submit(true)} loading={busy} data-testid="grn-save-post">
                {t('create.saveAndPost')}
              </Button>
            ) : null}
          </Space>
        </Panel>
      ) : order.error ? (
        <Alert type="error" showIcon title={errorText(order.error)} />
      ) : null}
    </>
  );
}

function OrderFacts({ order }: { order: ReceivableOrderDetail }) {
  const { t } = useTranslation('receiving');
  const { token } = theme.useToken();
  return (
    <Typography.Paragraph style={{ color: token.colorTextSecondary }}>
      <bdi>
        {order.supplier ? `${t('fields.supplier')}: ${order.supplier.code} · ${order.supplier.name} — ` : ''}
        {t('fields.warehouse')}: {order.warehouse.code} — {order.currency}
      </bdi>
    </Typography.Paragraph>
  );
}
