import { theme } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionLabelKey } from '../../../../shared/lib/i18n-keys.ts';

/**
 * The permission's label in words in the user's language (`permissions:<code>`), with its code beside it as
 * the specification names it. A code without a label yet shows the code alone.
 */
export function PermissionLabel({ name }: { name: string }) {
  const { t, i18n } = useTranslation('permissions');
  const { token } = theme.useToken();
  const label = i18n.exists(name, { ns: 'permissions' }) ? t(name as PermissionLabelKey) : null;
  return (
    <span data-testid="permission-label" style={{ display: 'inline-flex', flexWrap: 'wrap', gap: '0 6px' }}>
      {label ? <span>{label}</span> : null}
      <code
        dir="ltr"
        style={{
          fontSize: token.fontSizeSM,
          padding: '0 6px',
          color: token.colorTextSecondary,
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadiusSM,
        }}
      >
        {name}
      </code>
    </span>
  );
}

/** Whether a permission matches a search by its code (spaces as underscores) or its label. */
export function useMatchesPermission() {
  const { t, i18n } = useTranslation('permissions');
  return useCallback(
    (name: string, search: string) => {
      const q = search.trim().toLowerCase();
      if (!q) return true;
      if (name.includes(q.replace(/\s+/g, '_'))) return true;
      return (
        i18n.exists(name, { ns: 'permissions' }) &&
        t(name as PermissionLabelKey)
          .toLowerCase()
          .includes(q)
      );
    },
    [t, i18n],
  );
}
