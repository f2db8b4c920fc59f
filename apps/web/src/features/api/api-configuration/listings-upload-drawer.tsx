import { DownloadOutlined } from '@ant-design/icons';
import { IMPORT_KIND_DEFS } from '@backoffice/contracts';
import { Button, Drawer, theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/lib/notify.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { RunPanel, type RunSource, type UploadSetup, UploadWizard } from '../../imports/index.ts';
import {
  downloadChannelListingProblems,
  downloadChannelListingTemplate,
  useChannelListingImport,
  useStartChannelListingImport,
} from './listings-upload-api.ts';

const LISTING_RUNS: RunSource = {
  kind: 'channel_listings',
  useRun: useChannelListingImport,
  downloadProblems: downloadChannelListingProblems,
  appliedKey: 'bulk.applied',
  savingKey: 'listingsUpload.saving',
};

/** Listings are made or changed by account and channel SKU: the one mode of this upload. */
function useListingUploadSetup(): UploadSetup<'upsert'> {
  const { t } = useTranslation('imports');
  const start = useStartChannelListingImport();
  return useMemo(
    () => ({
      kind: 'channel_listings',
      fields: IMPORT_KIND_DEFS.channel_listings.fields,
      modeTitle: t('listingsUpload.mode'),
      modes: [{ value: 'upsert', label: t('listingsUpload.modeUpsert') }],
      defaultMode: 'upsert',
      modeHelp: t('listingsUpload.modeHelp'),
      start,
    }),
    [t, start],
  );
}

/**
 * Api Config → Listings → Upload .xlsx: the import flow of every upload (file → mapping proposed from its headers →
 * every row checked on the server, written all or nothing, followed with a progress bar and its problems by row),
 * for listings. The run shown stays until closed, so a file with problems can be fixed and uploaded again.
 */
export function ListingsUploadDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  const { token } = theme.useToken();
  const errorText = useErrorText();
  const setup = useListingUploadSetup();
  const [runId, setRunId] = useState<string | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const wizard = useRef<HTMLDivElement>(null);

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadChannelListingTemplate(`${t('listingsUpload.templateFile')}.xlsx`);
    } catch (error) {
      const text = errorText(error);
      if (text) notifyError(t('bulk.downloadFailed'), text);
    } finally {
      setTemplateBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('listingsUpload.title')}
      size={720}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (!isOpen) setRunId(null);
      }}
      // The keyboard stays inside while it is open and goes back to what opened it on close (WCAG 2.4.3).
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      data-testid="channel-listings-upload"
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={templateBusy}
          onClick={() => void getTemplate()}
          data-testid="channel-listings-template"
        >
          {t('bulk.template')}
        </Button>
      }
    >
      <p style={{ marginBlock: `0 ${token.margin}px`, color: token.colorTextSecondary }}>{t('listingsUpload.intro')}</p>
      {runId ? (
        <RunPanel
          key={runId}
          id={runId}
          source={LISTING_RUNS}
          onClose={() => setRunId(null)}
          onUploadAgain={() => {
            wizard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            wizard.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
          }}
        />
      ) : null}
      <section ref={wizard} aria-label={t('bulk.newUpload')}>
        <UploadWizard onStarted={setRunId} setup={setup} />
      </section>
    </Drawer>
  );
}
