import {
  IMPORT_KIND_DEFS,
  type ImportKind,
  type ImportMode,
  type ImportRun,
  type ImportRunStatus,
  type InventoryImportMode,
  type Page,
  type PermissionName,
} from '@backoffice/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadInventoryProblems,
  downloadInventoryTemplate,
  exportInventoryImports,
  useInventoryImport,
  useInventoryImports,
  useStartInventoryImport,
} from './inventory-upload-api.ts';
import {
  downloadTemplate,
  exportProductImports,
  type ProductImportListQuery,
  useProductImports,
} from './product-upload-api.ts';
import { PRODUCT_RUNS, type RunSource } from './run-panel.tsx';
import { type UploadSetup, useProductUploadSetup } from './upload-wizard.tsx';

/** The history's filter: search, sort and status. */
export type UploadHistoryFilter = { q?: string; sort?: string; status?: ImportRunStatus };
type HistoryQuery = ProductImportListQuery;

/**
 * What differs between the bulk uploads of two import kinds: who may post a file, the wizard's
 * setup (fields and modes), where the runs and the template come from, and a few texts and test ids.
 * The page itself (`BulkUploadPage`) is the same for every kind.
 */
export interface UploadKind {
  kind: ImportKind;
  /** Posting a file needs this; seeing the page and its history needs only the route's permission. */
  postPermission: PermissionName;
  /** The imports namespace's group with this kind's intro, template and history file names. */
  texts: 'bulk' | 'inventoryBulk';
  /** What those without `postPermission` are told instead of the wizard (nothing when absent). */
  noPostNotice?: { text: 'inventoryBulk.noPostPermission'; testId: string };
  /** The history columns of the run's two counts (created / updated rows, or opening / adjusted). */
  counts: {
    created: { key: string; title: 'bulk.cols.created' | 'inventoryBulk.cols.opening' };
    updated: { key: string; title: 'bulk.cols.updated' | 'inventoryBulk.cols.adjusted' };
  };
  historyTestId: string;
  runs: RunSource;
  useSetup: () => UploadSetup<ImportMode>;
  useHistory: (query: HistoryQuery & UploadHistoryFilter, isPolling: boolean) => UseQueryResult<Page<ImportRun>>;
  exportHistory: (filter: UploadHistoryFilter, fileName: string) => Promise<void>;
  downloadTemplate: (fileName: string) => Promise<void>;
}

/** Inventory rows set the bins' quantities or add to them. */
function useInventoryUploadSetup(): UploadSetup<InventoryImportMode> {
  const { t } = useTranslation('imports');
  const start = useStartInventoryImport();
  return useMemo(
    () => ({
      kind: 'inventory',
      fields: IMPORT_KIND_DEFS.inventory.fields,
      modeTitle: t('inventoryBulk.mode'),
      modes: [
        { value: 'set', label: t('inventoryBulk.modeSet') },
        { value: 'add', label: t('inventoryBulk.modeAdd') },
      ],
      defaultMode: 'set',
      modeHelp: t('inventoryBulk.modeHelp'),
      start,
    }),
    [t, start],
  );
}

export const UPLOAD_KINDS = {
  products: {
    kind: 'products',
    postPermission: 'add_product',
    texts: 'bulk',
    counts: {
      created: { key: 'created', title: 'bulk.cols.created' },
      updated: { key: 'updated', title: 'bulk.cols.updated' },
    },
    historyTestId: 'import-history-table',
    runs: PRODUCT_RUNS,
    useSetup: useProductUploadSetup as () => UploadSetup<ImportMode>,
    useHistory: useProductImports,
    exportHistory: exportProductImports,
    downloadTemplate,
  },
  inventory: {
    kind: 'inventory',
    // Posting a file is a stock adjustment: it needs the permission adjustments need.
    postPermission: 'edit_manual_stock',
    texts: 'inventoryBulk',
    noPostNotice: { text: 'inventoryBulk.noPostPermission', testId: 'inventory-upload-no-permission' },
    counts: {
      created: { key: 'opening', title: 'inventoryBulk.cols.opening' },
      updated: { key: 'adjusted', title: 'inventoryBulk.cols.adjusted' },
    },
    historyTestId: 'inventory-import-history-table',
    runs: {
      kind: 'inventory',
      useRun: useInventoryImport,
      downloadProblems: downloadInventoryProblems,
      appliedKey: 'inventoryBulk.applied',
      savingKey: 'inventoryBulk.saving',
    },
    useSetup: useInventoryUploadSetup as () => UploadSetup<ImportMode>,
    useHistory: useInventoryImports,
    exportHistory: exportInventoryImports,
    downloadTemplate: downloadInventoryTemplate,
  },
} satisfies Partial<Record<ImportKind, UploadKind>>;

export type UploadKindName = keyof typeof UPLOAD_KINDS;
