/**
 * A person at a browser, over plain HTTP: keeps cookies, reads forms' hidden
 * fields, posts them back. Drives the sign-in, consent and pairing pages the
 * way a browser without JavaScript would. `fetcher` is `fetch` in Node, or the
 * Worker's own `fetch` inside workerd.
 */
export type Fetcher = (request: Request) => Promise<Response>;

export class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly fetcher: Fetcher;
  /** The address the server sees (`cf-connecting-ip`), for per-address throttling. */
  private readonly address: string;

  constructor(fetcher: Fetcher, address = "203.0.113.7") {
    this.fetcher = fetcher;
    this.address = address;
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    headers.set("cf-connecting-ip", this.address);
    const response = await this.fetcher(new Request(url, { ...init, headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", ...value] = pair.split("=");
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  get(url: string | URL) {
    return this.request(url);
  }

  /** Posts a form the way a browser does: urlencoded, with its own origin. */
  post(url: string | URL, fields: Record<string, string>) {
    return this.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(url).origin,
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Signs in on the page `url` answered with (a sign-in form); returns where it sends us. */
  async signIn(page: Response, url: string | URL, name: string, passphrase: string) {
    const html = await page.text();
    return this.post(new URL("/signin", url), {
      csrf: field(html, "csrf"),
      next: field(html, "next"),
      name,
      passphrase,
    });
  }
}

/** A hidden (or any) input's value in a page. */
export function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no field ${name} in page:\n${html.slice(0, 2000)}`);
  return match[1]
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

/** Every hidden input of a page, as a browser submits them with its form. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    if (match[1]) fields[match[1]] = field(html, match[1]);
  return fields;
}

/** PKCE S256: a verifier and its challenge. */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(hash)) };
}

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * The whole browser part of an authorization: open `authorizeUrl`, sign in,
 * pick `preset` (or deny), and return the redirect to the client's callback.
 */
export async function authorizeInBrowser(
  browser: Browser,
  authorizeUrl: string | URL,
  account: { name: string; passphrase: string },
  decision: { preset?: "sandboxed" | "trusted" | "full"; deny?: boolean } = {},
): Promise<{ location: URL; consent: string }> {
  let page = await browser.get(authorizeUrl);
  if ((await page.clone().text()).includes('action="/signin"')) {
    const signedIn = await browser.signIn(page, authorizeUrl, account.name, account.passphrase);
    if (signedIn.status !== 303)
      throw new Error(`sign-in failed (${signedIn.status}): ${await signedIn.text()}`);
    page = await browser.get(new URL(signedIn.headers.get("location") ?? "/", authorizeUrl));
  }
  const consent = await page.text();
  if (page.status !== 200)
    throw new Error(
      `consent page ${page.status} ${page.headers.get("location") ?? ""}: ${consent}`,
    );
  const answered = await browser.post(new URL("/authorize", authorizeUrl), {
    ...hiddenFields(consent),
    preset: decision.preset ?? "full",
    decision: decision.deny ? "deny" : "approve",
  });
  const location = answered.headers.get("location");
  if (answered.status !== 302 || !location)
    throw new Error(`consent answered ${answered.status}: ${await answered.text()}`);
  return { location: new URL(location), consent };
}
