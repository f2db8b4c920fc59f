export { configurationRoutes } from './configuration.routes.ts';
export { nextDocumentNumber } from './document-numbers.service.ts';
export {
  assertPeriodOpen,
  getPeriodLockDate,
  getSettingsGroup,
  getSettlementNotificationRecipients,
} from './settings.service.ts';
