import { CloudUploadOutlined, FileSearchOutlined } from '@ant-design/icons';
import {
  type ImportFilePreview,
  SALES_CHANNELS,
  type SalesChannel,
  type SalesUploadInvoiceRef,
  type SalesUploadOrder,
  type SalesUploadPreview,
  type SalesUploadProblemsDetails,
  type SalesUploadRowError,
} from '@backoffice/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Form,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WarehouseSelect } from '../../lookups/warehouse-select.tsx';
import { ApiError } from '../../shared/lib/errors.ts';
import { formatMoney, formatNumber } from '../../shared/lib/numbers.ts';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { uuid } from '../../shared/lib/uuid.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { uploadImportFile } from '../excel-mapping/index.ts';
import { useCommitUpload, usePreviewUpload, useUploadRun } from './api.ts';

const INVOICE_PATH = '/sales-invoice/sales-invoice';
const invoiceUrl = (id: string) => `${INVOICE_PATH}/${encodeURIComponent(id)}`;
const PAGE_SIZE = 10;

/**
 * Upload Excel: a channel's orders from an .xlsx through a saved mapping. The file is stored first; the preview
 * reads it and lists every problem by row and column, and the orders already imported (skipped); importing is
 * offered once the file has no problem, then its progress, then the invoices made and the orders skipped.
 */
