import { Alert, Button, Drawer } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's drawer slides away in 0.3 s. */
const CLOSE_MOTION_MS = 350;

/**
 * The side panel every create/edit form uses: title, the form, a failure shown above it, and
 * Cancel / Save in the footer (Save submits the form by its id, so Enter in a field does too). Focus
 * moves into the drawer, cannot leave it by Tab while it is open, and returns to the opener on close.
 */
export function FormDrawer({
  open,
  title,
  formId,
  width,
  saving,
  failure,
  onClose,
  children,
  testId,
  submitTestId = 'submit',
}: {
  open: boolean;
  title: ReactNode;
  /** The `name` of the antd Form inside, which is its DOM id. */
  formId: string;
  width: number;
  saving: boolean;
  failure?: string | null;
  onClose: () => void;
  children: ReactNode;
  /** The drawer's `data-testid`, for browser tests. */
  testId?: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation('common');
  // What had the focus when the drawer opened (a create button, a row's edit), to give it back on close:
  // antd's own return is skipped when the drawer is closed while it is still sliding in.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) {
    const active = typeof document === 'undefined' ? null : document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  useEffect(() => {
    const back = opener.current;
    if (open || !back) return;
    // Once the drawer has slid away (and its panel is gone), unless the focus went somewhere on purpose.
    const timer = window.setTimeout(() => {
      opener.current = null;
      const active = document.activeElement;
      if (back.isConnected && (!active || active === document.body)) back.focus({ preventScroll: true });
    }, CLOSE_MOTION_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={width}
      destroyOnHidden
      // The keyboard stays inside while it is open and goes back to what opened it on close (WCAG 2.4.3).
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      data-testid={testId}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={saving} data-testid={submitTestId}>
            {t('actions.save')}
          </Button>
        </div>
      }
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {children}
    </Drawer>
  );
}
