import { type DocumentDef, documentStatuses, type StatusTone } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentKey } from './document-text.ts';

/** Each tone as an antd Tag colour: status presets where antd has one, so the theme (dark too) follows. */
export const TONE_COLOURS: Readonly<Record<StatusTone, string>> = {
  neutral: 'default',
  info: 'blue',
  progress: 'processing',
  warning: 'warning',
  success: 'success',
  danger: 'error',
};

/** The colour of a status; an unknown one (a newer server) is shown neutral rather than breaking the page. */
export function statusColour(doc: DocumentDef, status: string): string {
  const def = (doc.statuses as Record<string, { tone: StatusTone } | undefined>)[status];
  return TONE_COLOURS[def?.tone ?? 'neutral'];
}

/**
 * A document's status as a tag: the colour from the definition's tone, the words from
 * `documents:<name>.status.<STATUS>`. The text is the tag's accessible name (no icon or colour carries
 * meaning alone); `data-tone` says the tone for tests and styling.
 */
export function StatusTag({ doc, status, testId }: { doc: DocumentDef; status: string; testId?: string }) {
  const { t } = useTranslation('documents');
  const def = (doc.statuses as Record<string, { tone: StatusTone } | undefined>)[status];
  return (
    <Tag color={statusColour(doc, status)} data-testid={testId} data-status={status} data-tone={def?.tone ?? 'neutral'}>
      {t(documentKey.status(doc, status), { defaultValue: status })}
    </Tag>
  );
}

/** Whether a text (from the URL, say) is one of the document's statuses. */
export function isDocumentStatus<S extends string>(doc: DocumentDef<S, string>, value: string | undefined): value is S {
  return value !== undefined && Object.hasOwn(doc.statuses, value);
}

/** The document's statuses as a filter's options, in the definition's order, after the page's own first options. */
export function useStatusOptions(doc: DocumentDef, first: readonly { value: string; label: string }[] = []) {
  const { t } = useTranslation('documents');
  return [
    ...first,
    ...documentStatuses(doc).map((status) => ({
      value: status,
      label: t(documentKey.status(doc, status), { defaultValue: status }),
    })),
  ];
}
