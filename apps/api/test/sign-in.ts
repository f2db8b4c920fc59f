import { createHash, randomBytes } from 'node:crypto';

/** Where to sign in: the product's address, the issuer and the web app's client id. */
export interface Site {
  baseUrl: string;
  issuer: string;
  clientId: string;
}

/** A minimal cookie jar for fetch. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair?.indexOf('=') ?? -1;
      if (pair && i > 0) this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

/** Signs in through the embedded provider exactly as the browser does: code flow with PKCE and the sign-in form. */
export async function signInWithCode(site: Site, username: string, password: string): Promise<Tokens> {
  const jar = new Jar();
  const issuer = site.issuer;
  const redirectUri = `${site.baseUrl}/`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const auth = new URL(`${issuer}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: site.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    prompt: 'consent',
  }).toString();
  let url = auth.toString();
  let res: Response | undefined;
  // Follow redirects by hand to keep the cookies, until the sign-in form.
  for (let i = 0; i < 10; i++) {
    res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) break;
    url = new URL(location, url).toString();
  }
  if (res?.status !== 200) throw new Error(`no sign-in form: ${res?.status}`);
  const html = await res.text();
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error('sign-in form has no action');
  const hidden = [...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map(
    (m) => [m[1] ?? '', m[2] ?? ''] as [string, string],
  );
  url = new URL(action, url).toString();
  res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...hidden, ['username', username], ['password', password]]).toString(),
  });
  jar.store(res);
  for (let i = 0; i < 10; i++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`sign-in stopped at ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
    if (url.startsWith(redirectUri) && new URL(url).searchParams.has('code')) break;
    res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
  }
  const code = new URL(url).searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  const token = await fetch(`${issuer}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: site.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { access_token: string; refresh_token: string; id_token: string };
  if (!token.ok) throw new Error(`token exchange failed: ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, refreshToken: body.refresh_token, idToken: body.id_token };
}
