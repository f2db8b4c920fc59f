import { CheckCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import type { FastMatch, FastMatchLine, GoodReceivedNote } from '@backoffice/contracts';
import { Alert, Button, Form, Input, type InputRef, Select, Space, Table, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { formatQuantity } from '../../../shared/lib/numbers.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useMatchFastReceipt, usePostFastReceipt, useReceivableOrders } from '../api.ts';
import { SupplierSelect } from '../components/supplier-select.tsx';
import { addQuantities, isAboveZero, isQuantityText } from '../quantities.ts';
import { grnUrl } from '../urls.ts';

interface Scan {
  code: string;
  quantity: string;
}

const FLAG_COLOURS = { UNKNOWN_CODE: 'red', UNEXPECTED: 'orange', OVER_RECEIPT: 'red' } as const;

/**
 * Fast receiving with a keyboard wedge scanner: pick the supplier and the warehouse, then each code typed and
 * Enter adds the quantity per scan to that code; the scan field keeps the focus. What was scanned is matched on
 * the server across the supplier's open orders at the warehouse, oldest first, and shown with what is wrong
 * (unknown code, not on any open order, over-receipt); Post creates and posts one note per order matched.
 */
export function FastReceivingPage() {
  const { t, i18n } = useTranslation('receiving');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const scanRef = useRef<InputRef>(null);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [scans, setScans] = useState<Scan[]>([]);
  const [code, setCode] = useState('');
  const [perScan, setPerScan] = useState('1');
  const [match, setMatch] = useState<{ key: string; answer: FastMatch } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [posted, setPosted] = useState<GoodReceivedNote[]>([]);
  const matcher = useMatchFastReceipt();
  const poster = usePostFastReceipt();
  const submission = useSubmissionKey();

  // The warehouses the supplier's open orders arrive at; one is chosen at once.
  const orders = useReceivableOrders({ page: 1, pageSize: 200, ...(supplierId ? { supplierId } : {}) }, !!supplierId);
  const warehouses = useMemo(() => {
    const found = new Map<string, { id: string; code: string; name: string }>();
    for (const o of orders.data?.items ?? []) found.set(o.warehouse.id, o.warehouse);
    return [...found.values()];
  }, [orders.data]);
  useEffect(() => {
    const only = warehouses[0];
    if (supplierId && warehouses.length === 1 && only && warehouseId !== only.id) setWarehouseId(only.id);
  }, [supplierId, warehouses, warehouseId]);
  const ready = !!supplierId && !!warehouseId;
  useEffect(() => {
    if (ready) scanRef.current?.focus();
  }, [ready]);

  // What the screen shows is matched again whenever the scans change; a late answer to older scans is dropped.
  const key = JSON.stringify([supplierId, warehouseId, scans]);
  const latest = useRef(key);
  latest.current = key;
  const { mutateAsync: runMatch } = matcher;
  // Read when an answer fails, so that the texts arriving do not ask for the match again.
  const errorTextRef = useRef(errorText);
  errorTextRef.current = errorText;
  useEffect(() => {
    if (!supplierId || !warehouseId || !scans.length) {
      setMatch(null);
      return;
    }
    const asked = key;
    runMatch({ supplierId, warehouseId, lines: scans })
      .then((answer) => {
        if (latest.current === asked) setMatch({ key: asked, answer });
      })
      .catch((error: unknown) => {
        if (latest.current === asked) setProblem(errorTextRef.current(error));
      });
  }, [key, supplierId, warehouseId, scans, runMatch]);

  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);
  const addScan = () => {
    const scanned = code.trim();
    if (!scanned) return;
    if (!ready) {
      setProblem(t('fast.chooseFirst'));
      return;
    }
    const quantity = isQuantityText(perScan) && isAboveZero(perScan) ? perScan.trim() : '1';
    setProblem(null);
    setPosted([]);
    setScans((current) => {
      const at = current.findIndex((s) => s.code === scanned);
      if (at < 0) return [...current, { code: scanned, quantity }];
      return current.map((s, i) => (i === at ? { ...s, quantity: addQuantities(s.quantity, quantity) } : s));
    });
    setCode('');
  };
  const remove = (line: FastMatchLine) => {
    setScans((current) => current.filter((s) => !line.codes.includes(s.code)));
    focusScan();
  };
  const clear = () => {
    setScans([]);
    setProblem(null);
    focusScan();
  };
  const shown = match?.key === key ? match.answer : null;
  const canPost = !!shown?.ready && !poster.isPending && has('approve_good_received_note');
  const post = async () => {
    if (!supplierId || !warehouseId || !shown?.ready) {
      setProblem(t('fast.notReady'));
      return;
    }
    const body = { supplierId, warehouseId, lines: scans };
    try {
      const result = await poster.mutateAsync({ body, key: submission.keyFor(body) });
      submission.reset();
      setPosted(result.notes);
      notifySuccess(t('fast.posted', { numbers: result.notes.map((n) => n.number).join(', ') }));
      setScans([]);
      setProblem(null);
    } catch (error) {
      setProblem(`${t('fast.refused')}: ${errorText(error) ?? ''}`);
    }
    focusScan();
  };

  const total = addQuantities(...scans.map((s) => s.quantity));
  const columns: ColumnsType<FastMatchLine> = [
    {
      key: 'product',
      title: t('fields.product'),
      render: (_, line) =>
        line.product ? (
          <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
            <bdi>{line.product.sku}</bdi>
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{line.product.name}</span>
          </span>
        ) : (
          <bdi>{line.codes.join(', ')}</bdi>
        ),
    },
    {
      key: 'codes',
      title: t('fast.code'),
      render: (_, line) => <bdi>{line.codes.join(', ')}</bdi>,
    },
    {
      key: 'quantity',
      title: t('fast.scanned'),
      align: 'end',
      render: (_, line) => <Figure value={line.quantity} />,
    },
    {
      key: 'goesTo',
      title: t('fast.goesTo'),
      render: (_, line) =>
        line.allocations.length ? (
          <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
            {line.allocations.map((a) => (
              <bdi key={a.orderLineId}>
                {a.orderNumber} #{a.lineNo}: {formatQuantity(a.quantity, i18n.language)}
              </bdi>
            ))}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'excess',
      title: t('fast.excess'),
      align: 'end',
      render: (_, line) => (isAboveZero(line.excess) ? <Figure value={line.excess} /> : '—'),
    },
    {
      key: 'flags',
      title: t('fields.status'),
      render: (_, line) =>
        line.flags.length ? (
          line.flags.map((flag) => (
            <Tag key={flag} color={FLAG_COLOURS[flag]} data-testid="fast-flag">
              {t(`fast.flags.${flag}`)}
            </Tag>
          ))
        ) : (
          <Tag color="green" data-testid="fast-matched">
            {t('fast.matched')}
          </Tag>
        ),
    },
    {
      key: 'remove',
      title: '',
      render: (_, line) => (
        <Button
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t('fast.remove', { code: line.codes.join(', ') })}
          onClick={() => remove(line)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader />
      <Typography.Paragraph type="secondary">{t('fast.intro')}</Typography.Paragraph>
      <Panel style={{ marginBottom: token.margin }}>
        <Form layout="vertical" component="div">
          <Space wrap size="middle" align="start">
            <Form.Item label={t('fast.supplier')} htmlFor="fast-supplier" style={{ minWidth: 280 }}>
              <SupplierSelect
                id="fast-supplier"
                testId="fast-supplier"
                value={supplierId}
                onChange={(id) => {
                  setSupplierId(id);
                  setWarehouseId(null);
                  setScans([]);
                }}
                autoFocus
              />
            </Form.Item>
            <Form.Item label={t('fast.warehouse')} htmlFor="fast-warehouse" style={{ minWidth: 240 }}>
              <Select
                id="fast-warehouse"
                data-testid="fast-warehouse"
                value={warehouseId ?? undefined}
                onChange={(id: string) => {
                  setWarehouseId(id);
                  setScans([]);
                }}
                options={warehouses.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))}
                disabled={!supplierId}
                placeholder={t('fast.warehousePlaceholder')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Space>
          <Space wrap size="middle" align="start">
            <Form.Item label={t('fast.scan')} htmlFor="fast-scan" style={{ minWidth: 320 }}>
              <Input
                id="fast-scan"
                ref={scanRef}
                data-testid="fast-scan"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onPressEnter={(e) => {
                  e.preventDefault();
                  addScan();
                }}
                placeholder={t('fast.scanPlaceholder')}
                autoComplete="off"
                disabled={!ready}
                maxLength={100}
              />
            </Form.Item>
            <Form.Item label={t('fast.quantity')} htmlFor="fast-quantity">
              <Input
                id="fast-quantity"
                data-testid="fast-quantity"
                inputMode="decimal"
                value={perScan}
                status={isQuantityText(perScan) && isAboveZero(perScan) ? undefined : 'error'}
                onChange={(e) => setPerScan(e.target.value)}
                onPressEnter={focusScan}
                style={{ width: 110, textAlign: 'end' }}
                disabled={!ready}
              />
            </Form.Item>
          </Space>
        </Form>
        {ready ? null : <Typography.Text type="secondary">{t('fast.chooseFirst')}</Typography.Text>}
      </Panel>
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginBottom: token.margin }}
          data-testid="fast-problem"
        />
      ) : null}
      {posted.length ? (
        <Alert
          type="success"
          showIcon
          data-testid="fast-posted"
          style={{ marginBottom: token.margin }}
          title={t('fast.lastPosted')}
          description={
            <Space wrap>
              {posted.map((n) => (
                <Link key={n.id} to={grnUrl(n.id)}>
                  <bdi>
                    {n.number} ({n.purchaseOrder.number})
                  </bdi>
                </Link>
              ))}
            </Space>
          }
        />
      ) : null}
      <Panel
        title={scans.length ? t('fast.total', { quantity: formatQuantity(total, i18n.language) }) : t('fast.scanned')}
      >
        <Table<FastMatchLine>
          data-testid="fast-lines"
          rowKey={(line) => line.product?.id ?? line.codes.join('|')}
          size="small"
          columns={columns}
          dataSource={scans.length ? (shown?.lines ?? match?.answer.lines ?? []) : []}
          loading={matcher.isPending}
          locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>{t('fast.empty')}</span> }}
          scroll={{ x: true }}
          tableLayout="auto"
          pagination={false}
        />
        {shown?.orders.length ? (
          <Typography.Paragraph style={{ marginTop: token.marginSM }}>
            {t('fast.orders')}:{' '}
            {shown.orders.map((o) => `${o.number} (${formatQuantity(o.quantity, i18n.language)})`).join(', ')}
          </Typography.Paragraph>
        ) : null}
        <Space style={{ marginTop: token.margin }}>
          {has('approve_good_received_note') ? (
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              disabled={!canPost}
              loading={poster.isPending}
              onClick={() => void post()}
              data-testid="fast-post"
            >
              {t('fast.post')}
            </Button>
          ) : null}
          <Button onClick={clear} disabled={!scans.length}>
            {t('fast.clear')}
          </Button>
        </Space>
      </Panel>
    </>
  );
}
