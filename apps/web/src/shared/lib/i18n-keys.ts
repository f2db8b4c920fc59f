import type bundles from '../../locales/en/bundles.json';
import type carriers from '../../locales/en/carriers.json';
import type channels from '../../locales/en/channels.json';
import type common from '../../locales/en/common.json';
import type configuration from '../../locales/en/configuration.json';
import type consignmentInvoices from '../../locales/en/consignmentInvoices.json';
import type creditNotes from '../../locales/en/creditNotes.json';
import type currencies from '../../locales/en/currencies.json';
import type dashboards from '../../locales/en/dashboards.json';
import type documents from '../../locales/en/documents.json';
import type drafts from '../../locales/en/drafts.json';
import type errors from '../../locales/en/errors.json';
import type imports from '../../locales/en/imports.json';
import type inventory from '../../locales/en/inventory.json';
import type logs from '../../locales/en/logs.json';
import type masterData from '../../locales/en/masterData.json';
import type menu from '../../locales/en/menu.json';
import type notifications from '../../locales/en/notifications.json';
import type partners from '../../locales/en/partners.json';
import type permissions from '../../locales/en/permissions.json';
import type pickLists from '../../locales/en/pickLists.json';
import type products from '../../locales/en/products.json';
import type purchaseInvoices from '../../locales/en/purchaseInvoices.json';
import type purchasing from '../../locales/en/purchasing.json';
import type receiving from '../../locales/en/receiving.json';
import type reports from '../../locales/en/reports.json';
import type returnTickets from '../../locales/en/returnTickets.json';
import type rmas from '../../locales/en/rmas.json';
import type salesInvoices from '../../locales/en/salesInvoices.json';
import type salesInvoiceUpload from '../../locales/en/salesInvoiceUpload.json';
import type settlements from '../../locales/en/settlements.json';
import type shell from '../../locales/en/shell.json';
import type shipLists from '../../locales/en/shipLists.json';
import type shippingClaims from '../../locales/en/shippingClaims.json';
import type stockCounts from '../../locales/en/stockCounts.json';
import type transfers from '../../locales/en/transfers.json';
import type users from '../../locales/en/users.json';
import type warehouses from '../../locales/en/warehouses.json';

/** English is the reference: the other languages have the same keys, and `t()` accepts only these. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      menu: typeof menu;
      users: typeof users;
      logs: typeof logs;
      errors: typeof errors;
      shell: typeof shell;
      masterData: typeof masterData;
      products: typeof products;
      imports: typeof imports;
      warehouses: typeof warehouses;
      configuration: typeof configuration;
      currencies: typeof currencies;
      dashboards: typeof dashboards;
      carriers: typeof carriers;
      channels: typeof channels;
      partners: typeof partners;
      inventory: typeof inventory;
      bundles: typeof bundles;
      transfers: typeof transfers;
      purchasing: typeof purchasing;
      receiving: typeof receiving;
      purchaseInvoices: typeof purchaseInvoices;
      consignmentInvoices: typeof consignmentInvoices;
      rmas: typeof rmas;
      settlements: typeof settlements;
      salesInvoices: typeof salesInvoices;
      salesInvoiceUpload: typeof salesInvoiceUpload;
      pickLists: typeof pickLists;
      shipLists: typeof shipLists;
      returnTickets: typeof returnTickets;
      creditNotes: typeof creditNotes;
      shippingClaims: typeof shippingClaims;
      drafts: typeof drafts;
      stockCounts: typeof stockCounts;
      reports: typeof reports;
      documents: typeof documents;
      notifications: typeof notifications;
      permissions: typeof permissions;
    };
  }
}

export type MenuTitleKey = keyof typeof menu;
export type ErrorCodeKey = keyof typeof errors;
/** Permission labels, keyed by the permission's code (`permissions:<code>`). */
export type PermissionLabelKey = keyof typeof permissions;
