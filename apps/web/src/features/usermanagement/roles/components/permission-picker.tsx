import { PERMISSION_AREAS, PERMISSION_CATALOGUE, type PermissionArea } from '@backoffice/contracts';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionLabel } from '../../permissions/components/permission-label.tsx';

/**
 * Chooses permissions grouped by area, each area with a "select all" box (indeterminate when some are
 * chosen). A controlled form field: `value` is the list of chosen permission names.
 */
export function PermissionPicker({
  value = [],
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('users');
  const { token } = theme.useToken();
  const chosen = new Set(value);

  const setArea = (area: PermissionArea, on: boolean) => {
    const names: readonly string[] = PERMISSION_CATALOGUE[area];
    const next = new Set(chosen);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange?.([...next]);
  };
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    onChange?.([...next]);
  };

  return (
    <div style={{ display: 'grid', gap: token.marginSM }}>
      {PERMISSION_AREAS.map((area) => {
        const names: readonly string[] = PERMISSION_CATALOGUE[area];
        const count = names.filter((name) => chosen.has(name)).length;
        const headingId = `permission-area-${area}`;
        return (
          <fieldset
            key={area}
            aria-labelledby={headingId}
            style={{
              margin: 0,
              padding: token.paddingSM,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: token.marginXS }}>
              <Checkbox
                checked={count === names.length}
                indeterminate={count > 0 && count < names.length}
                disabled={disabled}
                onChange={(event) => setArea(area, event.target.checked)}
              >
                <strong id={headingId}>{t(`areas.${area}`)}</strong>
              </Checkbox>
              <span style={{ color: token.colorTextSecondary }}>
                {t('roles.chosenInArea', { count, total: names.length })}
              </span>
            </div>
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
                gap: `2px ${token.marginSM}px`,
                marginTop: token.marginXS,
                paddingInlineStart: token.paddingLG,
              }}
            >
              {names.map((name) => (
                <Checkbox
                  key={name}
                  checked={chosen.has(name)}
                  disabled={disabled}
                  onChange={(event) => toggle(name, event.target.checked)}
                >
                  <PermissionLabel name={name} />
                </Checkbox>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
