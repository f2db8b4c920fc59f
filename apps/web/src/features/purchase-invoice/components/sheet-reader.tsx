import { FileExcelOutlined } from '@ant-design/icons';
import type { PurchaseInvoiceSheet, PurchaseInvoiceSheetProblem, UploadedFile } from '@backoffice/contracts';
import { Alert, Button, Col, Form, Row, Select, Table, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { useReadSheet, useSheetMappings } from '../api.ts';

export interface OpenOrder {
  id: string;
  number: string;
  date: string;
}

/**
 * Reading the supplier's .xlsx: choose a saved mapping (the default first) and, if wanted, the orders to match
 * against, then read. The lines found fill the table below for review; rows that gave no line are listed with
 * the reason in words.
 */
export function SheetReader({
  supplierId,
  attachment,
  orders,
  onRead,
}: {
  supplierId: string | null;
  attachment: UploadedFile;
  orders: OpenOrder[];
  onRead: (sheet: PurchaseInvoiceSheet) => void;
}) {
  const { t } = useTranslation('purchaseInvoices');
  const { t: ti } = useTranslation('imports');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const mappings = useSheetMappings(true);
  const read = useReadSheet();
  const [mappingId, setMappingId] = useState<string | null>(null);
  const [orderIds, setOrderIds] = useState<string[]>([]);
  const [result, setResult] = useState<PurchaseInvoiceSheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = mappings.data?.items ?? [];
  const firstId = items[0]?.id ?? null;

  // The default mapping (listed first) is chosen until the person picks another.
  useEffect(() => {
    if (!mappingId && firstId) setMappingId(firstId);
  }, [mappingId, firstId]);
  // Another file or supplier: what was read belongs to the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the file or supplier changes
  useEffect(() => {
    setResult(null);
    setError(null);
    setOrderIds([]);
  }, [attachment.fileName, supplierId]);

  const run = async () => {
    if (!supplierId || !mappingId) return;
    setError(null);
    try {
      const sheet = await read.mutateAsync({ supplierId, attachment: attachment.fileName, mappingId, orderIds });
      setResult(sheet);
      onRead(sheet);
    } catch (e) {
      setResult(null);
      setError(errorText(e) || t('sheet.failed'));
    }
  };

  const problemText = (p: PurchaseInvoiceSheetProblem) =>
    t(`sheet.problems.${p.problem}`, {
      value: p.value ?? '',
      field: p.field ? ti(`fields.purchase_invoices.${p.field}`, { defaultValue: p.field }) : '',
      otherRow: p.otherRow ?? '',
      message: p.message,
    });

  return (
    <Panel title={t('sheet.title')} style={{ marginBottom: token.margin }}>
      <Typography.Paragraph type="secondary">
        {t('sheet.intro', { file: attachment.originalName })}
      </Typography.Paragraph>
      {mappings.isError ? (
        <Alert type="error" showIcon title={errorText(mappings.error) || t('sheet.mappingsFailed')} />
      ) : !mappings.isPending && !items.length ? (
        <Alert
          type="info"
          showIcon
          data-testid="pi-sheet-no-mappings"
          title={t('sheet.noMappings')}
          description={has('edit_excel_mapping') ? <Link to="/excel-mapping">{t('sheet.toMappings')}</Link> : undefined}
        />
      ) : (
        <Form layout="vertical" component="div">
          <Row gutter={token.margin} align="bottom">
            <Col xs={24} md={8}>
              <Form.Item label={t('sheet.mapping')} htmlFor="pi-sheet-mapping" required>
                <Select
                  id="pi-sheet-mapping"
                  data-testid="pi-sheet-mapping"
                  loading={mappings.isPending}
                  value={mappingId}
                  onChange={(v) => setMappingId(v)}
                  options={items.map((m) => ({
                    value: m.id,
                    label: m.isDefault ? `${m.name} (${t('sheet.default')})` : m.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item label={t('sheet.orders')} htmlFor="pi-sheet-orders" extra={t('sheet.ordersHint')}>
                <Select
                  id="pi-sheet-orders"
                  data-testid="pi-sheet-orders"
                  mode="multiple"
                  allowClear
                  value={orderIds}
                  onChange={(v) => setOrderIds(v)}
                  placeholder={t('sheet.allOrders')}
                  optionFilterProp="label"
                  options={orders.map((o) => ({ value: o.id, label: `${o.number} · ${o.date}` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item>
                <Button
                  icon={<FileExcelOutlined />}
                  disabled={!supplierId || !mappingId}
                  loading={read.isPending}
                  onClick={() => void run()}
                  data-testid="pi-sheet-read"
                >
                  {t('sheet.read')}
                </Button>
              </Form.Item>
            </Col>
          </Row>
          {supplierId ? null : (
            <Typography.Paragraph type="secondary">{t('create.chooseSupplier')}</Typography.Paragraph>
          )}
        </Form>
      )}
      {error ? <Alert type="error" showIcon title={error} data-testid="pi-sheet-error" /> : null}
      {result ? (
        <>
          <Alert
            type={result.problems.length ? 'warning' : 'success'}
            showIcon
            data-testid="pi-sheet-summary"
            title={t('sheet.summary', {
              rows: result.rowsRead,
              lines: result.lines.length,
              problems: new Set(result.problems.map((p) => p.rowNumber)).size,
            })}
            style={{ marginBottom: result.problems.length ? token.marginSM : 0 }}
          />
          {result.problems.length ? (
            <Table<PurchaseInvoiceSheetProblem>
              data-testid="pi-sheet-problems"
              size="small"
              rowKey={(p) => `${p.rowNumber}-${p.problem}-${p.field ?? ''}`}
              dataSource={result.problems}
              pagination={result.problems.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              columns={[
                { key: 'row', title: t('sheet.row'), width: 80, align: 'end', render: (_, p) => p.rowNumber },
                { key: 'problem', title: t('sheet.problem'), render: (_, p) => problemText(p) },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Panel>
  );
}
