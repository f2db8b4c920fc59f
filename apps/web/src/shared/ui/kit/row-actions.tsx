import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../lib/permissions.tsx';

/** A row's action buttons side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <span style={{ display: 'inline-flex', gap: 4 }}>{children}</span>;
}

/** An icon button of a row, its accessible name "<label>: <record>", its label as a tooltip. */
export function RowAction({
  label,
  name,
  icon,
  onClick,
  href,
}: {
  label: string;
  name: string;
  icon: ReactNode;
  onClick?: () => void;
  href?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" icon={icon} href={href} aria-label={`${label}: ${name}`} onClick={onClick} />
    </Tooltip>
  );
}

/** The edit button of a row. */
export function EditAction({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return <RowAction label={t('actions.edit')} name={name} icon={<EditOutlined />} onClick={onClick} />;
}

/** The page's "create" button, shown only to those who hold `permission`. */
export function CreateButton({
  permission,
  testId,
  label,
  onClick,
  icon = <PlusOutlined />,
}: {
  permission: string;
  testId: string;
  label: string;
  onClick: () => void;
  icon?: ReactNode;
}) {
  const { has } = usePermissions();
  if (!has(permission)) return null;
  return (
    <Button type="primary" icon={icon} data-testid={testId} onClick={onClick}>
      {label}
    </Button>
  );
}
