import { PrinterOutlined } from '@ant-design/icons';
import { allowedActions, type DocumentDef, type PermissionName } from '@backoffice/contracts';
import { Button, Popconfirm, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveApiPath } from '../../lib/api.ts';
import { download } from '../../lib/http.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { type Permissions, usePermissions } from '../../lib/permissions.tsx';
import { useErrorText } from '../../lib/use-error-text.ts';
import { documentKey } from './document-text.ts';

/**
 * What the page does for one action of its document. `run` takes the step after the bar's confirmation
 * (`documents:<name>.confirm.<action>`) and the bar shows it busy until it settles; `open` opens the page's
 * own dialog (a receipt, a posting, a reason), which is then the confirmation.
 */
export interface DocumentActionHandler {
  run?: () => Promise<unknown>;
  open?: () => void;
  /** More of what will happen, under the confirmation's sentence (quantities, warehouses). */
  description?: ReactNode;
  /** A refusal shown the page's way; else a notification with the translated reason. */
  onError?: (error: unknown) => void;
  /** The page's further rule beyond status and permission (a task only its assignee may start). */
  hidden?: boolean;
  primary?: boolean;
  icon?: ReactNode;
  testId?: string;
}

export type DocumentActionHandlers<A extends string> = Partial<Record<A, DocumentActionHandler>>;

/** An action's permission as the list of which any one grants. */
export function permissionList(permission: PermissionName | readonly PermissionName[]): readonly string[] {
  return typeof permission === 'string' ? [permission] : permission;
}

/**
 * The actions to offer, in the definition's order: those the status allows, the user's permissions
 * grant, and the page handles (and does not hide). The API checks the same definition, so a button is
 * never shown for a step the server would refuse on status or permission.
 */
export function visibleActions<S extends string, A extends string>(
  doc: DocumentDef<S, A>,
  status: string,
  permissions: Pick<Permissions, 'hasAny'>,
  handlers: DocumentActionHandlers<A>,
): A[] {
  return allowedActions(doc, status).filter((action) => {
    const handler = handlers[action];
    if (!handler || handler.hidden || (!handler.run && !handler.open)) return false;
    return permissions.hasAny(permissionList(doc.actions[action].permission));
  });
}

/** Downloads the document's printout (`GET …/:id/pdf`) with the user's token, as the exports are. */
export function PrintButton({
  path,
  fileName,
  size,
  testId = 'document-print',
  label,
}: {
  /** The contract path, e.g. `/api/inventory-transfers/<id>/pdf`. */
  path: string;
  fileName: string;
  size?: 'middle' | 'large';
  testId?: string;
  /** The button's words when it prints something other than the document itself (a packing slip). */
  label?: string;
}) {
  const { t, i18n } = useTranslation('documents');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      // The printout speaks the language the user chose here, not the browser's.
      await download(resolveApiPath(path), { lang: i18n.resolvedLanguage ?? i18n.language }, fileName);
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('common.printFailed'), text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<PrinterOutlined />} loading={busy} size={size} onClick={() => void print()} data-testid={testId}>
      {label ?? t('common.print')}
    </Button>
  );
}

/**
 * A document's steps as buttons: exactly those `visibleActions` answers, each confirmed before it runs
 * (a popover saying what will happen, reachable and answerable from the keyboard), destructive ones in
 * the danger style, the running one busy and the others held until it settles; then Print when the page
 * gives the printout's path. `number` fills the confirmation and the success message.
 */
export function ActionBar<S extends string, A extends string>({
  doc,
  status,
  number,
  handlers,
  print,
  size,
  before,
  after,
}: {
  doc: DocumentDef<S, A>;
  status: string;
  number: string;
  handlers: DocumentActionHandlers<A>;
  print?: { path: string; fileName: string };
  size?: 'middle' | 'large';
  /** Buttons of the page's own, before and after the steps (a way back, a link). */
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation('documents');
  const { token } = theme.useToken();
  const permissions = usePermissions();
  const errorText = useErrorText();
  const [running, setRunning] = useState<A | null>(null);
  const actions = visibleActions(doc, status, permissions, handlers);
  const label = (action: A) => t(documentKey.action(doc, action), { defaultValue: action });

  const run = async (action: A, handler: DocumentActionHandler) => {
    if (!handler.run || running) return;
    setRunning(action);
    try {
      await handler.run();
      notifySuccess(t(documentKey.done(doc, action), { number, defaultValue: label(action) }));
    } catch (error) {
      if (handler.onError) handler.onError(error);
      else {
        const text = errorText(error);
        if (text) notifyError(t('common.actionFailed', { action: label(action) }), text);
      }
    } finally {
      setRunning(null);
    }
  };

  if (!actions.length && !print && !before && !after) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'center' }}>
      {before}
      {actions.map((action) => {
        const handler = handlers[action] as DocumentActionHandler;
        const destructive = !!doc.actions[action].destructive;
        const button = (
          <Button
            key={action}
            type={handler.primary ? 'primary' : 'default'}
            danger={destructive}
            icon={handler.icon}
            size={size}
            loading={running === action}
            disabled={running !== null && running !== action}
            onClick={handler.open}
            data-testid={handler.testId}
            data-action={action}
          >
            {label(action)}
          </Button>
        );
        if (!handler.run) return button;
        return (
          <Popconfirm
            key={action}
            title={t(documentKey.confirm(doc, action), { number, defaultValue: label(action) })}
            description={handler.description}
            okText={label(action)}
            okButtonProps={{ danger: destructive }}
            cancelText={t('common.dismiss')}
            onConfirm={() => run(action, handler)}
          >
            {button}
          </Popconfirm>
        );
      })}
      {print ? <PrintButton path={print.path} fileName={print.fileName} size={size} /> : null}
      {after}
    </div>
  );
}
