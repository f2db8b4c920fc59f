import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { pickLocale } from './i18n.ts';
import { pageHeaders, renderMessage } from './views.ts';

/** A Host header worth repeating on the page: a name or an address, with a port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `host[:port]` without the protocol's default port, lower case. */
function normalHost(host: string, protocol: string): string {
  const h = host.toLowerCase();
  const defaultPort = protocol === 'https' ? ':443' : ':80';
  return h.endsWith(defaultPort) ? h.slice(0, -defaultPort.length) : h;
}

/**
 * The product works at one address, PUBLIC_URL: the embedded sign-in's issuer and the addresses it sends the
 * browser back to are built from it (and an external provider knows only that one). A page opened at another
 * address the server answers on (127.0.0.1, the machine's name, an IP) would sign in at PUBLIC_URL and land
 * somewhere else. So a browser's page request at another host gets a page, in its language, saying where the
 * product is and how to use it here instead (set PUBLIC_URL and restart). API calls, scripts and anything not
 * asking for HTML keep working.
 */
export function registerPublicAddressCheck(app: FastifyInstance, config: Config) {
  const publicUrl = new URL(config.publicUrl);
  const expected = normalHost(publicUrl.host, publicUrl.protocol.replace(':', ''));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return;
    if (!String(request.headers.accept ?? '').includes('text/html')) return;
    const host = normalHost(request.host ?? '', request.protocol);
    if (!host || host === expected) return;

    const query = request.query as Record<string, unknown> | undefined;
    const locale = pickLocale({ explicit: query?.lang, acceptLanguage: request.headers['accept-language'] });
    // A path like `//elsewhere` would make the language links leave the site.
    const path = (request.url.split('?')[0] ?? '/').replace(/^\/{2,}/, '/');
    const readable = HOST.test(host);
    const origin = readable ? `${request.protocol}://${host}` : `${request.protocol}://…`;
    // Where the same page is at the right address; the sign-in's own pages start again from the product.
    const target = path.startsWith('/realms/') ? `${config.publicUrl}/` : `${config.publicUrl}${path}`;
    const html = renderMessage({
      locale,
      title: 'wrongAddressTitle',
      text: 'wrongAddressText',
      note: 'wrongAddressHowTo',
      values: { publicUrl: config.publicUrl, here: readable ? host : origin, origin },
      link: { href: target, label: 'wrongAddressGo' },
      languageHref: (l) => `${path}?lang=${l}`,
    });
    // 421 Misdirected Request: this server does answer here, but not for this address.
    return reply.code(421).headers(pageHeaders()).send(html);
  });
}
