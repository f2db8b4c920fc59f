import { BarcodeOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { UNITS_OF_MEASURE, type UnitOfMeasure } from '@backoffice/contracts';
import { Alert, Button, Input, type InputRef, Tooltip, theme } from 'antd';
import {
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTextKey } from './document-text.ts';
import {
  applyScan,
  blankLine,
  type EditorLine,
  type LineProblem,
  type LineProduct,
  lineProblems,
  pickScanned,
} from './lines.ts';
import { useProductCodeLookup } from './product-code-lookup.ts';

/** What the product field of a line is given (the page passes the product picker). */
export interface ProductFieldProps {
  value?: string;
  onChange?: (id: string | undefined) => void;
  onPicked?: (item: LineProduct) => void;
  exclude?: readonly string[];
  known?: Pick<LineProduct, 'id' | 'sku' | 'name'>;
  ariaLabel: string;
  testId?: string;
}

/** What a bin field of a line is given (the page passes a warehouse's bin picker). */
export interface BinFieldProps {
  warehouseId: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  current?: { id: string; code: string } | null;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  testId?: string;
}

/** A bin column: which warehouse its bins belong to and how it is named. */
export interface BinColumn {
  key: string;
  label: string;
  warehouseId: string | null | undefined;
  placeholder: string;
  ariaLabel: (lineNo: number) => string;
  testId?: string;
}

/** Errors by line index and field ('product', 'quantity', 'price' or a bin column's key), e.g. the server's. */
export type LineErrors = Readonly<Record<number, Readonly<Record<string, string | undefined>>>>;

const isUnit = (unit: string): unit is UnitOfMeasure => (UNITS_OF_MEASURE as readonly string[]).includes(unit);
const PROBLEM_KEYS: Record<LineProblem, DocumentTextKey> = {
  product: 'lines.validation.product',
  required: 'lines.validation.quantityPositive',
  quantity: 'lines.validation.quantity',
  quantityPositive: 'lines.validation.quantityPositive',
  whole: 'lines.validation.whole',
  price: 'lines.validation.price',
};
/** What marks a line's fields, in order, for Enter to go from one to the next. */
const FIELD = 'data-line-field';

/**
 * A document's lines, for the keyboard and the scanner: a scanned (or typed) SKU or barcode + Enter adds
 * the product with 1 or counts one more on its line; Enter in a quantity or amount goes to the next field;
 * Ctrl+Delete (or the bin button) removes a line, with Undo. Each line: the product (by SKU, barcode or
 * name), the quantity checked by the contract's rule (whole numbers for products counted in units), the
 * bins of the document's bin columns and, where the document has one, the unit cost or price. Controlled
 * (`value`/`onChange`), so it sits in an antd Form.Item whose rule checks `linesAreValid`.
 */
export function LinesEditor({
  id,
  value = [],
  onChange,
  bins = [],
  price,
  testIdPrefix,
  addTestId,
  maxLines = 500,
  minLines = 1,
  uniqueProducts = true,
  scan = true,
  showErrors = false,
  errors,
  knownBins,
  quantityExtra,
  lineExtra,
  findByCode,
  components,
}: {
  id?: string;
  value?: readonly EditorLine[];
  onChange?: (lines: EditorLine[]) => void;
  bins?: readonly BinColumn[];
  /** The amount column where the document has one: its label ("Unit cost (£)") and the currency's sign (£ unless given). */
  price?: { label: string; testId?: string; prefix?: string };
  /** Test ids: the line (`<prefix>`), its `-product`, `-quantity`, `-price` and `-remove`. */
  testIdPrefix: string;
  addTestId?: string;
  maxLines?: number;
  minLines?: number;
  /** A product on one line only: the others' products are not offered (a scan always counts on the product's line). */
  uniqueProducts?: boolean;
  scan?: boolean;
  /** Show every line's problems (after a save was tried), not only those of fields already left. */
  showErrors?: boolean;
  errors?: LineErrors;
  /** Bins already chosen, to label them before any search. */
  knownBins?: ReadonlyMap<string, { id: string; code: string }>;
  /** Under a line's quantity: what is available, say. */
  quantityExtra?: (line: EditorLine, index: number) => ReactNode;
  /**
   * More fields of a line after its amount and bins (a discount, a VAT rate, the line's net): the document's
   * own, kept in the line's `extra` and changed through `set`.
   */
  lineExtra?: (line: EditorLine, index: number, set: (extra: Readonly<Record<string, string>>) => void) => ReactNode;
  /** The products a code may mean; the product lookup by default. */
  findByCode?: (code: string) => Promise<LineProduct[]>;
  /** The pickers of a line: the kit knows no area, so the page hands them in (lookups sit above it). */
  components: { ProductField: ComponentType<ProductFieldProps>; BinField: ComponentType<BinFieldProps> };
}) {
  const { t } = useTranslation('documents');
  const { t: tp } = useTranslation('products');
  const { token } = theme.useToken();
  const ids = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const scanRef = useRef<InputRef>(null);
  const defaultFind = useProductCodeLookup();
  const find = findByCode ?? defaultFind;
  const { ProductField, BinField } = components;
  const binKeys = useMemo(() => bins.map((b) => b.key), [bins]);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [removed, setRemoved] = useState<{ line: EditorLine; index: number } | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const lines = value;
  // The lines as they are now: a scan's answer lands on these, not on the lines of the moment it was sent (a
  // quantity typed meanwhile stays).
  const current = useRef(lines);
  current.current = lines;

  const change = (next: EditorLine[]) => onChange?.(next);
  const update = (index: number, patch: Partial<EditorLine>) =>
    change(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const touch = (key: string, field: string) => setTouched((had) => new Set(had).add(`${key}:${field}`));

  const focusField = useCallback((element: Element | null | undefined) => {
    const target = element?.matches('input, button, textarea')
      ? element
      : element?.querySelector('input:not([disabled]), button:not([disabled]), textarea');
    if (target instanceof HTMLElement) target.focus();
  }, []);

  const remove = (index: number) => {
    const line = lines[index];
    if (!line || lines.length <= minLines) return;
    setRemoved({ line, index });
    change(lines.filter((_, i) => i !== index));
  };
  const undo = () => {
    if (!removed) return;
    const next = [...lines];
    next.splice(Math.min(removed.index, next.length), 0, removed.line);
    setRemoved(null);
    change(next);
  };
  const add = () => {
    setRemoved(null);
    change([...lines, blankLine(binKeys)]);
    // The new line's product, once it is drawn.
    window.setTimeout(() => {
      const all = rootRef.current?.querySelectorAll(`[${FIELD}="product"]`);
      focusField(all?.[all.length - 1]);
    }, 0);
  };

  const submitScan = async () => {
    const scanned = code.trim();
    if (!scanned || scanning) return;
    setScanning(true);
    try {
      const found = pickScanned(scanned, await find(scanned));
      if (found === 'none' || found === 'ambiguous') {
        setFeedback({
          ok: false,
          text: t(found === 'none' ? 'lines.scanNotFound' : 'lines.scanAmbiguous', { code: scanned }),
        });
        return;
      }
      const result = applyScan(current.current, found, binKeys);
      if (result.lines.length > maxLines) return;
      setRemoved(null);
      change(result.lines);
      setCode('');
      setFeedback({
        ok: true,
        text: t('lines.scanAdded', {
          sku: found.sku,
          lineNo: result.index + 1,
          quantity: result.lines[result.index]?.quantity ?? '1',
        }),
      });
    } catch {
      setFeedback({ ok: false, text: t('lines.scanFailed', { code: scanned }) });
    } finally {
      setScanning(false);
      scanRef.current?.focus();
    }
  };

  /** Enter in a text field goes on to the next field; Ctrl+Delete removes the line. */
  const onLineKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Delete' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      remove(index);
      return;
    }
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'INPUT' || target.getAttribute('role') === 'combobox') return;
    event.preventDefault();
    const fields = [...(rootRef.current?.querySelectorAll(`[${FIELD}]`) ?? [])];
    const at = fields.findIndex((field) => field.contains(target));
    const next = fields[at + 1];
    if (next) focusField(next);
    else if (scan) scanRef.current?.focus();
  };

  const problemText = (line: EditorLine, index: number, field: 'product' | 'quantity' | 'price') => {
    const server = errors?.[index]?.[field];
    if (server) return server;
    if (!showErrors && !touched.has(`${line.key}:${field}`)) return undefined;
    const problem = lineProblems(line, { price: !!price })[field];
    return problem ? t(PROBLEM_KEYS[problem]) : undefined;
  };
  const errorOf = (text: string | undefined, errorId: string) =>
    text ? (
      <div id={errorId} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
        {text}
      </div>
    ) : null;
  const fieldStyle = (flex: string) => ({ flex, minWidth: 0, display: 'flex', flexDirection: 'column' as const });
  const labelStyle = { marginBottom: token.marginXXS, color: token.colorText };

  return (
    <div id={id} ref={rootRef}>
      {scan ? (
        <div style={{ marginBottom: token.marginSM }}>
          <label htmlFor={`${ids}-scan`} style={{ display: 'block', ...labelStyle }}>
            {t('lines.scanLabel')}
          </label>
          <Input
            id={`${ids}-scan`}
            ref={scanRef}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={(event) => {
              // Enter is the scanner's end of code: it counts, and never submits the form around.
              event.preventDefault();
              void submitScan();
            }}
            prefix={<BarcodeOutlined aria-hidden />}
            placeholder={t('lines.scanPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            disabled={scanning}
            aria-describedby={`${ids}-scan-feedback ${ids}-hint`}
            data-testid={`${testIdPrefix}-scan`}
            style={{ maxWidth: 420 }}
          />
          <div
            id={`${ids}-scan-feedback`}
            aria-live="polite"
            data-testid={`${testIdPrefix}-scan-feedback`}
            style={{ minHeight: token.lineHeight * token.fontSize, marginTop: token.marginXXS }}
          >
            {feedback ? (
              <span style={{ color: feedback.ok ? token.colorSuccess : token.colorError }}>{feedback.text}</span>
            ) : null}
          </div>
          <div id={`${ids}-hint`} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <bdi>{t('lines.keyboardHint')}</bdi>
          </div>
        </div>
      ) : null}
      {lines.map((line, index) => {
        const lineNo = index + 1;
        const taken = uniqueProducts
          ? lines.filter((_, i) => i !== index).flatMap((l) => (l.product ? [l.product.id] : []))
          : [];
        const productError = problemText(line, index, 'product');
        const quantityError = problemText(line, index, 'quantity');
        const priceError = price ? problemText(line, index, 'price') : undefined;
        const unit = line.product?.unit;
        return (
          <fieldset
            key={line.key}
            data-testid={testIdPrefix}
            onKeyDown={onLineKeyDown(index)}
            style={{
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              padding: token.paddingSM,
              margin: 0,
              marginBottom: token.marginSM,
              minWidth: 0,
            }}
          >
            <legend
              style={{
                fontSize: token.fontSize,
                fontWeight: 600,
                color: token.colorText,
                padding: `0 ${token.paddingXXS}px`,
                width: 'auto',
                marginBottom: 0,
                border: 0,
              }}
            >
              {t('lines.lineTitle', { lineNo })}
            </legend>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, alignItems: 'flex-start' }}>
              <div style={fieldStyle('2 1 260px')} {...{ [FIELD]: 'product' }}>
                <span style={labelStyle} aria-hidden>
                  {t('lines.product')}
                </span>
                <ProductField
                  ariaLabel={t('lines.productOfLine', { lineNo })}
                  testId={`${testIdPrefix}-product`}
                  exclude={taken}
                  {...(line.product ? { value: line.product.id, known: line.product } : {})}
                  onChange={(productId) => {
                    touch(line.key, 'product');
                    if (!productId) update(index, { product: null });
                  }}
                  onPicked={(item) =>
                    update(index, { product: { id: item.id, sku: item.sku, name: item.name, unit: item.unit } })
                  }
                />
                {errorOf(productError, `${ids}-${line.key}-product-error`)}
              </div>
              <div style={fieldStyle('1 1 150px')} {...{ [FIELD]: 'quantity' }}>
                <label htmlFor={`${ids}-${line.key}-quantity`} style={labelStyle}>
                  {t('lines.quantity')}
                </label>
                <Input
                  id={`${ids}-${line.key}-quantity`}
                  value={line.quantity}
                  onChange={(event) => update(index, { quantity: event.target.value })}
                  onBlur={() => touch(line.key, 'quantity')}
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={17}
                  status={quantityError ? 'error' : undefined}
                  aria-label={t('lines.quantityOfLine', { lineNo })}
                  aria-invalid={!!quantityError}
                  aria-describedby={quantityError ? `${ids}-${line.key}-quantity-error` : undefined}
                  data-testid={`${testIdPrefix}-quantity`}
                  // Always a suffix: antd redraws an input that gains or loses one, and the focus would be lost.
                  suffix={unit && isUnit(unit) ? tp(`unitShort.${unit}`) : <span />}
                />
                {errorOf(quantityError, `${ids}-${line.key}-quantity-error`)}
                {quantityExtra?.(line, index)}
              </div>
              {price ? (
                <div style={fieldStyle('1 1 130px')} {...{ [FIELD]: 'price' }}>
                  <label htmlFor={`${ids}-${line.key}-price`} style={labelStyle}>
                    {price.label}
                  </label>
                  <Input
                    id={`${ids}-${line.key}-price`}
                    value={line.price}
                    onChange={(event) => update(index, { price: event.target.value })}
                    onBlur={() => touch(line.key, 'price')}
                    inputMode="decimal"
                    autoComplete="off"
                    prefix={price.prefix ?? '£'}
                    status={priceError ? 'error' : undefined}
                    aria-label={t('lines.priceOfLine', { lineNo })}
                    aria-invalid={!!priceError}
                    data-testid={price.testId ?? `${testIdPrefix}-price`}
                  />
                  {errorOf(priceError, `${ids}-${line.key}-price-error`)}
                </div>
              ) : null}
              {bins.map((column) => {
                const bin = line.bins[column.key] ?? null;
                const binError = errors?.[index]?.[column.key];
                return (
                  <div key={column.key} style={fieldStyle('1 1 170px')} {...{ [FIELD]: column.key }}>
                    <span style={labelStyle} aria-hidden>
                      {column.label}
                    </span>
                    <BinField
                      warehouseId={column.warehouseId ?? ''}
                      disabled={!column.warehouseId}
                      value={bin}
                      current={(bin && knownBins?.get(bin)) || null}
                      onChange={(next) => update(index, { bins: { ...line.bins, [column.key]: next } })}
                      placeholder={column.placeholder}
                      aria-label={column.ariaLabel(lineNo)}
                      {...(column.testId ? { testId: column.testId } : {})}
                    />
                    {errorOf(binError, `${ids}-${line.key}-${column.key}-error`)}
                  </div>
                );
              })}
              {lineExtra?.(line, index, (extra) => update(index, { extra: { ...line.extra, ...extra } }))}
              <Tooltip title={t('lines.removeLine', { lineNo })}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('lines.removeLine', { lineNo })}
                  aria-keyshortcuts="Control+Delete"
                  disabled={lines.length <= minLines}
                  onClick={() => remove(index)}
                  style={{ marginTop: 26 }}
                  data-testid={`${testIdPrefix}-remove`}
                />
              </Tooltip>
            </div>
          </fieldset>
        );
      })}
      {removed ? (
        <Alert
          type="info"
          showIcon
          role="status"
          title={t('lines.removed', { lineNo: removed.index + 1 })}
          action={
            <Button size="small" onClick={undo} data-testid={`${testIdPrefix}-undo`}>
              {t('lines.undo')}
            </Button>
          }
          style={{ marginBottom: token.marginSM }}
        />
      ) : null}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={add}
        disabled={lines.length >= maxLines}
        data-testid={addTestId ?? `${testIdPrefix}-add`}
      >
        {t('lines.addLine')}
      </Button>
    </div>
  );
}
