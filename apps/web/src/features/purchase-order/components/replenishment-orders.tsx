import { FileAddOutlined } from '@ant-design/icons';
import { PurchaseOrderErrorCode, type ReplenishmentOrderResult } from '@backoffice/contracts';
import { Alert, Button, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { useCreateFromReplenishment } from '../api.ts';
import { purchaseOrderUrl } from '../urls.ts';
import { SupplierSelect } from './supplier-select.tsx';

/** A chosen suggestion of the Replenishment Report. */
export interface ReplenishmentSuggestion {
  productId: string;
  sku: string;
  warehouseId: string;
  quantity: string;
}

/**
 * "Create purchase orders" on the Replenishment Report: the chosen suggestions become draft Prior POs, one per
 * supplier and warehouse, each product with its preferred supplier (its supplier on its latest order). Products
 * without one are named, and the supplier chosen here orders them. The answer lists the orders made, as links.
 */
export function CreatePurchaseOrdersButton({ suggestions }: { suggestions: readonly ReplenishmentSuggestion[] }) {
  const { t } = useTranslation('purchasing');
  const { token } = theme.useToken();
  const { has } = usePermissions();
  const errorText = useErrorText();
  const create = useCreateFromReplenishment();
  const submission = useSubmissionKey();
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState<{ skus: string[]; productIds: string[] } | null>(null);
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<ReplenishmentOrderResult['orders'] | null>(null);
  if (!has('add_purchase_order')) return null;

  const reset = () => {
    setMissing(null);
    setSupplierId(null);
    setFailure(null);
    setDone(null);
  };
  const submit = async () => {
    setFailure(null);
    const lacking = new Set(missing?.productIds ?? []);
    const body = {
      lines: suggestions.map((s) => ({
        productId: s.productId,
        warehouseId: s.warehouseId,
        quantity: s.quantity,
        supplierId: lacking.has(s.productId) ? supplierId : null,
      })),
    };
    try {
      const result = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      setDone(result.orders);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === PurchaseOrderErrorCode.PURCHASE_ORDER_REPLENISHMENT_SUPPLIER_REQUIRED
      ) {
        const details = errorDetails(error);
        setMissing({
          skus: Array.isArray(details.skus) ? (details.skus as string[]) : [],
          productIds: Array.isArray(details.productIds) ? (details.productIds as string[]) : [],
        });
      }
      setFailure(errorText(error) || t('detail.sendFailed'));
    }
  };

  return (
    <>
      <Button
        icon={<FileAddOutlined />}
        disabled={!suggestions.length}
        title={suggestions.length ? undefined : t('replenishment.select')}
        onClick={() => {
          reset();
          setOpen(true);
        }}
        data-testid="replenishment-create-orders"
      >
        {t('replenishment.create')}
      </Button>
      <Modal
        open={open}
        title={t('replenishment.title', { count: suggestions.length })}
        okText={done ? t('replenishment.open') : t('replenishment.create')}
        okButtonProps={{
          loading: create.isPending,
          disabled: !done && !!missing && !supplierId,
          ...{ 'data-testid': 'replenishment-create-confirm' },
        }}
        footer={done ? null : undefined}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {done ? (
          <div data-testid="replenishment-created">
            <Typography.Paragraph>
              {t('replenishment.created', { numbers: done.map((o) => o.number).join(', ') })}
            </Typography.Paragraph>
            <ul style={{ margin: 0 }}>
              {done.map((o) => (
                <li key={o.id}>
                  <Link to={purchaseOrderUrl('PRIOR_ORDER_PO', o.id)}>
                    <bdi>{o.number}</bdi>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <Typography.Paragraph>{t('replenishment.intro')}</Typography.Paragraph>
            {missing ? (
              <div style={{ marginBottom: token.marginSM }}>
                <label htmlFor="replenishment-supplier" style={{ display: 'block', marginBottom: token.marginXXS }}>
                  {t('replenishment.supplier')}: <bdi>{missing.skus.join(', ')}</bdi>
                </label>
                <SupplierSelect
                  id="replenishment-supplier"
                  testId="replenishment-supplier"
                  value={supplierId}
                  onChange={setSupplierId}
                  style={{ width: '100%' }}
                />
              </div>
            ) : null}
            {failure && !missing ? <Alert type="error" showIcon title={failure} /> : null}
          </>
        )}
      </Modal>
    </>
  );
}
