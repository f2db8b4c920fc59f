import { DeleteOutlined } from '@ant-design/icons';
import type { ReferenceCount } from '@backoffice/contracts';
import { Button, Modal, Popconfirm, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../lib/errors.ts';
import { i18n } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useErrorText } from '../../lib/use-error-text.ts';

function referencesOf(details: Record<string, unknown>): ReferenceCount[] {
  const list = details.references;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is ReferenceCount =>
      !!item && typeof item === 'object' && typeof item.entity === 'string' && typeof item.count === 'number',
  );
}

/**
 * What a 409 IN_USE says in words: what holds the record ("3 stock movements and 1 bundling task"),
 * from the answer's `details.references`, joined as the reader's language joins a list; the number of
 * records when the answer names no kinds, the server's sentence when it names a kind this screen has no
 * word for. Null for any other error.
 */
export function inUseText(error: unknown, t: TFunction, language: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 'IN_USE') return null;
  const details = errorDetails(error);
  const references = referencesOf(details);
  if (references.length) {
    // A kind this screen has no word for yet: the server's own sentence names everything.
    if (references.some(({ entity }) => !i18n.exists(`kit.entities.${entity}_other`))) return error.message;
    const words = references.map(({ entity, count }) => t(`kit.entities.${entity}`, { count, defaultValue: entity }));
    const what = new Intl.ListFormat(language, { type: 'conjunction' }).format(words);
    return t('kit.inUse', { what });
  }
  const count = typeof details.count === 'number' ? details.count : undefined;
  return count === undefined ? null : t('kit.inUseCount', { count });
}

export interface DeleteOptions {
  /** The dialog's title when the delete is refused (default "{name} cannot be deleted"). */
  refusedTitle?: (name: string) => string;
  /** A page's own words for a refusal of its own (a role held by users), else null. */
  explain?: (error: ApiError) => string | null;
}

/**
 * Deleting one record of a list: success is a toast; a refusal explains itself in a dialog titled
 * with the record's name (in use: by what, and that deactivating is what can be done instead).
 * Returns the delete (resolving whether it went) and the dialog's holder, to render once on the page.
 */
export function useDeleteRecord(remove: (id: string) => Promise<unknown>, options: DeleteOptions = {}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [modal, holder] = Modal.useModal();
  const run = async (id: string, name: string): Promise<boolean> => {
    try {
      await remove(id);
      notifySuccess(t('form.deleted'));
      return true;
    } catch (error) {
      const text = errorText(error);
      if (!text) return false;
      const own = error instanceof ApiError ? options.explain?.(error) : null;
      modal.error({
        title: options.refusedTitle?.(name) ?? t('kit.deleteRefused', { name }),
        content: own ?? inUseText(error, t, i18n.language) ?? text,
      });
      return false;
    }
  };
  return [run, holder] as const;
}

/**
 * The delete button of a row: asks first, naming the record (`confirm`), with `hint` under it. When
 * `blocked` says why, the button is shown disabled with that reason instead.
 */
export function DeleteAction({
  name,
  confirm,
  hint,
  onConfirm,
  blocked,
}: {
  name: string;
  confirm: string;
  hint?: ReactNode;
  onConfirm: () => unknown;
  blocked?: string;
}) {
  const { t } = useTranslation();
  if (blocked)
    return (
      <Tooltip title={blocked}>
        <Button type="text" icon={<DeleteOutlined />} disabled aria-label={blocked} />
      </Tooltip>
    );
  return (
    <Popconfirm
      title={confirm}
      description={hint}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('actions.delete')}: ${name}`} />
    </Popconfirm>
  );
}
