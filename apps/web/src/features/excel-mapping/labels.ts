import { IMPORT_KIND_DEFS, type ImportKind } from '@backoffice/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's name in the reader's language (the contracts' English label when a text is missing). */
export function useFieldLabel() {
  const { t } = useTranslation('imports');
  return useCallback(
    (kind: ImportKind, field: string) => {
      const labels = t('fields', { returnObjects: true }) as Record<string, Record<string, string> | undefined>;
      return labels[kind]?.[field] ?? IMPORT_KIND_DEFS[kind].fields.find((f) => f.field === field)?.label ?? field;
    },
    [t],
  );
}

/** Header text compared as the server compares it: whatever the case and surrounding spaces. */
export const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The file's own spelling of a header a mapping names, if the file has it. */
export function resolveHeader(headers: readonly string[], wanted: string): string | undefined {
  return headers.find((h) => h === wanted) ?? headers.find((h) => sameHeader(h, wanted));
}
