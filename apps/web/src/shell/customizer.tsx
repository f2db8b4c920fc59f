import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Drawer, Select, Switch, theme } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirection } from '../shared/lib/direction.tsx';
import {
  isSidebarWidth,
  SIDEBAR_IMAGE_COUNT,
  SIDEBAR_WIDTHS,
  updateSettings,
  useSettings,
} from '../shared/lib/settings.ts';
import { announceLayoutChange } from './shell-service.ts';

/** The sidebar colours, drawn by shell.css (`[data-sidebar-color]`); each dark enough for white text. */
const GRADIENTS = [
  'gradient-ocean',
  'gradient-indigo',
  'gradient-plum',
  'gradient-sunset',
  'gradient-forest',
  'gradient-steel',
] as const;
const SOLIDS = ['solid-dark', 'solid-black', 'solid-navy', 'solid-teal', 'solid-wine', 'solid-graphite'] as const;
type SidebarColorSlug = (typeof GRADIENTS)[number] | (typeof SOLIDS)[number];

/** The six background images (`assets/sidebar-bg/bg-<n>.svg`, drawn by shell.css). */
const IMAGES = Array.from({ length: SIDEBAR_IMAGE_COUNT }, (_, index) => index + 1);

/** Width of the theme customizer panel (specification section 9). */
const CUSTOMIZER_WIDTH = 400;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section style={{ marginBottom: token.marginLG }}>
      <h3
        style={{
          margin: `0 0 ${token.marginSM}px`,
          fontSize: token.fontSizeSM,
          fontWeight: 600,
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
          color: token.colorTextSecondary,
        }}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A labelled switch on one line, with an optional hint below the label. */
function SwitchRow({
  label,
  hint,
  testId,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: token.marginSM,
        marginBottom: token.marginSM,
      }}
    >
      <label htmlFor={id}>
        <span style={{ display: 'block' }}>{label}</span>
        {hint ? (
          <span style={{ display: 'block', color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{hint}</span>
        ) : null}
      </label>
      <Switch id={id} data-testid={testId} checked={checked} onChange={onChange} />
    </div>
  );
}

function Swatches({ colors, selected }: { colors: readonly SidebarColorSlug[]; selected: string }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.marginSM }}>
      {colors.map((slug) => {
        const isSelected = slug === selected;
        return (
          <button
            key={slug}
            type="button"
            className="bo-swatch"
            data-sidebar-color={slug}
            data-testid={`customizer-color-${slug}`}
            aria-pressed={isSelected}
            aria-label={t(`customizer.colors.${slug}`)}
            title={t(`customizer.colors.${slug}`)}
            onClick={() => updateSettings({ sidebarColor: slug })}
            style={{
              width: 36,
              height: 36,
              padding: 0,
              borderRadius: '50%',
              border: `2px solid ${isSelected ? token.colorPrimary : token.colorBorderSecondary}`,
              outline: isSelected ? `2px solid ${token.colorPrimaryBg}` : 'none',
              color: '#fff',
              cursor: 'pointer',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {isSelected ? <CheckOutlined aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The theme customizer panel (specification section 2.5): sidebar colour, background image and
 * width, the compact menu and the page direction. Every choice lasts for the browser session.
 */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const settings = useSettings();
  const { direction, setDirection } = useDirection();
  const widthId = useId();

  return (
    <Drawer
      data-testid="customizer"
      title={tc('customizer.title')}
      placement={direction === 'rtl' ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      size={`min(${CUSTOMIZER_WIDTH}px, 100vw)`}
      closable={false}
      extra={
        <Button
          type="text"
          data-testid="customizer-close"
          aria-label={t('customizer.close')}
          icon={<CloseOutlined />}
          onClick={onClose}
        />
      }
    >
      <p style={{ marginTop: 0, marginBottom: token.marginLG, color: token.colorTextSecondary }}>
        {t('customizer.intro')}
      </p>

      <Section title={t('customizer.sidebarColor')}>
        <div style={{ fontSize: token.fontSizeSM, marginBottom: token.marginXS }}>{t('customizer.gradients')}</div>
        <Swatches colors={GRADIENTS} selected={settings.sidebarColor} />
        <div style={{ fontSize: token.fontSizeSM, marginBottom: token.marginXS }}>{t('customizer.solids')}</div>
        <Swatches colors={SOLIDS} selected={settings.sidebarColor} />
      </Section>

      <Section title={t('customizer.sidebarImage')}>
        <SwitchRow
          label={t('customizer.showImage')}
          testId="customizer-bg-toggle"
          checked={settings.sidebarImageOn}
          onChange={(sidebarImageOn) => updateSettings({ sidebarImageOn })}
        />
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: token.marginXS }}>
          {IMAGES.map((image) => {
            const isSelected = settings.sidebarImageOn && settings.sidebarImage === image;
            return (
              <button
                key={image}
                type="button"
                className="bo-sidebar-bg"
                data-sidebar-art={image}
                data-testid={`customizer-bg-${image}`}
                aria-pressed={isSelected}
                aria-label={t('customizer.image', { number: image })}
                title={t('customizer.image', { number: image })}
                onClick={() => updateSettings({ sidebarImage: image, sidebarImageOn: true })}
                style={{
                  height: 96,
                  padding: 0,
                  borderRadius: token.borderRadius,
                  border: `2px solid ${isSelected ? token.colorPrimary : 'transparent'}`,
                  outline: isSelected ? `2px solid ${token.colorPrimaryBg}` : 'none',
                  opacity: settings.sidebarImageOn ? 1 : 0.55,
                  color: '#fff',
                  cursor: 'pointer',
                  display: 'flex',
                  alignItems: 'flex-end',
                  justifyContent: 'center',
                  paddingBottom: 4,
                }}
              >
                {isSelected ? <CheckOutlined aria-hidden /> : null}
              </button>
            );
          })}
        </div>
      </Section>

      <Section title={t('customizer.layout')}>
        <SwitchRow
          label={t('customizer.compact')}
          hint={t('customizer.compactHint')}
          testId="customizer-compact"
          checked={settings.compactMenu}
          onChange={(compactMenu) => {
            updateSettings({ compactMenu });
            announceLayoutChange();
          }}
        />
        <SwitchRow
          label={t('customizer.rtl')}
          hint={direction === 'rtl' ? t('customizer.directionRtl') : t('customizer.directionLtr')}
          testId="customizer-direction"
          checked={direction === 'rtl'}
          onChange={(rtl) => setDirection(rtl ? 'rtl' : 'ltr')}
        />
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: token.marginSM,
          }}
        >
          <label htmlFor={widthId}>{t('customizer.width')}</label>
          <Select
            id={widthId}
            data-testid="customizer-width"
            value={settings.sidebarWidth}
            style={{ minWidth: 140 }}
            options={SIDEBAR_WIDTHS.map((width) => ({ value: width, label: t(`customizer.widths.${width}`) }))}
            onChange={(value: string) => {
              if (!isSidebarWidth(value)) return;
              updateSettings({ sidebarWidth: value });
              announceLayoutChange();
            }}
          />
        </div>
      </Section>
    </Drawer>
  );
}
