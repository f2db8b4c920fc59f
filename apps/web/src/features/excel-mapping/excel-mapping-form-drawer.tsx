import { DeleteOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ExcelMapping,
  type ExcelMappingInput,
  IMPORT_KIND_DEFS,
  IMPORT_KINDS,
  type ImportKind,
  MAPPING_HEADER_MAX_LENGTH,
  MAPPING_MAX_COLUMNS,
  MAPPING_NAME_MAX_LENGTH,
} from '@backoffice/contracts';
import { Alert, AutoComplete, Button, Form, type FormInstance, Input, Select, Spin, Switch, theme } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { FormDrawer } from '../../shared/ui/form-drawer.tsx';
import { useRecordSave } from '../../shared/ui/kit/form-errors.ts';
import { uploadImportFile, useCreateExcelMapping, useUpdateExcelMapping } from './api.ts';
import { sameHeader, useFieldLabel } from './labels.ts';

interface Row {
  header: string;
  field: string | undefined;
}
interface Values {
  name: string;
  kind: ImportKind;
  isDefault: boolean;
  columns: Row[];
}

export const MAPPING_FORM_ID = 'excel-mapping-form';
/** A taken name shows under the name; what else the server names, under its field; the rest above the form. */
const SERVER_ERRORS = {
  fields: ['name', 'kind', 'isDefault', 'columns'],
  codes: { EXCEL_MAPPING_NAME_TAKEN: 'name' },
} as const;

/** A new mapping starts with a row for each required field of its kind. */
const requiredRows = (kind: ImportKind): Row[] =>
  IMPORT_KIND_DEFS[kind].fields.filter((f) => f.required).map((f) => ({ header: '', field: f.field }));

