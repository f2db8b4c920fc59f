import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Side = 'before' | 'after';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The keys whose values differ between the two versions (added and removed keys included). */
export function changedKeys(before: unknown, after: unknown): Set<string> {
  const changed = new Set<string>();
  if (!isRecord(before) || !isRecord(after)) return changed;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!(key in before) || !(key in after) || !same(before[key], after[key])) changed.add(key);
  return changed;
}

function Version({ side, value, changed }: { side: Side; value: unknown; changed: Set<string> }) {
  const { t } = useTranslation('logs');
  const { token } = theme.useToken();
  const highlight = side === 'before' ? token.colorErrorBg : token.colorSuccessBg;
  const preStyle = {
    margin: 0,
    padding: token.paddingSM,
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadius,
    fontSize: token.fontSizeSM,
    overflowX: 'auto',
    whiteSpace: 'pre',
  } as const;
  let body: ReactNode;
  if (value === null || value === undefined)
    body = <em style={{ color: token.colorTextTertiary }}>{t('diff.none')}</em>;
  else if (!isRecord(value)) body = JSON.stringify(value, null, 2);
  else {
    const keys = Object.keys(value);
    body = (
      <>
        {'{\n'}
        {keys.map((key, index) => {
          const text = `  ${JSON.stringify(key)}: ${JSON.stringify(value[key], null, 2).replace(/\n/g, '\n  ')}${
            index < keys.length - 1 ? ',' : ''
          }\n`;
          return changed.has(key) ? (
            <mark key={key} style={{ background: highlight, color: 'inherit', display: 'block' }}>
              {text}
            </mark>
          ) : (
            <span key={key}>{text}</span>
          );
        })}
        {'}'}
      </>
    );
  }
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption style={{ fontWeight: 600, marginBottom: token.marginXXS }}>
        {side === 'before' ? t('diff.before') : t('diff.after')}
      </figcaption>
      <pre style={preStyle}>{body}</pre>
    </figure>
  );
}

/** Before and after side by side, pretty printed, with changed keys highlighted on both sides. */
export function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const { token } = theme.useToken();
  const changed = changedKeys(before, after);
  return (
    <div
      data-testid="system-log-diff"
      style={{ display: 'grid', gap: token.margin, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}
    >
      <Version side="before" value={before} changed={changed} />
      <Version side="after" value={after} changed={changed} />
    </div>
  );
}
