import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Full-screen toggle; the icon switches between maximize and minimize (specification section 2.2). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const isFull = useSyncExternalStore(subscribe, () => document.fullscreenElement !== null);
  if (!document.fullscreenEnabled) return null;
  const label = isFull ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  const toggle = () => {
    const change = isFull ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => undefined);
  };
  return (
    // The name is the native tooltip too (antd's Tooltip would bring rc-trigger into the first chunk).
    <Button
      type="text"
      data-testid="fullscreen-toggle"
      data-state={isFull ? 'minimize' : 'maximize'}
      aria-label={label}
      aria-pressed={isFull}
      title={label}
      icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
    />
  );
}
