import {
  BUNDLE_TASK_NOTES_MAX,
  BundleErrorCode,
  type BundleLookupItem,
  type BundleTask,
  type BundleTaskInput,
  ConfigurationErrorCode,
  StockErrorCode,
  UNITS_OF_MEASURE,
  type UnitOfMeasure,
  WarehouseErrorCode,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import { Alert, Col, DatePicker, Form, type FormInstance, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../lookups/location-select.tsx';
import { WarehouseSelect } from '../../../lookups/warehouse-select.tsx';
import { ApiError, errorDetails } from '../../../shared/lib/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { usePermissions } from '../../../shared/lib/permissions.tsx';
import { useDebounced } from '../../../shared/lib/use-debounced.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../../shared/lib/use-submission-key.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { serverFieldErrors } from '../../currency/index.ts';
import { useWarehouseConfig } from '../warehouses/api.ts';
import { useAvailabilityPreview, useCreateTask } from './api.ts';
import { AssigneeSelect } from './assignee-select.tsx';
import { AvailabilityTable } from './availability-table.tsx';
import { BundlePicker, Recipe } from './bundle-picker.tsx';
import { isAboveZero, isWholeNumber, QUANTITY_PATTERN } from './urls.ts';

const FORM_ID = 'bundle-task-form';
const DATE_FORMAT = 'YYYY-MM-DD';

interface Values {
  bundleProductId?: string | null;
  warehouseId?: string | null;
  quantity: string;
  sourceLocationId?: string | null;
  targetLocationId?: string | null;
  assigneeUserId?: string | null;
  dueDate: Dayjs | null;
  notes: string;
}
type FieldName = keyof Values;
const FIELDS: readonly FieldName[] = [
  'bundleProductId',
  'warehouseId',
  'quantity',
  'sourceLocationId',
  'targetLocationId',
  'assigneeUserId',
  'dueDate',
  'notes',
];

/** The field a refusal of the server is about, so that it shows under that field. */
const FIELD_OF_CODE: Readonly<Record<string, FieldName>> = {
  [BundleErrorCode.BUNDLE_TASK_PRODUCT_UNKNOWN]: 'bundleProductId',
  [BundleErrorCode.BUNDLE_TASK_NOT_A_BUNDLE]: 'bundleProductId',
  [BundleErrorCode.BUNDLE_TASK_PRODUCT_INACTIVE]: 'bundleProductId',
  [BundleErrorCode.BUNDLE_TASK_NO_COMPONENTS]: 'bundleProductId',
  [BundleErrorCode.BUNDLE_TASK_QUANTITY_NOT_WHOLE]: 'quantity',
  [BundleErrorCode.BUNDLE_TASK_COMPONENT_QUANTITY_INVALID]: 'quantity',
  [BundleErrorCode.BUNDLE_TASK_LOCATION_INACTIVE]: 'targetLocationId',
  [BundleErrorCode.BUNDLE_TASK_ASSIGNEE_INVALID]: 'assigneeUserId',
  [BundleErrorCode.BUNDLE_TASK_DUE_DATE_PAST]: 'dueDate',
  [ConfigurationErrorCode.UNKNOWN_WAREHOUSE]: 'warehouseId',
  [StockErrorCode.WAREHOUSE_INACTIVE]: 'warehouseId',
};

const isUnit = (unit: string): unit is UnitOfMeasure => (UNITS_OF_MEASURE as readonly string[]).includes(unit);

/** The bundle's components against the chosen warehouse (and bin) for the quantity typed, as it is typed. */
function Preview({
  bundleProductId,
  warehouseId,
  sourceLocationId,
  quantity,
}: {
  bundleProductId: string;
  warehouseId: string;
  sourceLocationId: string | null;
  quantity: string;
}) {
  const preview = useAvailabilityPreview({
    bundleProductId,
    warehouseId,
    quantity,
    ...(sourceLocationId ? { sourceLocationId } : {}),
  });
  if (!preview.data) return null;
  return <AvailabilityTable availability={preview.data} isLoading={preview.isFetching} testId="task-preview" />;
}

function TaskForm({ onSubmit }: { onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void> }) {
  const { t } = useTranslation('bundles');
  const { t: tp } = useTranslation('products');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [bundle, setBundle] = useState<BundleLookupItem | null>(null);
  const warehouseId = Form.useWatch('warehouseId', form);
  const sourceLocationId = Form.useWatch('sourceLocationId', form);
  const targetLocationId = Form.useWatch('targetLocationId', form);
  // Without a target bin the bundles go to the warehouse's default receiving bin; without one, into no bin.
  const config = useWarehouseConfig(warehouseId ?? undefined);
  const intoNoBin =
    !!warehouseId &&
    !targetLocationId &&
    config.data?.warehouseId === warehouseId &&
    !config.data.defaultReceivingLocation;
  const quantityText = Form.useWatch('quantity', form) ?? '';
  const quantity = useDebounced(quantityText.trim(), 400);
  const required = { required: true, message: tc('form.required') };
  const wholeOnly = bundle?.unit === WHOLE_UNIT;
  const showPreview =
    !!bundle &&
    !!warehouseId &&
    QUANTITY_PATTERN.test(quantity) &&
    isAboveZero(quantity) &&
    (!wholeOnly || isWholeNumber(quantity));

  return (
    <Form<Values>
      form={form}
      name={FORM_ID}
      layout="vertical"
      initialValues={{
        bundleProductId: null,
        warehouseId: null,
        quantity: '',
        sourceLocationId: null,
        targetLocationId: null,
        assigneeUserId: null,
        dueDate: null,
        notes: '',
      }}
      onValuesChange={(changed: Partial<Values>) => {
        // Bins belong to their warehouse: another warehouse clears them.
        if ('warehouseId' in changed) form.setFieldsValue({ sourceLocationId: null, targetLocationId: null });
      }}
      onFinish={(values) => onSubmit(values, form)}
    >
      <Form.Item
        name="bundleProductId"
        label={t('fields.bundle')}
        rules={[required]}
        extra={bundle ? <Recipe bundle={bundle} /> : undefined}
      >
        <BundlePicker testId="task-bundle" onPicked={setBundle} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item name="warehouseId" label={t('fields.warehouse')} rules={[required]}>
            <WarehouseSelect activeOnly testId="task-warehouse" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="quantity"
            label={t('fields.quantity')}
            extra={t('form.quantityHelp')}
            rules={[
              { ...required, whitespace: true },
              {
                validator: (_, value: string | undefined) => {
                  const text = (value ?? '').trim();
                  if (!text) return Promise.resolve();
                  if (!QUANTITY_PATTERN.test(text) || !isAboveZero(text))
                    return Promise.reject(new Error(t('form.quantityInvalid')));
                  if (wholeOnly && !isWholeNumber(text)) return Promise.reject(new Error(t('form.quantityWhole')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={17}
              data-testid="task-quantity"
              suffix={bundle && isUnit(bundle.unit) ? tp(`unitShort.${bundle.unit}`) : undefined}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="sourceLocationId"
            label={t('fields.sourceBin')}
            extra={warehouseId ? undefined : t('form.chooseWarehouseFirst')}
          >
            <LocationSelect
              warehouseId={warehouseId ?? ''}
              disabled={!warehouseId}
              placeholder={t('form.sourceBinPlaceholder')}
              testId="task-source-bin"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="targetLocationId" label={t('fields.targetBin')}>
            <LocationSelect
              warehouseId={warehouseId ?? ''}
              disabled={!warehouseId}
              placeholder={t('form.targetBinPlaceholder')}
              testId="task-target-bin"
            />
          </Form.Item>
        </Col>
      </Row>
      {intoNoBin ? (
        <Alert
          type="warning"
          showIcon
          data-testid="task-no-bin"
          title={t('form.noReceivingBin')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {showPreview && bundle && warehouseId ? (
        <div style={{ marginBlockEnd: 24 }}>
          <Preview
            bundleProductId={bundle.id}
            warehouseId={warehouseId}
            sourceLocationId={sourceLocationId ?? null}
            quantity={quantity}
          />
        </div>
      ) : null}
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item name="assigneeUserId" label={t('fields.assignee')}>
            <AssigneeSelect testId="task-assignee" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="dueDate"
            label={t('fields.dueDate')}
            rules={[
              {
                validator: (_, value: Dayjs | null | undefined) =>
                  value?.isBefore(dayjs(), 'day')
                    ? Promise.reject(new Error(t('form.dueDatePast')))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker
              format={DATE_FORMAT}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
              data-testid="task-due-date"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="notes" label={t('fields.notes')}>
        <Input.TextArea
          rows={3}
          maxLength={BUNDLE_TASK_NOTES_MAX}
          showCount
          placeholder={t('form.notesPlaceholder')}
          data-testid="task-notes"
        />
      </Form.Item>
    </Form>
  );
}

/** "New task": a bundle (its recipe shown), the warehouse, how many, bins, who and by when. */
export function TaskFormDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (task: BundleTask) => void;
}) {
  const { t } = useTranslation('bundles');
  const errorText = useErrorText();
  const create = useCreateTask();
  const submission = useSubmissionKey();
  const { has } = usePermissions();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    submission.reset();
    onClose();
  };

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    setFailure(null);
    const body: BundleTaskInput = {
      bundleProductId: values.bundleProductId ?? '',
      warehouseId: values.warehouseId ?? '',
      quantity: values.quantity.trim(),
      sourceLocationId: values.sourceLocationId ?? null,
      targetLocationId: values.targetLocationId ?? null,
      assigneeUserId: values.assigneeUserId ?? null,
      dueDate: values.dueDate ? values.dueDate.format(DATE_FORMAT) : null,
      notes: values.notes?.trim() ?? '',
    };
    try {
      const task = await create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      notifySuccess(t('form.created', { number: task.number }));
      close();
      onCreated?.(task);
    } catch (error) {
      const text = errorText(error);
      if (!text) return;
      let field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (error instanceof ApiError && error.code === WarehouseErrorCode.LOCATION_NOT_IN_WAREHOUSE)
        field = errorDetails(error).locationId === body.targetLocationId ? 'targetLocationId' : 'sourceLocationId';
      if (field) {
        form.setFields([{ name: field, errors: [text] }]);
        return;
      }
      const fields = serverFieldErrors<Values>(error, FIELDS);
      if (fields.length) form.setFields(fields);
      else setFailure(text);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={t('form.title')}
      formId={FORM_ID}
      width={640}
      saving={create.isPending}
      failure={failure}
      testId="task-drawer"
      submitTestId="task-submit"
    >
      {!open ? null : has('view_warehouse') ? (
        <TaskForm onSubmit={handleSubmit} />
      ) : (
        // The warehouse and bin pickers search warehouses, which view_warehouse guards.
        <Alert type="warning" showIcon title={t('form.needsWarehousePermission')} />
      )}
    </FormDrawer>
  );
}
