/**
 * Deleting a partner or customer (their detail pages): the kit's delete, a toast on success and a
 * dialog naming what holds the record when it is refused.
 */
export { useDeleteRecord } from '../../shared/ui/kit/delete-record.tsx';
