import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';

/** Width of the theme customizer panel (specification section 9). */
const CUSTOMIZER_WIDTH = 400;

/** The theme customizer panel; its options (colours, images, direction, width) come in a later issue. */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return <Drawer title={t('customizer.title')} open={open} onClose={onClose} size={CUSTOMIZER_WIDTH} />;
}
