// Numbering is the document kernel's; this area edits the formats it reads.
export { nextDocumentNumber } from '../../platform/documents-numbers.ts';
export { configurationReferences } from './configuration.references.ts';
export { configurationRoutes } from './configuration.routes.ts';
export { mailSettingsLoader } from './mail-settings.service.ts';
export {
  assertPeriodOpen,
  getPeriodLockDate,
  getSettingsGroup,
  getSettlementNotificationRecipients,
} from './settings.service.ts';