function MappingForm({
  mapping,
  onSubmit,
}: {
  mapping: ExcelMapping | null;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
}) {
  const { t } = useTranslation('imports');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const fieldLabel = useFieldLabel();
  const errorText = useErrorText();
  const inputId = useId();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? mapping?.kind ?? 'products';
  const [fileHeaders, setFileHeaders] = useState<string[]>([]);
  const [proposal, setProposal] = useState<{ state: 'reading' } | { state: 'done'; text: string } | null>(null);
  const [proposalError, setProposalError] = useState<string | null>(null);
  const fields = IMPORT_KIND_DEFS[kind].fields;

  /** Reads the file's header row and puts the proposed mapping in the rows (the person adjusts it). */
  const propose = async (file: File) => {
    setProposalError(null);
    setProposal({ state: 'reading' });
    try {
      const preview = await uploadImportFile(kind, file);
      setFileHeaders(preview.headers);
      form.setFieldValue('columns', preview.proposed.length ? preview.proposed : requiredRows(kind));
      void form.validateFields(['columns']).catch(() => undefined);
      setProposal({
        state: 'done',
        text: t('mappings.proposed', {
          name: file.name,
          count: preview.proposed.length,
          headers: preview.headers.length,
        }),
      });
    } catch (error) {
      setProposal(null);
      setProposalError(errorText(error));
    }
  };

  const columnRules = [
    {
      validator: async (_: unknown, rows: Row[] | undefined) => {
        const mapped = new Set((rows ?? []).map((r) => r.field));
        const missing = fields.filter((f) => f.required && !mapped.has(f.field)).map((f) => fieldLabel(kind, f.field));
        if (!rows?.length) throw new Error(t('mappings.atLeastOne'));
        if (missing.length) throw new Error(t('mappings.requiredMissing', { fields: missing.join(', ') }));
      },
    },
  ];

  return (
    <Form<Values>
      form={form}
      name={MAPPING_FORM_ID}
      layout="vertical"
      onFinish={(values) => onSubmit(values, form)}
      onValuesChange={(changed: Partial<Values>) => {
        // Another kind has other fields: a new mapping starts again from that kind's required fields.
        if (changed.kind && !mapping) form.setFieldValue('columns', requiredRows(changed.kind));
      }}
      initialValues={
        mapping
          ? { name: mapping.name, kind: mapping.kind, isDefault: mapping.isDefault, columns: mapping.columns }
          : { name: '', kind: 'products', isDefault: false, columns: requiredRows('products') }
      }
    >
      <Form.Item
        name="name"
        label={t('mappings.name')}
        rules={[
          { required: true, whitespace: true, message: tc('form.required') },
          { max: MAPPING_NAME_MAX_LENGTH, message: t('mappings.maxLength', { max: MAPPING_NAME_MAX_LENGTH }) },
        ]}
      >
        <Input autoFocus autoComplete="off" maxLength={MAPPING_NAME_MAX_LENGTH} data-testid="mapping-name" />
      </Form.Item>
      <Form.Item name="kind" label={t('mappings.kind')} rules={[{ required: true, message: tc('form.required') }]}>
        <Select data-testid="mapping-kind" options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label={t('mappings.isDefault')}
        extra={t('mappings.defaultHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>

      <div style={{ marginBottom: token.margin }}>
        <Button
          icon={<FileExcelOutlined />}
          loading={proposal?.state === 'reading'}
          onClick={() => document.getElementById(inputId)?.click()}
        >
          {t('mappings.propose')}
        </Button>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="mapping-propose-file"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void propose(file);
          }}
        />
        <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, marginTop: token.marginXXS }}>
          {t('mappings.proposeHelp')}
        </div>
        {proposal?.state === 'reading' ? <Spin size="small" /> : null}
        {proposal?.state === 'done' ? (
          <Alert type="info" showIcon title={proposal.text} style={{ marginTop: token.marginXS }} />
        ) : null}
        {proposalError ? (
          <Alert type="error" showIcon role="alert" title={proposalError} style={{ marginTop: token.marginXS }} />
        ) : null}
      </div>

      <Form.List name="columns" rules={columnRules}>
        {(items, { add, remove }, { errors }) => (
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: token.marginXS }}>{t('mappings.columnsTitle')}</legend>
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                gap: token.marginXS,
                color: token.colorTextSecondary,
                fontSize: token.fontSizeSM,
              }}
              aria-hidden
            >
              <span>{t('mappings.header')}</span>
              <span>{t('mappings.field')}</span>
              <span />
            </div>
            {items.map((item, index) => (
              <div
                key={item.key}
                data-testid="mapping-row"
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                  gap: token.marginXS,
                  alignItems: 'start',
                }}
              >
                <Form.Item
                  name={[item.name, 'header']}
                  rules={[
                    { required: true, whitespace: true, message: t('mappings.headerNeeded') },
                    {
                      max: MAPPING_HEADER_MAX_LENGTH,
                      message: t('mappings.maxLength', { max: MAPPING_HEADER_MAX_LENGTH }),
                    },
                    {
                      validator: async (_, value: string | undefined) => {
                        const rows: Row[] = form.getFieldValue('columns') ?? [];
                        if (value && rows.slice(0, index).some((r) => r?.header && sameHeader(r.header, value)))
                          throw new Error(t('mappings.headerTaken'));
                      },
                    },
                  ]}
                >
                  <AutoComplete
                    aria-label={t('mappings.headerOf', { n: index + 1 })}
                    options={fileHeaders.map((h) => ({ value: h }))}
                    filterOption={(input, option) =>
                      String(option?.value ?? '')
                        .toLowerCase()
                        .includes(input.toLowerCase())
                    }
                    maxLength={MAPPING_HEADER_MAX_LENGTH}
                  />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'field']}
                  rules={[
                    { required: true, message: t('mappings.fieldNeeded') },
                    {
                      validator: async (_, value: string | undefined) => {
                        const rows: Row[] = form.getFieldValue('columns') ?? [];
                        if (value && rows.slice(0, index).some((r) => r?.field === value))
                          throw new Error(t('mappings.fieldTaken'));
                      },
                    },
                  ]}
                >
                  <Select
                    aria-label={t('mappings.fieldOf', { n: index + 1 })}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={fields.map((f) => ({
                      value: f.field,
                      label: f.required ? `${fieldLabel(kind, f.field)} *` : fieldLabel(kind, f.field),
                    }))}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('mappings.removeColumn', { n: index + 1 })}
                  onClick={() => remove(item.name)}
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ header: '', field: undefined })}
              disabled={items.length >= MAPPING_MAX_COLUMNS}
              data-testid="mapping-add-column"
              style={{ marginTop: token.marginXS }}
            >
              {t('mappings.addColumn')}
            </Button>
            <p style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, marginTop: token.marginXS }}>
              {t('mappings.requiredNote')}
            </p>
          </fieldset>
        )}
      </Form.List>
    </Form>
  );
}

/** Creates a mapping, or edits one (`mapping` given): name, kind, default flag and the rows "header → field". */
export function ExcelMappingFormDrawer({
  open,
  mapping,
  onClose,
}: {
  open: boolean;
  mapping: ExcelMapping | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('imports');
  const { has } = usePermissions();
  const create = useCreateExcelMapping();
  const update = useUpdateExcelMapping();
  const { failure, close, save, saving } = useRecordSave<Values, ExcelMappingInput, ExcelMapping>(
    create,
    update,
    SERVER_ERRORS,
    onClose,
  );

  const handleSubmit = async (values: Values, form: FormInstance<Values>) => {
    const body: ExcelMappingInput = {
      name: values.name.trim(),
      kind: values.kind,
      isDefault: values.isDefault,
      columns: values.columns.map((c) => ({ header: c.header.trim(), field: c.field ?? '' })),
    };
    await save(form, body, mapping?.id);
  };

  return (
    <FormDrawer
      open={open}
      onClose={close}
      title={mapping ? t('mappings.editTitle', { name: mapping.name }) : t('mappings.createTitle')}
      formId={MAPPING_FORM_ID}
      width={640}
      saving={saving}
      failure={failure}
    >
      {open && has('edit_excel_mapping') ? (
        <MappingForm key={mapping?.id ?? 'new'} mapping={mapping} onSubmit={handleSubmit} />
      ) : null}
    </FormDrawer>
  );
}
