import { LOCALES, type Locale, type MessageKey, translate, translations } from './i18n.ts';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The security headers every page of the sign-in area carries (no framing, no third-party content). */
export function pageHeaders(scriptNonce?: string): Record<string, string> {
  const script = scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'content-security-policy': `default-src 'none'; ${script}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

// The product's look: its antd theme (blue primary #0958d9, so text keeps 4.5:1, WCAG 2.2 AA), 6 px radius, system font stack.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px;
background:#f5f5f5;color:rgba(0,0,0,.88);font-size:14px;line-height:1.5714;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif,"Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol","Noto Color Emoji"}
main{width:100%;max-width:400px}
.card{background:#fff;border-radius:8px;padding:32px 32px 24px;
box-shadow:0 6px 16px 0 rgba(0,0,0,.08),0 3px 6px -4px rgba(0,0,0,.12),0 9px 28px 8px rgba(0,0,0,.05)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 24px;font-size:20px;font-weight:600;color:rgba(0,0,0,.88)}
.brand svg{flex:none}
h1{font-size:20px;font-weight:600;line-height:1.4;margin:0 0 4px}
.sub{color:rgba(0,0,0,.6);margin:0 0 24px}
p{margin:0 0 16px}
label{display:block;margin:0 0 8px;font-weight:500}
.field{margin:0 0 20px}
input[type=text],input[type=password]{display:block;width:100%;height:40px;padding:7px 11px;font:inherit;font-size:16px;color:inherit;
background:#fff;border:1px solid #d9d9d9;border-radius:6px;transition:border-color .2s,box-shadow .2s}
input[type=text]:hover,input[type=password]:hover{border-color:#4096ff}
input[type=text]:focus,input[type=password]:focus{outline:0;border-color:#0958d9;box-shadow:0 0 0 2px rgba(9,88,217,.35)}
input[aria-invalid=true]{border-color:#cf1322}
input[aria-invalid=true]:focus{box-shadow:0 0 0 2px rgba(255,38,5,.06)}
.btn{display:inline-flex;align-items:center;justify-content:center;width:100%;height:40px;padding:0 15px;font:inherit;font-size:16px;
font-weight:500;color:#fff;background:#0958d9;border:1px solid transparent;border-radius:6px;cursor:pointer;text-decoration:none;
box-shadow:0 2px 0 rgba(5,145,255,.1);transition:background .2s}
.btn:hover{background:#1668dc}
.btn:active{background:#003eb3}
.btn:focus-visible{outline:2px solid #0958d9;outline-offset:2px}
.alert{display:flex;gap:8px;align-items:flex-start;margin:0 0 20px;padding:8px 12px;border-radius:8px;border:1px solid #ffccc7;background:#fff2f0}
.alert svg{flex:none;margin-top:3px}
.alert-warning{border-color:#ffe58f;background:#fffbe6}
.langs{margin:20px 0 0;padding:16px 0 0;border-top:1px solid #f0f0f0;display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:center;
font-size:13px;color:rgba(0,0,0,.6)}
.langs a{color:#0958d9;text-decoration:none}
.langs a:hover{color:#003eb3;text-decoration:underline}
.langs a:focus-visible{outline:2px solid #0958d9;outline-offset:1px;border-radius:2px}
.langs a[aria-current]{color:rgba(0,0,0,.88);font-weight:600;pointer-events:none}
.row{display:flex;justify-content:flex-end;margin:-12px 0 20px}
.link{color:#0958d9;text-decoration:none}
.link:hover{color:#003eb3;text-decoration:underline}
.link:focus-visible{outline:2px solid #0958d9;outline-offset:1px;border-radius:2px}
.after{margin:16px 0 0;text-align:center}
[hidden]{display:none!important}
.note{margin:-8px 0 20px;padding:8px 12px;border-radius:8px;background:#f5f5f5;word-break:break-word}
.note code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
.code{margin:16px 0 0;font-size:12px;color:rgba(0,0,0,.6);word-break:break-word}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:480px){body{padding:16px 12px;justify-content:flex-start}.card{padding:24px 20px 20px}}
`;

const LOGO = `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#1677ff"/><path d="M10 8h7.2c3.3 0 5.3 1.6 5.3 4.2 0 1.7-.9 2.9-2.4 3.4 1.9.4 3.1 1.8 3.1 3.8 0 2.9-2.2 4.6-5.8 4.6H10V8Zm3.3 6.5h3.4c1.6 0 2.4-.7 2.4-1.9s-.8-1.9-2.4-1.9h-3.4v3.8Zm0 6.8h3.8c1.7 0 2.6-.7 2.6-2s-.9-2-2.6-2h-3.8v4Z" fill="#fff"/></svg>`;

const ERROR_ICON = `<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="8" cy="8" r="8" fill="#ff4d4f"/><path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/></svg>`;
const WARNING_ICON = `<svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="8" cy="8" r="8" fill="#faad14"/><path d="M8 4.5v4.5" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/><circle cx="8" cy="11.5" r="1" fill="#fff"/></svg>`;

interface LayoutOptions {
  locale: Locale;
  title: string;
  body: string;
  /** Markup placed after the card (scripts). */
  after?: string;
}

function layout({ locale, title, body, after = '' }: LayoutOptions): string {
  const m = translations[locale];
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale)}" dir="${escapeHtml(m.dir)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)} · ${escapeHtml(m.productName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<div class="brand">${LOGO}<span>${escapeHtml(m.productName)}</span></div>
${body}
</div>
</main>
${after}
</body>
</html>`;
}

/** The language switcher under a page: each language's link to the same page in it. */
function languageLinks(locale: Locale, hrefOf: (l: Locale) => string): string {
  const label = escapeHtml(translate(locale, 'language'));
  const links = LOCALES.map((l) => {
    const current = l === locale ? ' aria-current="true"' : '';
    return `<a href="${escapeHtml(hrefOf(l))}" hreflang="${l}" lang="${l}"${current}>${escapeHtml(translations[l].languageName)}</a>`;
  }).join('');
  return `<nav class="langs" aria-label="${label}"><span class="vh">${label}:</span>${links}</nav>`;
}

type Values = Record<string, string | number>;

function alertBox(locale: Locale, error: { key: MessageKey; values?: Values; warning?: boolean } | undefined): string {
  if (!error) return '';
  return `<div class="alert ${error.warning ? 'alert-warning' : 'alert-error'}" role="alert"><span aria-hidden="true">${error.warning ? WARNING_ICON : ERROR_ICON}</span><span id="input-error" class="kc-feedback-text">${escapeHtml(translate(locale, error.key, error.values))}</span></div>`;
}

export interface SignInView {
  locale: Locale;
  /** Where the form posts (the interaction's own address). */
  action: string;
  /** What the user typed, shown again after a failure. */
  username?: string;
  error?: { key: MessageKey; values?: Record<string, string | number>; warning?: boolean };
  /** The "Forgot password?" page for this sign-in (it says what to do when mail is not configured). */
  forgotHref?: string;
}

/** The sign-in page. The ids username, password and kc-login match Keycloak's so browser tests work against either. */
export function renderSignIn(view: SignInView): string {
  const { locale, action, username = '', error, forgotHref } = view;
  const t = (key: MessageKey, values?: Record<string, string | number>) => escapeHtml(translate(locale, key, values));
  const invalid = error && !error.warning ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const alert = alertBox(locale, error);
  const focusPassword = username !== '';
  const body = `<h1>${t('signInTitle')}</h1>
<p class="sub" dir="auto">${t('signInSubtitle')}</p>
${alert}
<form id="kc-form-login" method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<div class="field">
<label for="username">${t('usernameLabel')}</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" maxlength="320" required${focusPassword ? '' : ' autofocus'}${invalid}>
</div>
<div class="field">
<label for="password">${t('passwordLabel')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="1024" required${focusPassword ? ' autofocus' : ''}${invalid}>
</div>
${forgotHref ? `<div class="row"><a id="kc-forgot-credentials" class="link" dir="auto" href="${escapeHtml(forgotHref)}">${t('forgotPasswordLink')}</a></div>` : ''}
<button id="kc-login" class="btn" type="submit">${t('submit')}</button>
</form>
${languageLinks(locale, (l) => `${action}?lang=${l}`)}`;
  return layout({ locale, title: translate(locale, 'signInTitle'), body });
}

export interface MessageView {
  locale: Locale;
  title: MessageKey;
  text: MessageKey;
  /** Values for the texts' `{placeholders}` (escaped). */
  values?: Values;
  /** A second sentence, set apart (how to fix what the page says). */
  note?: MessageKey;
  link?: { href: string; label: MessageKey };
  /** A quieter way onwards under the button (back to the sign-in). */
  secondary?: { href: string; label: MessageKey };
  /** A short machine-readable reason shown small under the text (escaped). */
  code?: string;
  /** The language switcher's link for each language, when the page can be shown again in another. */
  languageHref?: (l: Locale) => string;
}

/** A page with a title, a sentence and a way onwards: expired sign-in, errors, signed out. */
export function renderMessage(view: MessageView): string {
  const { locale, title, text, values, note, link, secondary, code, languageHref } = view;
  const t = (key: MessageKey) => escapeHtml(translate(locale, key, values));
  const body = `<h1>${t(title)}</h1>
<p class="sub" dir="auto">${t(text)}</p>
${note ? `<p class="note" dir="auto">${t(note)}</p>` : ''}
${link ? `<a id="kc-restart" class="btn" href="${escapeHtml(link.href)}">${t(link.label)}</a>` : ''}
${secondary ? `<p class="after"><a id="kc-back" class="link" href="${escapeHtml(secondary.href)}">${t(secondary.label)}</a></p>` : ''}
${code ? `<p class="code">${t('errorCode')}: <code>${escapeHtml(code)}</code></p>` : ''}
${languageHref ? languageLinks(locale, languageHref) : ''}`;
  return layout({ locale, title: translate(locale, title, values), body });
}

export interface ForgotPasswordView {
  locale: Locale;
  action: string;
  /** Where "Back to sign-in" leads. */
  backHref: string;
  username?: string;
  error?: { key: MessageKey; values?: Values; warning?: boolean };
  /** Hidden fields the form carries (the sign-in it came from). */
  hidden?: Record<string, string>;
}

/** "Forgot your password?": a username or e-mail, and a button that e-mails a link. */
export function renderForgotPassword(view: ForgotPasswordView): string {
  const { locale, action, backHref, username = '', error, hidden = {} } = view;
  const t = (key: MessageKey) => escapeHtml(translate(locale, key));
  const invalid = error && !error.warning ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const fields = Object.entries({ lang: locale, ...hidden })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const body = `<h1>${t('forgotTitle')}</h1>
<p class="sub" dir="auto">${t('forgotSubtitle')}</p>
${alertBox(locale, error)}
<form id="kc-reset-password-form" method="post" action="${escapeHtml(action)}" novalidate>
${fields}
<div class="field">
<label for="username">${t('usernameLabel')}</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" autocorrect="off" spellcheck="false" maxlength="320" required autofocus${invalid}>
</div>
<button id="kc-reset-submit" class="btn" type="submit">${t('sendResetLink')}</button>
</form>
<p class="after"><a id="kc-back" class="link" href="${escapeHtml(backHref)}">${t('backToSignIn')}</a></p>
${languageLinks(locale, (l) => `${action}?${new URLSearchParams({ ...hidden, lang: l })}`)}`;
  return layout({ locale, title: translate(locale, 'forgotTitle'), body });
}

export interface NewPasswordView {
  locale: Locale;
  action: string;
  /** The one-time key from the e-mail, carried by the form. */
  key: string;
  username: string;
  minLength: number;
  maxLength: number;
  error?: { key: MessageKey; values?: Values };
}

/** "Set a new password", opened from the e-mailed link. */
export function renderNewPassword(view: NewPasswordView): string {
  const { locale, action, key, username, minLength, maxLength, error } = view;
  const values = { username, min: minLength, max: maxLength };
  const t = (k: MessageKey) => escapeHtml(translate(locale, k, values));
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const body = `<h1>${t('newPasswordTitle')}</h1>
<p class="sub" dir="auto">${t('newPasswordSubtitle')}</p>
${alertBox(locale, error)}
<form id="kc-passwd-update-form" method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<input type="hidden" name="key" value="${escapeHtml(key)}">
<input type="text" name="username" value="${escapeHtml(username)}" autocomplete="username" hidden>
<div class="field">
<label for="password-new">${t('newPasswordLabel')}</label>
<input id="password-new" name="password" type="password" autocomplete="new-password" minlength="${minLength}" maxlength="${maxLength}" required autofocus${invalid}>
</div>
<div class="field">
<label for="password-confirm">${t('confirmPasswordLabel')}</label>
<input id="password-confirm" name="confirm" type="password" autocomplete="new-password" maxlength="${maxLength}" required${invalid}>
</div>
<button id="kc-passwd-submit" class="btn" type="submit">${t('savePassword')}</button>
</form>`;
  return layout({ locale, title: translate(locale, 'newPasswordTitle'), body });
}

/**
 * The sign-out page: oidc-provider's form (with its anti-forgery field) plus `logout=yes`. When the client sent an
 * id_token_hint (the web app always does) a script submits it at once, and without scripts the user presses the
 * one button. Without a hint the request may come from anywhere, so the user confirms with the button.
 */
export function renderLogout(view: { locale: Locale; form: string; nonce: string; autoSubmit: boolean }): string {
  const { locale, nonce, autoSubmit } = view;
  const t = (key: MessageKey) => escapeHtml(translate(locale, key));
  // The provider's form is `<form id="op.logoutForm" ...><input type="hidden" name="xsrf" .../></form>`.
  const form = view.form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const button = `<button id="kc-logout" class="btn" type="submit" form="op.logoutForm">${t('signOutButton')}</button>`;
  const body = autoSubmit
    ? `<h1>${t('signingOutTitle')}</h1>
<p class="sub" dir="auto">${t('signingOutText')}</p>
${form}
<noscript>${button}</noscript>`
    : `<h1>${t('signOutQuestionTitle')}</h1>
<p class="sub" dir="auto">${t('signOutQuestionText')}</p>
${form}
${button}`;
  const script = autoSubmit
    ? `<script nonce="${escapeHtml(nonce)}">document.getElementById('op.logoutForm').submit();</script>`
    : '';
  return layout({
    locale,
    title: translate(locale, autoSubmit ? 'signingOutTitle' : 'signOutQuestionTitle'),
    body,
    after: script,
  });
}
