import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails } from '../../shared/lib/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useErrorText } from '../../shared/lib/use-error-text.ts';

/**
 * Deleting a partner or customer: success is a toast; a refusal explains itself in a dialog (in use:
 * by how many records, and that deactivating is what can be done instead). Resolves whether it went.
 */
export function useDeleteRecord(remove: (id: string) => Promise<unknown>) {
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const [modal, holder] = Modal.useModal();
  const run = async (id: string, name: string): Promise<boolean> => {
    try {
      await remove(id);
      notifySuccess(tc('form.deleted'));
      return true;
    } catch (error) {
      const text = errorText(error);
      if (!text) return false;
      const inUse = error instanceof ApiError && error.code === 'IN_USE';
      modal.error({
        title: t('deleteRefused', { name }),
        content: inUse ? t('inUse', { count: Number(errorDetails(error).count ?? 0) }) : text,
      });
      return false;
    }
  };
  return [run, holder] as const;
}
