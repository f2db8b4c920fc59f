import type { AgeBucket } from '@backoffice/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours from fresh to old, so the age reads at a glance (the text says it too). */
const COLOURS: Record<AgeBucket, string> = {
  D0_30: 'green',
  D31_60: 'lime',
  D61_90: 'gold',
  D91_180: 'orange',
  D181_365: 'volcano',
  D366_PLUS: 'red',
};

export function AgeBucketTag({ bucket }: { bucket: AgeBucket }) {
  const { t } = useTranslation('reports');
  return <Tag color={COLOURS[bucket]}>{t(`ageBuckets.${bucket}`)}</Tag>;
}
