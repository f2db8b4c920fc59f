import { CloudUploadOutlined } from '@ant-design/icons';
import {
  type ImportField,
  type ImportFilePreview,
  type ImportKind,
  type ImportMode,
  type ImportRun,
  type MappingColumn,
  PRODUCT_IMPORT_FIELDS,
  type ProductImportMode,
} from '@backoffice/contracts';
import { Alert, Button, Progress, Radio, Select, Table, theme } from 'antd';
import { type DragEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/lib/permissions.tsx';
import { useErrorText } from '../../shared/lib/use-error-text.ts';
import { useSubmissionKey } from '../../shared/lib/use-submission-key.ts';
import { resolveHeader, uploadImportFile, useFieldLabel } from '../excel-mapping/index.ts';
import { useStartProductImport } from './product-upload-api.ts';

type Assignments = Record<string, string | undefined>;
const PROPOSED = 'proposed';

/** A mapping's rows as "field → the file's header", leaving out headers the file does not have. */
function assign(headers: readonly string[], columns: readonly MappingColumn[]): Assignments {
  const out: Assignments = {};
  for (const c of columns) out[c.field] = resolveHeader(headers, c.header);
  return out;
}

/** What a run starts from: the stored file, the mapping as adjusted, and the mode. */
export interface ImportStart<M extends ImportMode> {
  fileName: string;
  mappingId: string | null;
  columns: MappingColumn[];
  mode: M;
}

/** What differs between kinds of upload: the fields, the modes offered and how a run is started. */
export interface UploadSetup<M extends ImportMode> {
  kind: ImportKind;
  fields: readonly ImportField[];
  modeTitle: string;
  modes: readonly { value: M; label: string; disabled?: boolean }[];
  defaultMode: M;
  /** Said under the modes (what they do, or why one is not offered). */
  modeHelp?: ReactNode;
  start: {
    mutateAsync: (variables: { body: ImportStart<M>; idempotencyKey: string }) => Promise<ImportRun>;
    isPending: boolean;
  };
}

/** The product upload's setup: new SKUs only, or existing ones updated too (with the permission to edit). */
export function useProductUploadSetup(): UploadSetup<ProductImportMode> {
  const { t } = useTranslation('imports');
  const { has } = usePermissions();
  const start = useStartProductImport();
  const canUpdate = has('edit_product');
  return useMemo(
    () => ({
      kind: 'products',
      fields: PRODUCT_IMPORT_FIELDS,
      modeTitle: t('bulk.mode'),
      modes: [
        { value: 'insert', label: t('bulk.modeInsert') },
        { value: 'upsert', label: t('bulk.modeUpsert'), disabled: !canUpdate },
      ],
      defaultMode: 'insert',
      modeHelp: canUpdate ? t('bulk.modeUpsertHelp') : t('bulk.modeUpsertNoPermission'),
      start,
    }),
    [t, canUpdate, start],
  );
}

/**
 * A new upload: choose an .xlsx (sent with a progress bar), see its headers and first rows, take a
 * saved mapping or the one proposed from the headers and adjust it, choose the mode (products: whether
 * existing SKUs are updated; inventory: set or add quantities), then start the run (checked and applied
 * on the server; `onStarted` follows it). `setup` says what the kind of upload is.
 */
export function UploadWizard<M extends ImportMode>({
  onStarted,
  setup,
}: {
  onStarted: (runId: string) => void;
  setup: UploadSetup<M>;
}) {
  const { t } = useTranslation('imports');
  const { token } = theme.useToken();
  const fieldLabel = useFieldLabel();
  const errorText = useErrorText();
  const inputId = useId();
  const { kind, fields, start } = setup;
  const submission = useSubmissionKey();
  const controller = useRef<AbortController | null>(null);
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [preview, setPreview] = useState<ImportFilePreview | null>(null);
  const [choice, setChoice] = useState<string>(PROPOSED);
  const [assignments, setAssignments] = useState<Assignments>({});
  const [mode, setMode] = useState<M>(setup.defaultMode);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);

  const choose = (next: ImportFilePreview, id: string) => {
    setChoice(id);
    const saved = next.mappings.find((m) => m.id === id);
    setAssignments(assign(next.headers, saved ? saved.columns : next.proposed));
  };

  const send = async (file: File) => {
    if (sending) return;
    setError(null);
    setPreview(null);
    const abort = new AbortController();
    controller.current = abort;
    setSending({ name: file.name, percent: 0 });
    try {
      const answer = await uploadImportFile(kind, file, {
        signal: abort.signal,
        onProgress: (percent) => setSending({ name: file.name, percent }),
      });
      setPreview(answer);
      // The kind's default mapping when the file has its headers, else the one proposed from them.
      const fitting = answer.mappings.find((m) => m.isDefault && m.fits);
      choose(answer, fitting?.id ?? PROPOSED);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(errorText(caught));
    } finally {
      setSending(null);
      if (controller.current === abort) controller.current = null;
    }
  };

  const missing = fields.filter((f) => f.required && !assignments[f.field]).map((f) => fieldLabel(kind, f.field));
  const usedTwice = (() => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const header of Object.values(assignments)) if (header) (seen.has(header) ? twice : seen).add(header);
    return twice;
  })();

  const begin = async () => {
    if (!preview || missing.length || usedTwice.size) return;
    setError(null);
    const columns = fields.flatMap((f) => {
      const header = assignments[f.field];
      return header ? [{ header, field: f.field }] : [];
    });
    const body: ImportStart<M> = {
      fileName: preview.file.fileName,
      mappingId: choice === PROPOSED ? null : choice,
      columns,
      mode,
    };
    try {
      const run = await start.mutateAsync({ body, idempotencyKey: submission.keyFor(body) });
      submission.reset();
      setPreview(null);
      onStarted(run.id);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  return (
    <div data-testid="bulk-upload-wizard">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: token.marginXXS,
          padding: token.paddingLG,
          textAlign: 'center',
          borderRadius: token.borderRadiusLG,
          border: `1px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
          background: dragging ? token.colorPrimaryBg : token.colorFillAlter,
          cursor: sending ? 'progress' : 'pointer',
        }}
      >
        <CloudUploadOutlined aria-hidden style={{ fontSize: 32, color: token.colorPrimary }} />
        <span>{preview ? t('bulk.chooseOther') : t('bulk.chooseFile')}</span>
        <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{t('bulk.fileHint')}</span>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="bulk-upload-file"
          disabled={!!sending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clipPath: 'inset(50%)' }}
        />
      </label>

      {sending ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: token.marginSM, marginTop: token.marginSM }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <div>
              {sending.percent < 100
                ? t('bulk.uploading', { name: sending.name })
                : t('bulk.reading', { name: sending.name })}
            </div>
            <Progress
              percent={sending.percent}
              status="active"
              size="small"
              aria-label={t('bulk.uploading', { name: sending.name })}
            />
          </div>
          <Button size="small" onClick={() => controller.current?.abort()}>
            {t('bulk.cancel')}
          </Button>
        </div>
      ) : null}

      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="bulk-upload-error"
          title={error}
          style={{ marginTop: token.marginSM }}
        />
      ) : null}

      {preview ? (
        <section data-testid="bulk-upload-preview" style={{ marginTop: token.margin }}>
          <p style={{ margin: 0 }}>
            <strong>{preview.file.originalName}</strong>{' '}
            {preview.estimatedRows === null
              ? t('bulk.fileSummary', { count: preview.headers.length })
              : t('bulk.fileSummaryRows', { count: preview.headers.length, rows: preview.estimatedRows })}
          </p>
          <h3 style={{ fontSize: token.fontSizeLG, margin: `${token.marginSM}px 0 ${token.marginXS}px` }}>
            {t('bulk.preview')}
          </h3>
          <Table<{ key: number; cells: string[] }>
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="bulk-upload-sample"
            columns={preview.headers.map((header, i) => ({
              key: String(i),
              title: header || t('bulk.noHeader', { n: i + 1 }),
              render: (_, row) => row.cells[i],
            }))}
            dataSource={preview.sampleRows.map((cells, i) => ({ key: i, cells }))}
          />

          <h3 style={{ fontSize: token.fontSizeLG, margin: `${token.margin}px 0 ${token.marginXS}px` }}>
            {t('bulk.mapping')}
          </h3>
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: token.marginXS }}>
            <label htmlFor={`${inputId}-mapping`}>{t('bulk.savedMapping')}</label>
            <Select
              id={`${inputId}-mapping`}
              data-testid="bulk-upload-mapping"
              value={choice}
              onChange={(id: string) => choose(preview, id)}
              style={{ minWidth: 260, maxWidth: '100%' }}
              options={[
                { value: PROPOSED, label: t('bulk.proposedMapping') },
                ...preview.mappings.map((m) => ({
                  value: m.id,
                  label: `${m.name}${m.isDefault ? ` (${t('mappings.default')})` : ''}${m.fits ? '' : ` ${t('bulk.doesNotFit')}`}`,
                })),
              ]}
            />
          </div>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
              gap: `${token.marginXS}px ${token.margin}px`,
              marginTop: token.marginSM,
            }}
          >
            {fields.map((f) => {
              const required = !!f.required;
              const header = assignments[f.field];
              const id = `${inputId}-${f.field}`;
              return (
                <div key={f.field} style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                  <label htmlFor={id}>
                    {fieldLabel(kind, f.field)}
                    {required ? <span style={{ color: token.colorError }}> *</span> : null}
                  </label>
                  <Select
                    id={id}
                    data-testid={`map-${f.field}`}
                    value={header ?? ''}
                    status={(required && !header) || (header && usedTwice.has(header)) ? 'error' : undefined}
                    onChange={(value: string) => setAssignments((a) => ({ ...a, [f.field]: value || undefined }))}
                    options={[
                      { value: '', label: t('mappings.notImported') },
                      ...preview.headers.filter(Boolean).map((h) => ({ value: h, label: h })),
                    ]}
                  />
                </div>
              );
            })}
          </div>
          {missing.length ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: token.marginSM }}
              title={t('bulk.missingRequired', { fields: missing.join(', ') })}
            />
          ) : null}
          {usedTwice.size ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: token.marginSM }}
              title={t('bulk.usedTwice', { headers: [...usedTwice].join(', ') })}
            />
          ) : null}

          <h3 style={{ fontSize: token.fontSizeLG, margin: `${token.margin}px 0 ${token.marginXS}px` }}>
            {setup.modeTitle}
          </h3>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as M)}
            data-testid="bulk-upload-mode"
            style={{ display: 'flex', flexDirection: 'column', gap: token.marginXXS }}
          >
            {setup.modes.map((m) => (
              <Radio key={m.value} value={m.value} disabled={m.disabled} data-testid={`bulk-upload-mode-${m.value}`}>
                {m.label}
              </Radio>
            ))}
          </Radio.Group>
          {setup.modeHelp ? (
            <div
              style={{
                color: token.colorTextSecondary,
                fontSize: token.fontSizeSM,
                margin: `${token.marginXXS}px 0 0`,
              }}
            >
              {setup.modeHelp}
            </div>
          ) : null}

          <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, marginTop: token.margin }}>
            <Button
              type="primary"
              data-testid="bulk-upload-start"
              loading={start.isPending}
              disabled={missing.length > 0 || usedTwice.size > 0}
              onClick={() => void begin()}
            >
              {t('bulk.start')}
            </Button>
            <Button onClick={() => setPreview(null)}>{t('bulk.discard')}</Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
