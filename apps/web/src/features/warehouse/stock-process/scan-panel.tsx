import { CheckCircleFilled, CloseCircleFilled, PlusCircleFilled } from '@ant-design/icons';
import type { StockCountScanResult } from '@backoffice/contracts';
import { Button, Input, type InputRef, theme } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { uuid } from '../../../shared/lib/uuid.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Figure } from '../../inventory/index.ts';
import { useScan } from './api.ts';

/** The contract's scan quantity: signed, up to 12 digits and 4 places, not zero. */
const QUANTITY_PATTERN = /^-?\d{1,12}(\.\d{1,4})?$/;
const KEPT_SCANS = 12;

interface ScanEntry {
  key: string;
  code: string;
  bin: string;
  quantity: string;
  result?: StockCountScanResult;
  error?: string;
}

/**
 * Counting with a barcode scanner (or a keyboard): the bin stays as scanned until another is scanned, the
 * code field keeps the focus, Enter counts (quantity 1 unless another is typed; a negative one takes back a
 * mistaken scan). Each scan is sent with an Idempotency-Key of its own, so a retried one counts once. The
 * last scans are listed with what each did; success and failure show as colour and words, without sound,
 * and are announced to screen readers.
 */
export function ScanPanel({ countId }: { countId: string }) {
  const { t } = useTranslation('stockCounts');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const scan = useScan(countId);
  const codeRef = useRef<InputRef>(null);
  const ids = useId();
  const [bin, setBin] = useState('');
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [flash, setFlash] = useState<'ok' | 'error' | null>(null);
  const busy = useRef(false);

  const focusCode = () => codeRef.current?.focus({ cursor: 'all' });
  useEffect(() => {
    codeRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), 900);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const quantityOk = QUANTITY_PATTERN.test(quantity.trim()) && /[1-9]/.test(quantity);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const scanned = code.trim();
    if (!scanned || busy.current || !quantityOk) return;
    busy.current = true;
    const entry: ScanEntry = { key: uuid(), code: scanned, bin: bin.trim(), quantity: quantity.trim() };
    setCode('');
    try {
      const result = await scan.mutateAsync({
        body: { code: scanned, quantity: entry.quantity, ...(entry.bin ? { location: entry.bin } : {}) },
        idempotencyKey: entry.key,
      });
      setEntries((list) => [{ ...entry, result }, ...list].slice(0, KEPT_SCANS));
      setFlash('ok');
      setQuantity('1');
    } catch (error) {
      setEntries((list) => [{ ...entry, error: errorText(error) ?? t('scan.failed') }, ...list].slice(0, KEPT_SCANS));
      setFlash('error');
    } finally {
      busy.current = false;
      focusCode();
    }
  };

  const last = entries[0];
  const border =
    flash === 'ok' ? token.colorSuccess : flash === 'error' ? token.colorError : token.colorBorderSecondary;

  return (
    <Panel title={t('scan.title')} style={{ marginBottom: token.margin, borderColor: border }}>
      <form
        onSubmit={(event) => void submit(event)}
        data-testid="scan-form"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
          gap: token.marginSM,
          alignItems: 'end',
        }}
      >
        <div>
          <label htmlFor={`${ids}-bin`}>{t('scan.bin')}</label>
          <Input
            id={`${ids}-bin`}
            data-testid="scan-bin"
            value={bin}
            onChange={(event) => setBin(event.target.value)}
            onPressEnter={(event) => {
              // A scanned bin goes on to the product code.
              event.preventDefault();
              focusCode();
            }}
            placeholder={t('scan.binPlaceholder')}
            autoComplete="off"
            allowClear
          />
        </div>
        <div style={{ gridColumn: 'span 2' }}>
          <label htmlFor={`${ids}-code`}>{t('scan.code')}</label>
          <Input
            id={`${ids}-code`}
            ref={codeRef}
            data-testid="scan-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onBlur={() => {
              // Keeps the focus for the scanner, unless the reader moved it somewhere on purpose.
              window.setTimeout(() => {
                if (document.activeElement === document.body) focusCode();
              }, 0);
            }}
            placeholder={t('scan.codePlaceholder')}
            autoComplete="off"
            inputMode="text"
            size="large"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-quantity`}>{t('scan.quantity')}</label>
          <Input
            id={`${ids}-quantity`}
            data-testid="scan-quantity"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            status={quantityOk ? undefined : 'error'}
            inputMode="decimal"
            autoComplete="off"
            size="large"
            aria-invalid={!quantityOk}
            aria-describedby={quantityOk ? undefined : `${ids}-quantity-error`}
          />
          {quantityOk ? null : (
            <div id={`${ids}-quantity-error`} style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
              {t('scan.quantityInvalid')}
            </div>
          )}
        </div>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={scan.isPending}
          disabled={!code.trim() || !quantityOk}
          data-testid="scan-submit"
        >
          {t('scan.count')}
        </Button>
      </form>
      <div aria-live="polite" data-testid="scan-feedback" style={{ minHeight: token.lineHeight * token.fontSize }}>
        {last ? (
          <p
            style={{
              margin: `${token.marginSM}px 0 0`,
              color: last.error ? token.colorError : token.colorSuccess,
              fontWeight: 600,
            }}
          >
            {last.error
              ? t('scan.refused', { code: last.code, reason: last.error })
              : t(last.result?.added ? 'scan.addedLine' : 'scan.counted', {
                  sku: last.result?.line.product.sku ?? last.code,
                  bin: last.result?.line.location?.code ?? t('noBin'),
                  counted: last.result?.line.countedQuantity ?? '',
                })}
          </p>
        ) : (
          <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextSecondary }}>{t('scan.hint')}</p>
        )}
      </div>
      {entries.length ? (
        <ol
          data-testid="last-scans"
          aria-label={t('scan.last')}
          style={{ listStyle: 'none', margin: `${token.marginSM}px 0 0`, padding: 0 }}
        >
          {entries.map((e) => (
            <li
              key={e.key}
              data-testid="last-scan"
              data-ok={e.error ? 'false' : 'true'}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: token.marginXS,
                alignItems: 'baseline',
                padding: `${token.paddingXXS}px 0`,
                borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              {e.error ? (
                <CloseCircleFilled style={{ color: token.colorError }} aria-label={t('scan.refusedShort')} />
              ) : e.result?.added ? (
                <PlusCircleFilled style={{ color: token.colorWarning }} aria-label={t('scan.addedShort')} />
              ) : (
                <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={t('scan.countedShort')} />
              )}
              <bdi style={{ fontWeight: 600 }}>{e.result?.line.product.sku ?? e.code}</bdi>
              <span style={{ color: token.colorTextSecondary }}>
                <bdi>{e.result ? (e.result.line.location?.code ?? t('noBin')) : e.bin || t('noBin')}</bdi>
              </span>
              <Figure value={e.quantity} signed />
              {e.result ? (
                <span>
                  {t('scan.nowCounted')} <Figure value={e.result.line.countedQuantity} />
                </span>
              ) : (
                <span style={{ color: token.colorError }}>{e.error}</span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </Panel>
  );
}
