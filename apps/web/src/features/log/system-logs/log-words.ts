import {
  SYSTEM_LOG_ACTIONS,
  SYSTEM_LOG_ENTITIES,
  type SystemLogAction,
  type SystemLogEntity,
} from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';

const isEntity = (code: string): code is SystemLogEntity => (SYSTEM_LOG_ENTITIES as readonly string[]).includes(code);
const isAction = (code: string): code is SystemLogAction => (SYSTEM_LOG_ACTIONS as readonly string[]).includes(code);

export interface LogWords {
  /** A record type in the user's language (`logs:entities.<code>`); the code itself when the list has no such name. */
  entity(code: string): string;
  /** An action in the user's language (`logs:actions.<code>`); the code itself when the list has no such name. */
  action(code: string): string;
}

/** The system log's entity and action codes as words (codes stay the filters' values and the tooltips). */
export function useLogWords(): LogWords {
  const { t } = useTranslation('logs');
  return {
    entity: (code) => (isEntity(code) ? t(`entities.${code}`) : code),
    action: (code) => (isAction(code) ? t(`actions.${code}`) : code),
  };
}

/** Options of a filter: the word shown, the code as value and tooltip, in the language's alphabetical order. */
export function codeOptions(codes: readonly string[], word: (code: string) => string, language: string) {
  const collator = new Intl.Collator(language);
  return codes
    .map((code) => ({ value: code, label: word(code), title: code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
