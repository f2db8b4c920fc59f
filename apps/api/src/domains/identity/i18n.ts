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
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotSubtitle: 'Enter your username or e-mail address. We will e-mail you a link to set a new password.',
  sendResetLink: 'Send link',
  backToSignIn: 'Back to sign-in',
  missingUsername: 'Enter your username or e-mail address.',
  resetNotConfiguredText:
    'This installation sends no e-mail, so a password cannot be reset from here. Ask an administrator to set a new password for you.',
  resetSentTitle: 'Check your e-mail',
  resetSentText:
    'If an account with that username or e-mail address exists, a link to set a new password is on its way to its e-mail address. The link works once, within one hour.',
  newPasswordTitle: 'Set a new password',
  newPasswordSubtitle:
    'For the account {username}. Use at least {min} characters; a passphrase of a few words is easy to remember.',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Repeat the new password',
  savePassword: 'Set password',
  passwordTooShort: 'The password needs at least {min} characters.',
  passwordTooLong: 'The password can have at most {max} characters.',
  passwordCommon: 'This password is one that attackers try first. Choose another.',
  passwordMismatch: 'The two passwords are not the same.',
  resetLinkExpiredTitle: 'This link has expired',
  resetLinkExpiredText: 'A link to set a new password works for one hour. Ask for a new one.',
  resetLinkUsedTitle: 'This link has already been used',
  resetLinkUsedText: 'A link to set a new password works only once. If you did not use it yourself, ask for a new one.',
  resetLinkInvalidTitle: 'This link is not valid',
  resetLinkInvalidText: 'Open the whole link from the e-mail, or ask for a new one.',
  requestNewLink: 'Ask for a new link',
  passwordChangedTitle: 'Your password has been changed',
  passwordChangedText: 'Sign in with your new password. Any other sign-ins of this account have been ended.',
  mailResetSubject: 'Set a new password for Back Office',
  mailResetText:
    'Hello {name},\n\nsomeone, hopefully you, asked to set a new password for the Back Office account {username}. Open this link within one hour to choose it:\n\n{link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  wrongAddressTitle: 'Open Back Office at its own address',
  wrongAddressText: 'This product is configured for {publicUrl}, so signing in works only there.',
  wrongAddressHowTo: 'To use it at {here} instead, set PUBLIC_URL={origin} and restart the server.',
  wrongAddressGo: 'Go to {publicUrl}',
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
  forgotPasswordLink: '¿Has olvidado tu contraseña?',
  forgotTitle: '¿Has olvidado tu contraseña?',
  forgotSubtitle:
    'Introduce tu nombre de usuario o tu correo electrónico. Te enviaremos por correo un enlace para elegir una contraseña nueva.',
  sendResetLink: 'Enviar enlace',
  backToSignIn: 'Volver al inicio de sesión',
  missingUsername: 'Introduce tu usuario o tu correo electrónico.',
  resetNotConfiguredText:
    'Esta instalación no envía correos, así que la contraseña no se puede restablecer desde aquí. Pide a un administrador que te asigne una contraseña nueva.',
  resetSentTitle: 'Revisa tu correo',
  resetSentText:
    'Si existe una cuenta con ese usuario o correo electrónico, hemos enviado a su dirección un enlace para elegir una contraseña nueva. El enlace sirve una sola vez, durante una hora.',
  newPasswordTitle: 'Elige una contraseña nueva',
  newPasswordSubtitle:
    'Para la cuenta {username}. Usa al menos {min} caracteres; una frase de varias palabras es fácil de recordar.',
  newPasswordLabel: 'Contraseña nueva',
  confirmPasswordLabel: 'Repite la contraseña nueva',
  savePassword: 'Guardar contraseña',
  passwordTooShort: 'La contraseña necesita al menos {min} caracteres.',
  passwordTooLong: 'La contraseña puede tener como máximo {max} caracteres.',
  passwordCommon: 'Esta contraseña es de las primeras que prueban los atacantes. Elige otra.',
  passwordMismatch: 'Las dos contraseñas no coinciden.',
  resetLinkExpiredTitle: 'Este enlace ha caducado',
  resetLinkExpiredText: 'Un enlace para elegir una contraseña nueva sirve durante una hora. Pide uno nuevo.',
  resetLinkUsedTitle: 'Este enlace ya se ha usado',
  resetLinkUsedText:
    'Un enlace para elegir una contraseña nueva sirve una sola vez. Si no lo usaste tú, pide uno nuevo.',
  resetLinkInvalidTitle: 'Este enlace no es válido',
  resetLinkInvalidText: 'Abre el enlace completo del correo o pide uno nuevo.',
  requestNewLink: 'Pedir un enlace nuevo',
  passwordChangedTitle: 'Tu contraseña se ha cambiado',
  passwordChangedText: 'Inicia sesión con tu contraseña nueva. Las demás sesiones de esta cuenta se han cerrado.',
  mailResetSubject: 'Elige una contraseña nueva para Back Office',
  mailResetText:
    'Hola, {name}:\n\nalguien, esperamos que tú, ha pedido elegir una contraseña nueva para la cuenta de Back Office {username}. Abre este enlace antes de una hora para elegirla:\n\n{link}\n\nEl enlace sirve una sola vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
  wrongAddressTitle: 'Abre Back Office en su propia dirección',
  wrongAddressText: 'Este producto está configurado para {publicUrl}, así que el inicio de sesión solo funciona allí.',
  wrongAddressHowTo: 'Para usarlo en {here}, establece PUBLIC_URL={origin} y reinicia el servidor.',
  wrongAddressGo: 'Ir a {publicUrl}',
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
  forgotPasswordLink: 'Esqueceu a senha?',
  forgotTitle: 'Esqueceu a senha?',
  forgotSubtitle: 'Informe seu usuário ou e-mail. Enviaremos por e-mail um link para definir uma nova senha.',
  sendResetLink: 'Enviar link',
  backToSignIn: 'Voltar ao login',
  missingUsername: 'Informe seu usuário ou e-mail.',
  resetNotConfiguredText:
    'Esta instalação não envia e-mails, por isso a senha não pode ser redefinida aqui. Peça a um administrador que defina uma nova senha para você.',
  resetSentTitle: 'Verifique seu e-mail',
  resetSentText:
    'Se existir uma conta com esse usuário ou e-mail, um link para definir uma nova senha foi enviado para o e-mail dela. O link funciona uma única vez, dentro de uma hora.',
  newPasswordTitle: 'Defina uma nova senha',
  newPasswordSubtitle:
    'Para a conta {username}. Use pelo menos {min} caracteres; uma frase de algumas palavras é fácil de lembrar.',
  newPasswordLabel: 'Nova senha',
  confirmPasswordLabel: 'Repita a nova senha',
  savePassword: 'Salvar senha',
  passwordTooShort: 'A senha precisa de pelo menos {min} caracteres.',
  passwordTooLong: 'A senha pode ter no máximo {max} caracteres.',
  passwordCommon: 'Esta senha está entre as primeiras que os atacantes tentam. Escolha outra.',
  passwordMismatch: 'As duas senhas não são iguais.',
  resetLinkExpiredTitle: 'Este link expirou',
  resetLinkExpiredText: 'Um link para definir uma nova senha funciona por uma hora. Peça um novo.',
  resetLinkUsedTitle: 'Este link já foi usado',
  resetLinkUsedText:
    'Um link para definir uma nova senha funciona uma única vez. Se não foi você que o usou, peça um novo.',
  resetLinkInvalidTitle: 'Este link não é válido',
  resetLinkInvalidText: 'Abra o link completo do e-mail ou peça um novo.',
  requestNewLink: 'Pedir um novo link',
  passwordChangedTitle: 'Sua senha foi alterada',
  passwordChangedText: 'Entre com a nova senha. As outras sessões desta conta foram encerradas.',
  mailResetSubject: 'Defina uma nova senha para o Back Office',
  mailResetText:
    'Olá, {name}.\n\nAlguém, esperamos que você, pediu para definir uma nova senha para a conta {username} do Back Office. Abra este link dentro de uma hora para escolhê-la:\n\n{link}\n\nO link funciona uma única vez. Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  wrongAddressTitle: 'Abra o Back Office no endereço dele',
  wrongAddressText: 'Este produto está configurado para {publicUrl}, por isso o login só funciona lá.',
  wrongAddressHowTo: 'Para usá-lo em {here}, defina PUBLIC_URL={origin} e reinicie o servidor.',
  wrongAddressGo: 'Ir para {publicUrl}',
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
  forgotPasswordLink: 'Passwort vergessen?',
  forgotTitle: 'Passwort vergessen?',
  forgotSubtitle:
    'Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein. Wir senden Ihnen per E-Mail einen Link, mit dem Sie ein neues Passwort festlegen.',
  sendResetLink: 'Link senden',
  backToSignIn: 'Zurück zur Anmeldung',
  missingUsername: 'Bitte geben Sie Benutzername oder E-Mail-Adresse ein.',
  resetNotConfiguredText:
    'Diese Installation versendet keine E-Mails, daher lässt sich das Passwort hier nicht zurücksetzen. Bitten Sie einen Administrator, ein neues Passwort für Sie festzulegen.',
  resetSentTitle: 'Sehen Sie in Ihr Postfach',
  resetSentText:
    'Wenn es ein Konto mit diesem Benutzernamen oder dieser E-Mail-Adresse gibt, ist ein Link zum Festlegen eines neuen Passworts an dessen E-Mail-Adresse unterwegs. Der Link gilt einmal und eine Stunde lang.',
  newPasswordTitle: 'Neues Passwort festlegen',
  newPasswordSubtitle:
    'Für das Konto {username}. Mindestens {min} Zeichen; ein Satz aus einigen Wörtern ist leicht zu merken.',
  newPasswordLabel: 'Neues Passwort',
  confirmPasswordLabel: 'Neues Passwort wiederholen',
  savePassword: 'Passwort speichern',
  passwordTooShort: 'Das Passwort braucht mindestens {min} Zeichen.',
  passwordTooLong: 'Das Passwort darf höchstens {max} Zeichen haben.',
  passwordCommon: 'Dieses Passwort probieren Angreifer als Erstes aus. Bitte wählen Sie ein anderes.',
  passwordMismatch: 'Die beiden Passwörter stimmen nicht überein.',
  resetLinkExpiredTitle: 'Dieser Link ist abgelaufen',
  resetLinkExpiredText:
    'Ein Link zum Festlegen eines neuen Passworts gilt eine Stunde lang. Fordern Sie einen neuen an.',
  resetLinkUsedTitle: 'Dieser Link wurde bereits verwendet',
  resetLinkUsedText:
    'Ein Link zum Festlegen eines neuen Passworts gilt nur einmal. Wenn Sie ihn nicht selbst verwendet haben, fordern Sie einen neuen an.',
  resetLinkInvalidTitle: 'Dieser Link ist ungültig',
  resetLinkInvalidText: 'Öffnen Sie den vollständigen Link aus der E-Mail oder fordern Sie einen neuen an.',
  requestNewLink: 'Neuen Link anfordern',
  passwordChangedTitle: 'Ihr Passwort wurde geändert',
  passwordChangedText:
    'Melden Sie sich mit dem neuen Passwort an. Alle anderen Anmeldungen dieses Kontos wurden beendet.',
  mailResetSubject: 'Neues Passwort für Back Office festlegen',
  mailResetText:
    'Hallo {name},\n\njemand, hoffentlich Sie, hat ein neues Passwort für das Back-Office-Konto {username} angefordert. Öffnen Sie innerhalb einer Stunde diesen Link, um es festzulegen:\n\n{link}\n\nDer Link gilt nur einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  wrongAddressTitle: 'Öffnen Sie Back Office unter seiner eigenen Adresse',
  wrongAddressText: 'Dieses Produkt ist für {publicUrl} eingerichtet, deshalb funktioniert die Anmeldung nur dort.',
  wrongAddressHowTo:
    'Um es stattdessen unter {here} zu verwenden, setzen Sie PUBLIC_URL={origin} und starten Sie den Server neu.',
  wrongAddressGo: 'Zu {publicUrl}',
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
