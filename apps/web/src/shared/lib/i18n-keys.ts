import type common from '../../locales/en/common.json';
import type errors from '../../locales/en/errors.json';
import type logs from '../../locales/en/logs.json';
import type masterData from '../../locales/en/masterData.json';
import type menu from '../../locales/en/menu.json';
import type shell from '../../locales/en/shell.json';
import type users from '../../locales/en/users.json';

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
    };
  }
}

export type MenuTitleKey = keyof typeof menu;
export type ErrorCodeKey = keyof typeof errors;
/** The activity timeline's sentences, named `<entity>_<action>` after system-log rows. */
export type ActivitySentenceKey = keyof typeof shell.activity.sentences;
