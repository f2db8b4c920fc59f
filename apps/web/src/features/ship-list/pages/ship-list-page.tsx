import { CheckOutlined, CloseCircleOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CarrierServiceOption,
  type ShipList,
  type ShipListInvoiceRow,
  type ShippingLabel,
  shipListDocument,
} from '@backoffice/contracts';
import { Alert, Button, Input, type InputRef, Progress, Select, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { ActionBar, PrintButton } from '../../../shared/ui/documents/action-bar.tsx';
import { documentKey } from '../../../shared/ui/documents/document-text.ts';
import { StatusTag } from '../../../shared/ui/documents/status-tag.tsx';
import { DraftNotice, DraftSaveButton, useServerDraft } from '../../../shared/ui/drafts/server-draft.tsx';
import { DetailFrame } from '../../../shared/ui/kit/detail-frame.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { packingSlipsPath, useCancelShipList, useCarrierServices, useConfirmShipList, useShipList } from '../api.ts';
import { LabelsPanel } from '../labels-panel.tsx';
import { SHIP_LIST_PATH, salesInvoiceUrl } from '../urls.ts';

/** A parcel as typed: weight in kg (text, exact), tracking number. */
interface ParcelDraft {
  /** The row's own key on the page (parcels are added and removed). */
  key: string;
  weightKg: string;
  trackingNumber: string;
}
interface RowDraft {
  carrierServiceId: string;
  parcels: ParcelDraft[];
}
/** What "Save for later" keeps (a SHIP_LIST draft): the rows typed, by invoice. */
type ShipListDraftPayload = { shipListId: string; rows: Record<string, RowDraft> };

const WEIGHT = /^\d{1,4}(\.\d{1,3})?$/;
const TRACKING = /^[A-Z0-9][A-Z0-9/-]{0,59}$/;
const normal = (v: string) => v.trim().toUpperCase();
const weightOk = (v: string) => WEIGHT.test(v.trim()) && /[1-9]/.test(v);

function rowReady(row: RowDraft | undefined, service: CarrierServiceOption | undefined) {
  if (!row || !service || !row.parcels.length) return false;
  return row.parcels.every(
    (p) => weightOk(p.weightKg) && (p.trackingNumber ? TRACKING.test(normal(p.trackingNumber)) : !service.tracked),
  );
}

function initialRows(list: ShipList): Record<string, RowDraft> {
  return Object.fromEntries(
    list.rows.map((r) => [
      r.invoice.id,
      { carrierServiceId: r.carrierService?.id ?? '', parcels: [{ key: uuid(), weightKg: '', trackingNumber: '' }] },
    ]),
  );
}

/** The working page of an OPEN list (rows typed or scanned, confirm), or what a confirmed list shipped. */
function ShipListBody({ list }: { list: ShipList }) {
  const { t, i18n } = useTranslation('shipLists');
  const { t: ts } = useTranslation('salesInvoices');
  const { token } = theme.useToken();
  const services = useCarrierServices();
  const serviceById = useMemo(() => new Map((services.data?.items ?? []).map((s) => [s.id, s])), [services.data]);
  const open = list.status === 'OPEN';
  const [rows, setRows] = useState<Record<string, RowDraft>>(() => initialRows(list));
  const [scan, setScan] = useState('');
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const scanRef = useRef<InputRef>(null);
  const confirm = useConfirmShipList();
  const cancel = useCancelShipList();
  const errorText = useErrorText();
  const [serverError, setServerError] = useState<string | null>(null);

  const draft = useServerDraft<ShipListDraftPayload>({
    kind: 'SHIP_LIST',
    enabled: open,
    serialize: () => {
      const parcels = Object.values(rows).reduce((n, r) => n + r.parcels.length, 0);
      return {
        title: t('draft.title', { number: list.number, warehouse: list.warehouse.code }),
        summary: { invoices: list.rows.length, parcels },
        payload: { shipListId: list.id, rows },
      };
    },
    restore: (payload) => {
      if (payload.shipListId !== list.id) return;
      setRows((current) => {
        const next = { ...current };
        for (const [invoiceId, row] of Object.entries(payload.rows ?? {})) if (invoiceId in next) next[invoiceId] = row;
        return next;
      });
    },
  });

  // The scan field keeps the focus, so a keyboard wedge's scan + Enter always lands there.
  useEffect(() => {
    if (open) scanRef.current?.focus();
  }, [open]);

  const readyCount = list.rows.filter((r) =>
    rowReady(rows[r.invoice.id], serviceById.get(rows[r.invoice.id]?.carrierServiceId ?? '')),
  ).length;

  const setRow = useCallback(
    (invoiceId: string, change: (row: RowDraft) => RowDraft) =>
      setRows((current) => {
        const row = current[invoiceId];
        return row ? { ...current, [invoiceId]: change(row) } : current;
      }),
    [],
  );

  // What the labels are made with: each row's chosen service, and its weights once every parcel has one.
  const labelRows = () =>
    Object.entries(rows).flatMap(([invoiceId, r]) =>
      r.carrierServiceId
        ? [
            {
              invoiceId,
              carrierServiceId: r.carrierServiceId,
              ...(r.parcels.length && r.parcels.every((p) => weightOk(p.weightKg))
                ? { parcels: r.parcels.map((p) => ({ weightKg: p.weightKg.trim() })) }
                : {}),
            },
          ]
        : [],
    );

  // A label's parcels become the row's: its service, weights and the carrier's tracking numbers.
  const fillFromLabels = (labels: ShippingLabel[]) => {
    if (!open) return;
    for (const l of labels)
      setRow(l.invoice.id, () => ({
        carrierServiceId: l.carrierService.id,
        parcels: l.trackingNumbers.map((trackingNumber, i) => ({
          key: uuid(),
          weightKg: l.parcels[i]?.weightKg ?? l.parcels[0]?.weightKg ?? '',
          trackingNumber,
        })),
      }));
  };

  const onScan = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = normal(scan);
    setScan('');
    if (!code) return;
    if (!TRACKING.test(code)) {
      setScanMessage(t('scan.invalid', { code }));
      return;
    }
    const typed = Object.values(rows).some((r) => r.parcels.some((p) => normal(p.trackingNumber) === code));
    if (typed) {
      setScanMessage(t('scan.twice', { code }));
      return;
    }
    for (const r of list.rows) {
      const row = rows[r.invoice.id];
      const index = row?.parcels.findIndex((p) => !p.trackingNumber.trim()) ?? -1;
      if (row && index >= 0) {
        setRow(r.invoice.id, (x) => ({
          ...x,
          parcels: x.parcels.map((p, i) => (i === index ? { ...p, trackingNumber: code } : p)),
        }));
        setScanMessage(t('scan.filled', { code, number: r.invoice.number, parcel: index + 1 }));
        return;
      }
    }
    setScanMessage(t('scan.noneLeft', { code }));
  };

  const confirmBody = () => ({
    rows: list.rows.map((r) => {
      const row = rows[r.invoice.id] as RowDraft;
      return {
        invoiceId: r.invoice.id,
        carrierServiceId: row.carrierServiceId,
        parcels: row.parcels.map((p) => ({
          weightKg: p.weightKg.trim(),
          trackingNumber: p.trackingNumber.trim() ? normal(p.trackingNumber) : null,
        })),
      };
    }),
  });

  const serviceOptions = (services.data?.items ?? []).map((s) => ({
    value: s.id,
    label: `${s.carrier.name}: ${s.name}`,
  }));

  const columns: ColumnsType<ShipListInvoiceRow> = [
    {
      key: 'invoice',
      title: t('fields.invoice'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Link to={salesInvoiceUrl(r.invoice.id)} data-testid="sl-row-invoice">
            <bdi>{r.invoice.number}</bdi>
          </Link>
          <Typography.Text type="secondary">
            {ts(`channels.${r.invoice.channel}`)}
            {r.invoice.externalOrderId ? (
              <>
                {' '}
                <bdi>{r.invoice.externalOrderId}</bdi>
              </>
            ) : null}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'deliverTo',
      title: t('fields.deliverTo'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <bdi>{r.invoice.deliveryName ?? r.invoice.customerName}</bdi>
          <Typography.Text type="secondary">
            <bdi>{[r.invoice.deliveryPostcode, r.invoice.deliveryCountry].filter(Boolean).join(' ')}</bdi>
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'units',
      title: t('fields.units'),
      align: 'end',
      render: (_, r) => formatQuantity(r.invoice.totalQuantity, i18n.language),
    },
    {
      key: 'service',
      title: t('fields.service'),
      render: (_, r) => {
        if (!open)
          return r.carrierService ? <bdi>{`${r.carrierService.carrier.name}: ${r.carrierService.name}`}</bdi> : '—';
        const row = rows[r.invoice.id];
        return (
          <Select
            aria-label={t('fields.serviceOf', { number: r.invoice.number })}
            data-testid="sl-row-service"
            value={row?.carrierServiceId || undefined}
            placeholder={t('detail.chooseService')}
            options={serviceOptions}
            onChange={(value: string) => setRow(r.invoice.id, (x) => ({ ...x, carrierServiceId: value }))}
            style={{ minWidth: 220 }}
            popupMatchSelectWidth={false}
          />
        );
      },
    },
    {
      key: 'parcels',
      title: t('fields.parcels'),
      render: (_, r) => {
        if (!open)
          return (
            <Space direction="vertical" size={0}>
              {r.parcels.map((p) => (
                <span key={p.parcelNo} data-testid="sl-row-shipped-parcel">
                  {t('detail.parcelShipped', {
                    parcel: p.parcelNo,
                    weight: formatQuantity(p.weightKg, i18n.language),
                  })}{' '}
                  {p.trackingNumber ? <bdi>{p.trackingNumber}</bdi> : null}
                </span>
              ))}
            </Space>
          );
        const row = rows[r.invoice.id];
        const service = serviceById.get(row?.carrierServiceId ?? '');
        return (
          <Space direction="vertical" size={4}>
            {row?.parcels.map((p, i) => (
              <Space key={p.key} wrap size={4}>
                <Input
                  aria-label={t('fields.weightOf', { parcel: i + 1, number: r.invoice.number })}
                  data-testid="sl-row-weight"
                  value={p.weightKg}
                  status={p.weightKg && !weightOk(p.weightKg) ? 'error' : undefined}
                  inputMode="decimal"
                  suffix="kg"
                  placeholder={t('detail.weight')}
                  onChange={(e) =>
                    setRow(r.invoice.id, (x) => ({
                      ...x,
                      parcels: x.parcels.map((q, j) => (j === i ? { ...q, weightKg: e.target.value } : q)),
                    }))
                  }
                  style={{ width: 120 }}
                />
                <Input
                  aria-label={t('fields.trackingOf', { parcel: i + 1, number: r.invoice.number })}
                  data-testid="sl-row-tracking"
                  value={p.trackingNumber}
                  status={
                    (p.trackingNumber && !TRACKING.test(normal(p.trackingNumber))) ||
                    (!p.trackingNumber && service?.tracked)
                      ? 'warning'
                      : undefined
                  }
                  placeholder={service?.tracked ? t('detail.trackingRequired') : t('detail.trackingOptional')}
                  onChange={(e) =>
                    setRow(r.invoice.id, (x) => ({
                      ...x,
                      parcels: x.parcels.map((q, j) => (j === i ? { ...q, trackingNumber: e.target.value } : q)),
                    }))
                  }
                  style={{ width: 220 }}
                />
                {row.parcels.length > 1 ? (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('detail.removeParcel', { parcel: i + 1, number: r.invoice.number })}
                    onClick={() =>
                      setRow(r.invoice.id, (x) => ({ ...x, parcels: x.parcels.filter((_q, j) => j !== i) }))
                    }
                  />
                ) : null}
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              data-testid="sl-row-add-parcel"
              onClick={() =>
                setRow(r.invoice.id, (x) => ({
                  ...x,
                  parcels: [...x.parcels, { key: uuid(), weightKg: '', trackingNumber: '' }],
                }))
              }
            >
              {t('detail.addParcel')}
            </Button>
          </Space>
        );
      },
    },
    ...(open
      ? [
          {
            key: 'ready',
            title: t('fields.ready'),
            render: (_: unknown, r: ShipListInvoiceRow) =>
              rowReady(rows[r.invoice.id], serviceById.get(rows[r.invoice.id]?.carrierServiceId ?? '')) ? (
                <Tag color="success" data-testid="sl-row-ready">
                  {t('detail.ready')}
                </Tag>
              ) : (
                <Tag data-testid="sl-row-not-ready">{t('detail.notReady')}</Tag>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DraftNotice draft={draft} />
      {list.status === 'CANCELED' ? (
        <Alert
          type="info"
          showIcon
          title={t('detail.canceledBecause', { reason: list.cancelReason || '—' })}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {serverError ? (
        <Alert
          type="error"
          showIcon
          title={serverError}
          data-testid="sl-error"
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Panel title={t('detail.facts')} style={{ marginBottom: token.margin }}>
        <Space wrap size={token.marginLG}>
          <span>
            {t('fields.warehouse')}: <bdi>{`${list.warehouse.code} · ${list.warehouse.name}`}</bdi>
          </span>
          <span>
            {t('fields.createdAt')}: <bdi>{formatDateTime(list.createdAt)}</bdi>
          </span>
          {list.confirmedAt ? (
            <span>
              {t('fields.confirmedAt')}: <bdi>{formatDateTime(list.confirmedAt)}</bdi>
            </span>
          ) : null}
        </Space>
      </Panel>
      {open ? (
        <Panel title={t('scan.title')} style={{ marginBottom: token.margin }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('scan.hint')}</Typography.Text>
            <Input
              ref={scanRef}
              aria-label={t('scan.label')}
              data-testid="sl-scan"
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              onKeyDown={onScan}
              placeholder={t('scan.placeholder')}
              style={{ maxWidth: 360 }}
              autoComplete="off"
            />
            <div aria-live="polite" data-testid="sl-scan-message">
              {scanMessage}
            </div>
            <div>
              <Typography.Text data-testid="sl-progress">
                {t('detail.progress', { ready: readyCount, total: list.rows.length })}
              </Typography.Text>
              <Progress
                percent={list.rows.length ? Math.round((readyCount / list.rows.length) * 100) : 0}
                aria-label={t('detail.progress', { ready: readyCount, total: list.rows.length })}
                style={{ maxWidth: 360 }}
              />
            </div>
          </Space>
        </Panel>
      ) : null}
      {list.status !== 'CANCELED' ? <LabelsPanel list={list} rows={labelRows} onTracking={fillFromLabels} /> : null}
      <Table<ShipListInvoiceRow>
        data-testid="sl-rows"
        rowKey={(r) => r.invoice.id}
        size="small"
        columns={columns}
        dataSource={list.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <div style={{ marginTop: token.margin }}>
        <ListActions
          list={list}
          ready={readyCount === list.rows.length}
          draftButton={open ? <DraftSaveButton draft={draft} testId="sl-save-draft" /> : null}
          onConfirm={async () => {
            setServerError(null);
            if (readyCount !== list.rows.length) throw new Error(t('detail.notAllReady'));
            try {
              await confirm.mutateAsync({ id: list.id, body: confirmBody() });
              await draft.discard();
            } catch (error) {
              setServerError(errorText(error));
              throw error;
            }
          }}
          onCancel={() => cancel.mutateAsync({ id: list.id, body: { reason: '' } })}
        />
      </div>
    </>
  );
}

function ListActions({
  list,
  ready,
  draftButton,
  onConfirm,
  onCancel,
}: {
  list: ShipList;
  ready: boolean;
  draftButton: React.ReactNode;
  onConfirm: () => Promise<unknown>;
  onCancel: () => Promise<unknown>;
}) {
  const { t } = useTranslation('shipLists');
  const { t: td } = useTranslation('documents');
  return (
    <ActionBar
      doc={shipListDocument}
      status={list.status}
      number={list.number}
      before={draftButton}
      after={
        <PrintButton
          path={packingSlipsPath(list.id)}
          fileName={`${list.number}-packing-slips.pdf`}
          testId="sl-packing-slips"
          label={t('detail.packingSlips')}
        />
      }
      handlers={{
        confirm: {
          run: onConfirm,
          description: ready ? undefined : t('detail.notAllReady'),
          onError: (error) => {
            if (error instanceof Error && !('status' in error))
              notifyError(td(documentKey.action(shipListDocument, 'confirm')), error.message);
          },
          primary: true,
          icon: <CheckOutlined />,
          testId: 'sl-confirm',
        },
        cancel: { run: onCancel, icon: <CloseCircleOutlined />, testId: 'sl-cancel' },
      }}
    />
  );
}

export function ShipListPage() {
  const { id } = useParams();
  const { t } = useTranslation('shipLists');
  const query = useShipList(id);
  return (
    <DetailFrame
      query={query}
      number={(list) => list.number}
      numberTestId="sl-number"
      back={
        <Link to={SHIP_LIST_PATH} data-testid="sl-back">
          {t('detail.back')}
        </Link>
      }
      tags={(list) => <StatusTag doc={shipListDocument} status={list.status} testId="sl-status" />}
    >
      {(list) => <ShipListBody key={`${list.id}:${list.status}`} list={list} />}
    </DetailFrame>
  );
}
