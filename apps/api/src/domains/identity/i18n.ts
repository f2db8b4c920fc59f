/** The sign-in pages' texts. Every language has exactly the same keys (a unit test keeps it so). */

const en = {
  languageName: 'English',
  dir: 'ltr',
  productName: 'Back Office',
  signInTitle: 'Sign in to your account',
  signInSubtitle: 'Use your username or e-mail address.',
  usernameLabel: 'Username or e-mail',
  passwordLabel: 'Password',
  submit: 'Sign in',
  invalidCredentials: 'The username or password is not correct.',
  accountDeactivated: 'This account is deactivated. Ask an administrator to reactivate it.',
  tooManyAttemptsOne: 'Too many attempts. Try again in {minutes} minute.',
  tooManyAttemptsOther: 'Too many attempts. Try again in {minutes} minutes.',
  missingFields: 'Enter your username and password.',
  language: 'Language',
  sessionExpiredTitle: 'Your sign-in has expired',
  sessionExpiredText: 'For your security a sign-in page is only valid for a while. Please start again.',
  startAgain: 'Start again',
  signingOutTitle: 'Signing you out…',
  signingOutText: 'One moment, please.',
  signOutButton: 'Sign out',
  signOutQuestionTitle: 'Sign out?',
  signOutQuestionText: 'Do you want to sign out of Back Office on this device?',
  signedOutTitle: 'You have signed out',
  signedOutText: 'You can close this window or sign in again.',
  signInAgain: 'Sign in again',
  errorTitle: 'Something went wrong',
  errorText: 'The sign-in could not be completed. Please start again.',
  errorCode: 'Error code',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const es: Messages = {
  languageName: 'Español',
  dir: 'ltr',
  productName: 'Back Office',
  signInTitle: 'Inicia sesión en tu cuenta',
  signInSubtitle: 'Usa tu nombre de usuario o tu correo electrónico.',
  usernameLabel: 'Usuario o correo electrónico',
  passwordLabel: 'Contraseña',
  submit: 'Iniciar sesión',
  invalidCredentials: 'El usuario o la contraseña no son correctos.',
  accountDeactivated: 'Esta cuenta está desactivada. Pide a un administrador que la vuelva a activar.',
  tooManyAttemptsOne: 'Demasiados intentos. Inténtalo de nuevo dentro de {minutes} minuto.',
  tooManyAttemptsOther: 'Demasiados intentos. Inténtalo de nuevo dentro de {minutes} minutos.',
  missingFields: 'Introduce tu usuario y tu contraseña.',
  language: 'Idioma',
  sessionExpiredTitle: 'Tu inicio de sesión ha caducado',
  sessionExpiredText:
    'Por seguridad, una página de inicio de sesión solo es válida durante un tiempo. Vuelve a empezar, por favor.',
  startAgain: 'Volver a empezar',
  signingOutTitle: 'Cerrando la sesión…',
  signingOutText: 'Un momento, por favor.',
  signOutButton: 'Cerrar sesión',
  signOutQuestionTitle: '¿Cerrar la sesión?',
  signOutQuestionText: '¿Quieres cerrar la sesión de Back Office en este dispositivo?',
  signedOutTitle: 'Has cerrado la sesión',
  signedOutText: 'Puedes cerrar esta ventana o volver a iniciar sesión.',
  signInAgain: 'Iniciar sesión de nuevo',
  errorTitle: 'Algo ha salido mal',
  errorText: 'No se ha podido completar el inicio de sesión. Vuelve a empezar, por favor.',
  errorCode: 'Código de error',
};

const pt: Messages = {
  languageName: 'Português',
  dir: 'ltr',
  productName: 'Back Office',
  signInTitle: 'Entre na sua conta',
  signInSubtitle: 'Use seu nome de usuário ou e-mail.',
  usernameLabel: 'Usuário ou e-mail',
  passwordLabel: 'Senha',
  submit: 'Entrar',
  invalidCredentials: 'O usuário ou a senha não estão corretos.',
  accountDeactivated: 'Esta conta está desativada. Peça a um administrador para reativá-la.',
  tooManyAttemptsOne: 'Muitas tentativas. Tente novamente em {minutes} minuto.',
  tooManyAttemptsOther: 'Muitas tentativas. Tente novamente em {minutes} minutos.',
  missingFields: 'Informe seu usuário e sua senha.',
  language: 'Idioma',
  sessionExpiredTitle: 'Seu login expirou',
  sessionExpiredText: 'Por segurança, uma página de login só é válida por algum tempo. Comece novamente, por favor.',
  startAgain: 'Começar novamente',
  signingOutTitle: 'Saindo…',
  signingOutText: 'Um momento, por favor.',
  signOutButton: 'Sair',
  signOutQuestionTitle: 'Sair?',
  signOutQuestionText: 'Deseja sair do Back Office neste dispositivo?',
  signedOutTitle: 'Você saiu',
  signedOutText: 'Você pode fechar esta janela ou entrar novamente.',
  signInAgain: 'Entrar novamente',
  errorTitle: 'Algo deu errado',
  errorText: 'Não foi possível concluir o login. Comece novamente, por favor.',
  errorCode: 'Código do erro',
};

const de: Messages = {
  languageName: 'Deutsch',
  dir: 'ltr',
  productName: 'Back Office',
  signInTitle: 'Bei Ihrem Konto anmelden',
  signInSubtitle: 'Mit Benutzername oder E-Mail-Adresse.',
  usernameLabel: 'Benutzername oder E-Mail',
  passwordLabel: 'Passwort',
  submit: 'Anmelden',
  invalidCredentials: 'Benutzername oder Passwort ist nicht korrekt.',
  accountDeactivated: 'Dieses Konto ist deaktiviert. Bitten Sie einen Administrator, es wieder zu aktivieren.',
  tooManyAttemptsOne: 'Zu viele Versuche. Bitte versuchen Sie es in {minutes} Minute erneut.',
  tooManyAttemptsOther: 'Zu viele Versuche. Bitte versuchen Sie es in {minutes} Minuten erneut.',
  missingFields: 'Bitte geben Sie Benutzername und Passwort ein.',
  language: 'Sprache',
  sessionExpiredTitle: 'Ihre Anmeldung ist abgelaufen',
  sessionExpiredText:
    'Aus Sicherheitsgründen ist eine Anmeldeseite nur eine Zeit lang gültig. Bitte beginnen Sie erneut.',
  startAgain: 'Erneut beginnen',
  signingOutTitle: 'Sie werden abgemeldet …',
  signingOutText: 'Einen Moment bitte.',
  signOutButton: 'Abmelden',
  signOutQuestionTitle: 'Abmelden?',
  signOutQuestionText: 'Möchten Sie sich auf diesem Gerät von Back Office abmelden?',
  signedOutTitle: 'Sie sind abgemeldet',
  signedOutText: 'Sie können dieses Fenster schließen oder sich erneut anmelden.',
  signInAgain: 'Erneut anmelden',
  errorTitle: 'Etwas ist schiefgelaufen',
  errorText: 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte beginnen Sie erneut.',
  errorCode: 'Fehlercode',
};

export const LOCALES = ['en', 'es', 'pt', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const translations: Record<Locale, Messages> = { en, es, pt, de };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `pt-BR` → `pt`; undefined when the language is not one we have. */
function supported(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** Accept-Language tags, best first (by q, then by order). */
function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== '*' && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The page's language: an explicit choice (the language switcher), else the first supported entry of the
 * authorization request's `ui_locales`, else of Accept-Language, else English.
 */
export function pickLocale(sources: { explicit?: unknown; uiLocales?: unknown; acceptLanguage?: unknown }): Locale {
  if (isLocale(sources.explicit)) return sources.explicit;
  if (typeof sources.uiLocales === 'string') {
    for (const tag of sources.uiLocales.split(/\s+/)) {
      const locale = supported(tag);
      if (locale) return locale;
    }
  }
  if (typeof sources.acceptLanguage === 'string') {
    for (const tag of parseAcceptLanguage(sources.acceptLanguage)) {
      const locale = supported(tag);
      if (locale) return locale;
    }
  }
  return DEFAULT_LOCALE;
}

/** A message with `{name}` placeholders filled in (values are not escaped here; the views escape). */
export function translate(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  return translations[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