export function SalesInvoiceUploadPage() {
  const { t, i18n } = useTranslation('salesInvoiceUpload');
  const { t: ts } = useTranslation('salesInvoices');
  const { t: te } = useTranslation('errors');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const previewing = usePreviewUpload();
  const committing = useCommitUpload();
  const [stored, setStored] = useState<ImportFilePreview | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [mappingId, setMappingId] = useState<string | null>(null);
  const [channel, setChannel] = useState<SalesChannel>('MANUAL');
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [book, setBook] = useState(false);
  const [preview, setPreview] = useState<SalesUploadPreview | null>(null);
  const [problems, setProblems] = useState<SalesUploadRowError[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const commitKey = useRef(uuid());
  const run = useUploadRun(runId);
  const canBook = has('approve_sales_invoice');
  const canMap = has('edit_excel_mapping');

  // A change of choice makes the preview stale: it must be read again before importing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever a choice changes
  useEffect(() => {
    setPreview(null);
    setProblems(null);
    commitKey.current = uuid();
  }, [stored, mappingId, channel, warehouseId, book]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStored(null);
    setRunId(null);
    setSending(0);
    try {
      const answer = await uploadImportFile('sales_invoices', file, { onProgress: setSending });
      setStored(answer);
      const fitting = answer.mappings.find((m) => m.isDefault && m.fits) ?? answer.mappings.find((m) => m.fits);
      setMappingId(fitting?.id ?? answer.mappings[0]?.id ?? null);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSending(null);
    }
  };

  const body = () =>
    stored && mappingId ? { fileName: stored.file.fileName, mappingId, channel, warehouseId, book } : null;

  const readPreview = async () => {
    const input = body();
    if (!input) return;
    setError(null);
    try {
      const answer = await previewing.mutateAsync(input);
      setPreview(answer);
      setProblems(answer.errors);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const commit = async () => {
    const input = body();
    if (!input) return;
    setError(null);
    try {
      const answer = await committing.mutateAsync({ body: input, key: commitKey.current });
      setRunId(answer.id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 422 && caught.details) {
        const details = caught.details as SalesUploadProblemsDetails;
        if (Array.isArray(details.errors)) setProblems(details.errors);
      }
      setError(errorText(caught));
    }
  };

  const problemText = (e: SalesUploadRowError) => te(e.code, { defaultValue: e.message });
  const current = run.data;
  const running = !!current && current.status !== 'APPLIED' && current.status !== 'FAILED';
  // One bar over the whole run (reading, checking, writing): the server weighs its steps.
  const percent = current?.percent ?? 0;
  const money = (value: string | null, currency: string) =>
    value === null ? '' : formatMoney(value, i18n.language, currency);

  const problemColumns = [
    { title: t('cols.row'), dataIndex: 'rowNumber', key: 'row', width: 80 },
    {
      title: t('cols.column'),
      key: 'column',
      width: 180,
      render: (_: unknown, e: SalesUploadRowError) => e.column ?? '',
    },
    {
      title: t('cols.problem'),
      key: 'problem',
      render: (_: unknown, e: SalesUploadRowError) => (
        <span>
          <Typography.Text type="danger" strong>
            {problemText(e)}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{e.message}</Typography.Text>
        </span>
      ),
    },
  ];

  const orderColumns = [
    { title: t('cols.order'), dataIndex: 'externalOrderId', key: 'order' },
    {
      title: t('cols.channel'),
      key: 'channel',
      render: (_: unknown, o: SalesUploadOrder) => ts(`channels.${o.channel}`),
    },
    { title: t('cols.row'), dataIndex: 'firstRow', key: 'row', width: 80 },
    { title: t('cols.lines'), dataIndex: 'lineCount', key: 'lines', width: 80 },
    { title: t('cols.customer'), dataIndex: 'customerName', key: 'customer' },
    {
      title: t('cols.total'),
      key: 'total',
      align: 'end' as const,
      render: (_: unknown, o: SalesUploadOrder) => money(o.grossTotal, o.currency),
    },
    {
      title: t('cols.outcome'),
      key: 'outcome',
      render: (_: unknown, o: SalesUploadOrder) =>
        o.hasErrors ? (
          <Tag color="error">{t('outcome.problem')}</Tag>
        ) : o.existing ? (
          <Space size={4} wrap>
            <Tag color="default">{t('outcome.skip')}</Tag>
            <Link to={invoiceUrl(o.existing.invoiceId)}>{o.existing.number}</Link>
          </Space>
        ) : (
          <Tag color="processing">{t('outcome.new')}</Tag>
        ),
    },
  ];

  const refColumns = [
    {
      title: t('cols.invoice'),
      key: 'invoice',
      render: (_: unknown, r: SalesUploadInvoiceRef) => <Link to={invoiceUrl(r.invoiceId)}>{r.number}</Link>,
    },
    { title: t('cols.order'), dataIndex: 'externalOrderId', key: 'order' },
    {
      title: t('cols.channel'),
      key: 'channel',
      render: (_: unknown, r: SalesUploadInvoiceRef) => ts(`channels.${r.channel}`, { defaultValue: r.channel }),
    },
  ];

  return (
    <div data-testid="sales-upload-page">
      <PageHeader />
      <Panel title={t('choose.title')} style={{ marginBottom: token.margin }}>
        <div style={{ padding: token.padding }}>
          <Typography.Paragraph type="secondary">{t('choose.intro')}</Typography.Paragraph>
          <Form layout="vertical" component="div">
            <Row gutter={token.margin}>
              <Col xs={24} md={12}>
                <Form.Item label={t('choose.file')} htmlFor="su-file" required>
                  <input
                    id="su-file"
                    data-testid="su-file"
                    type="file"
                    accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    disabled={sending !== null || running}
                    onChange={(e) => void choose(e.target.files?.[0])}
                  />
                </Form.Item>
                {sending !== null ? <Progress percent={sending} size="small" aria-label={t('choose.sending')} /> : null}
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('choose.mapping')} htmlFor="su-mapping" required>
                  <Select
                    id="su-mapping"
                    data-testid="su-mapping"
                    value={mappingId}
                    onChange={(v) => setMappingId(v)}
                    disabled={!stored || running}
                    placeholder={stored ? t('choose.mappingPlaceholder') : t('choose.fileFirst')}
                    options={(stored?.mappings ?? []).map((m) => ({
                      value: m.id,
                      label: `${m.name}${m.isDefault ? ` (${t('choose.default')})` : ''}${m.fits ? '' : ` · ${t('choose.notFitting')}`}`,
                    }))}
                  />
                </Form.Item>
                {stored && !stored.mappings.length ? (
                  <Alert
                    type="info"
                    showIcon
                    data-testid="su-no-mapping"
                    title={t('choose.noMapping')}
                    description={
                      canMap ? <Link to="/excel-mapping">{t('choose.toMappings')}</Link> : t('choose.askMapping')
                    }
                  />
                ) : canMap ? (
                  <Link to="/excel-mapping">{t('choose.toMappings')}</Link>
                ) : null}
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('choose.channel')} htmlFor="su-channel" extra={t('choose.channelHint')}>
                  <Select
                    id="su-channel"
                    data-testid="su-channel"
                    value={channel}
                    onChange={(v) => setChannel(v)}
                    disabled={running}
                    options={SALES_CHANNELS.map((c) => ({ value: c, label: ts(`channels.${c}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('choose.warehouse')} htmlFor="su-warehouse" extra={t('choose.warehouseHint')}>
                  <WarehouseSelect
                    id="su-warehouse"
                    testId="su-warehouse"
                    activeOnly
                    allowClear
                    value={warehouseId}
                    onChange={setWarehouseId}
                    disabled={running}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  label={t('choose.booking')}
                  extra={canBook ? t('choose.bookHint') : t('choose.bookNotAllowed')}
                >
                  <Checkbox
                    data-testid="su-book"
                    checked={book}
                    disabled={!canBook || running}
                    onChange={(e) => setBook(e.target.checked)}
                  >
                    {t('choose.book')}
                  </Checkbox>
                </Form.Item>
              </Col>
            </Row>
            <Space wrap>
              <Button
                icon={<FileSearchOutlined />}
                onClick={() => void readPreview()}
                disabled={!stored || !mappingId || running}
                loading={previewing.isPending}
                data-testid="su-preview"
              >
                {t('actions.preview')}
              </Button>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => void commit()}
                disabled={
                  !preview || preview.errorCount > 0 || preview.newCount + preview.skipCount === 0 || running || !!runId
                }
                loading={committing.isPending}
                data-testid="su-commit"
              >
                {t('actions.commit')}
              </Button>
            </Space>
          </Form>
          {error ? (
            <Alert style={{ marginTop: token.margin }} type="error" showIcon title={error} data-testid="su-error" />
          ) : null}
        </div>
      </Panel>

      {preview ? (
        <Panel title={t('preview.title')} style={{ marginBottom: token.margin }}>
          <div style={{ padding: token.padding }} data-testid="su-preview-panel">
            <Row gutter={token.margin} style={{ marginBottom: token.margin }}>
              {(
                [
                  ['rows', preview.rowCount],
                  ['orders', preview.orderCount],
                  ['new', preview.newCount],
                  ['skipped', preview.skipCount],
                  ['problems', preview.errorCount],
                ] as const
              ).map(([k, v]) => (
                <Col key={k} xs={12} md={4}>
                  <Statistic
                    title={t(`preview.${k}`)}
                    value={formatNumber(v, i18n.language)}
                    data-testid={`su-count-${k}`}
                  />
                </Col>
              ))}
            </Row>
            {preview.errorCount ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: token.margin }}
                title={t('preview.hasProblems', { count: preview.errorCount })}
              />
            ) : (
              <Alert type="success" showIcon style={{ marginBottom: token.margin }} title={t('preview.ready')} />
            )}
          </div>
        </Panel>
      ) : null}

      {problems?.length ? (
        <Panel title={t('problems.title')} style={{ marginBottom: token.margin }}>
          <Table
            data-testid="su-problems"
            size="small"
            rowKey={(e) => `${e.rowNumber}-${e.field ?? ''}-${e.code}`}
            columns={problemColumns}
            dataSource={problems}
            pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
            onRow={() => ({ style: { background: token.colorErrorBg } })}
          />
        </Panel>
      ) : null}

      {preview ? (
        <Panel title={t('orders.title')} style={{ marginBottom: token.margin }}>
          <Table
            data-testid="su-orders"
            size="small"
            rowKey={(o) => `${o.channel}-${o.externalOrderId}`}
            columns={orderColumns}
            dataSource={preview.orders}
            locale={{ emptyText: t('orders.empty') }}
            pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
            onRow={(o) => (o.hasErrors ? { style: { background: token.colorErrorBg } } : {})}
          />
        </Panel>
      ) : null}

      {runId ? (
        <Panel title={t('run.title')} style={{ marginBottom: token.margin }}>
          <div style={{ padding: token.padding }} data-testid="su-run">
            {run.isError ? (
              <Alert type="error" showIcon title={errorText(run.error)} />
            ) : !current ? (
              <Progress percent={0} status="active" aria-label={t('run.progress')} />
            ) : (
              <>
                <Typography.Paragraph data-testid="su-run-status">
                  {t(`run.status.${current.status}`)}
                </Typography.Paragraph>
                <Progress
                  percent={percent}
                  status={current.status === 'FAILED' ? 'exception' : running ? 'active' : 'success'}
                  aria-label={t('run.progress')}
                />
                {current.failure ? (
                  <Alert
                    type="error"
                    showIcon
                    title={te(current.failure.code, { defaultValue: current.failure.message })}
                    description={current.failure.message}
                  />
                ) : null}
                {current.status === 'APPLIED' ? (
                  <>
                    <Row gutter={token.margin} style={{ margin: `${token.margin}px 0` }}>
                      <Col xs={12} md={6}>
                        <Statistic
                          title={t('run.created')}
                          value={formatNumber(current.createdCount, i18n.language)}
                          data-testid="su-created-count"
                        />
                      </Col>
                      <Col xs={12} md={6}>
                        <Statistic
                          title={t('run.skipped')}
                          value={formatNumber(current.skippedCount, i18n.language)}
                          data-testid="su-skipped-count"
                        />
                      </Col>
                      {current.book ? (
                        <Col xs={12} md={6}>
                          <Statistic title={t('run.short')} value={formatNumber(current.shortCount, i18n.language)} />
                        </Col>
                      ) : null}
                    </Row>
                    <Typography.Title level={5}>{t('run.createdList')}</Typography.Title>
                    <Table
                      data-testid="su-created"
                      size="small"
                      rowKey="invoiceId"
                      columns={refColumns}
                      dataSource={current.created}
                      locale={{ emptyText: t('run.noneCreated') }}
                      pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
                    />
                    {current.skipped.length ? (
                      <>
                        <Typography.Title level={5}>{t('run.skippedList')}</Typography.Title>
                        <Table
                          data-testid="su-skipped"
                          size="small"
                          rowKey="invoiceId"
                          columns={refColumns}
                          dataSource={current.skipped}
                          pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
                        />
                      </>
                    ) : null}
                  </>
                ) : null}
              </>
            )}
          </div>
        </Panel>
      ) : null}
    </div>
  );
}
