import type { DocumentDef } from '@backoffice/contracts';
import type { ParseKeys } from 'i18next';

/** A key of the `documents` namespace. */
export type DocumentTextKey = ParseKeys<'documents'>;

/**
 * The `documents` keys of a document's words: `<name>.status.<STATUS>`, `<name>.action.<action>`,
 * `<name>.confirm.<action>` and `<name>.done.<action>`. The names come from the definition at run time,
 * so the key is built here once and typed as a key of the namespace (the locale test keeps the four
 * languages' keys equal; a definition's new status needs its words there).
 */
export const documentKey = {
  status: (doc: Pick<DocumentDef, 'name'>, status: string) => `${doc.name}.status.${status}` as DocumentTextKey,
  action: (doc: Pick<DocumentDef, 'name'>, action: string) => `${doc.name}.action.${action}` as DocumentTextKey,
  confirm: (doc: Pick<DocumentDef, 'name'>, action: string) => `${doc.name}.confirm.${action}` as DocumentTextKey,
  done: (doc: Pick<DocumentDef, 'name'>, action: string) => `${doc.name}.done.${action}` as DocumentTextKey,
};
