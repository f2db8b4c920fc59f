import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePermissions } from '../shared/lib/permissions.tsx';
import { groupChain, groupKey, groupsLeadingTo, menuLeaves, targetOf, visibleMenu } from './menu.ts';
import { MENU, type MenuItem } from './menu-config.ts';
import { mainMenuAction } from './shell-service.ts';

type Items = NonNullable<MenuProps['items']>;

/** A menu title, with its badge only when the badge text is not empty (specification section 2.3). */
function Title({ item, text }: { item: MenuItem; text: string }) {
  if (item.badge.trim() === '') return text;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {text}
      <span
        className={item.badgeClass}
        style={{
          padding: '0 6px',
          borderRadius: 10,
          fontSize: 12,
          lineHeight: '18px',
          background: '#ff4d4f',
          color: '#fff',
        }}
      >
        {item.badge}
      </span>
    </span>
  );
}

type Translate = (key: MenuItem['titleKey']) => string;

/** One antd menu entry: a group with its children, an internal link or an external link. */
function toMenuEntry(item: MenuItem, t: Translate): Items[number] {
  const Icon = item.icon;
  const icon = Icon ? <Icon /> : undefined;
  const text = t(item.titleKey);
  if (item.submenu.length > 0)
    return {
      key: groupKey(item),
      icon,
      label: <Title item={item} text={text} />,
      className: item.class,
      children: item.submenu.map((child) => toMenuEntry(child, t)),
    };
  const label = item.isExternalLink ? (
    <a href={item.path} target="_blank" rel="noopener noreferrer">
      <Title item={item} text={text} />
    </a>
  ) : (
    <Link to={targetOf(item)}>
      <Title item={item} text={text} />
    </Link>
  );
  return { key: item.path, icon, label, title: text, ...(item.disabled ? { disabled: true } : {}) };
}

function useMenuItems(): Items {
  const { names } = usePermissions();
  const { t } = useTranslation('menu');
  return useMemo(() => visibleMenu(MENU, names).map((item) => toMenuEntry(item, t)), [names, t]);
}

/** Paths of the internal links (menu keys), whose click runs the main-menu action. */
const INTERNAL_PATHS = new Set(menuLeaves().flatMap((item) => (item.isExternalLink ? [] : [item.path])));

/**
 * The navigation list built from the menu configuration, filtered by the user's permissions. Internal
 * items link to their path and are active on exact match; external items are plain links. Groups
 * open as an accordion: opening one folds the others.
 */
export function SidebarMenu({
  collapsed,
  small,
  onCloseMenu,
}: {
  collapsed: boolean;
  small: boolean;
  onCloseMenu: () => void;
}) {
  const { pathname } = useLocation();
  const items = useMenuItems();
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupsLeadingTo(pathname));

  // Opening a page from elsewhere (a link, the breadcrumb) unfolds the groups that lead to it.
  useEffect(() => {
    const needed = groupsLeadingTo(pathname);
    if (needed.length) setOpenKeys((open) => [...new Set([...open, ...needed])]);
  }, [pathname]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? groupChain(opened) : keys);
  };

  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: {
            darkItemBg: 'transparent',
            darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)',
            darkItemSelectedBg: 'rgba(255, 255, 255, 0.2)',
            darkItemHoverBg: 'rgba(255, 255, 255, 0.08)',
            // The collapsed menu's pop-ups take the sidebar's colour (shell.css).
            darkPopupBg: 'var(--bo-sidebar-base)',
          },
        },
      }}
    >
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        style={{ background: 'transparent', borderInlineEnd: 0 }}
        onClick={({ key }) => {
          if (INTERNAL_PATHS.has(key))
            mainMenuAction(key, { small, closeMenu: onCloseMenu, setOpenGroups: setOpenKeys });
        }}
        {...(collapsed ? {} : { openKeys, onOpenChange })}
      />
    </ConfigProvider>
  );
}
