import { isLocalHostName, isLocalServer, isProxied, publicOrigin, truthy } from "./identity.ts";

/**
 * How the Worker treats a request, decided before anything else runs
 * (docs/security.md, "Two modes"):
 * - `local`: a local server (`npm start` gave it a local credential) asked on a
 *   loopback host, not through a proxy: the local credential is checked, then
 *   the app serves the local user.
 * - `misdirected`: a local server asked for another host (a DNS-rebinding
 *   page, a tunnel that keeps its host): 421, nothing else runs.
 * - `unconfigured`: a loopback server without a local credential (a bare
 *   `wrangler dev`): it fails closed, saying how to start it.
 * - `insecure`: sign-in over plain http to a host that is not loopback: a
 *   redirect to https (GET, HEAD) or 400; tokens never travel in the clear.
 * - `sign-in`: everything else, through the OAuth provider for `origin`.
 */
export type Door =
  | { kind: "local" }
  | { kind: "misdirected" }
  | { kind: "unconfigured" }
  | { kind: "insecure" }
  | { kind: "sign-in"; origin: string };

export function doorOf(request: Request, env: Env): Door {
  const url = new URL(request.url);
  // A dashboard host name (`d-….localhost`) is a loopback name like `localhost`.
  const loopback = isLocalHostName(url.hostname);
  const signInRequired = truthy(env.EDGECLIP_REQUIRE_SIGN_IN);
  const proxied = isProxied(request);
  if (isLocalServer(env) && !signInRequired) {
    if (!loopback) return { kind: "misdirected" };
    if (!proxied) return { kind: "local" };
  } else if (loopback && !proxied && !signInRequired) {
    return { kind: "unconfigured" };
  }
  if (url.protocol !== "https:" && !loopback) return { kind: "insecure" };
  return { kind: "sign-in", origin: publicOrigin(request, env) };
}

const json = (status: number, error: string, description: string, headers?: HeadersInit) =>
  Response.json(
    { error, error_description: description },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );

/** The answer to a request that never reaches the app, or `undefined` when it goes on. */
export function turnedAway(door: Door, request: Request): Response | undefined {
  const url = new URL(request.url);
  switch (door.kind) {
    case "misdirected":
      return json(
        421,
        "misdirected_request",
        "This is a local edgeclip server: it answers only for 127.0.0.1, localhost and [::1].",
      );
    case "unconfigured":
      if (url.pathname === "/health") return undefined;
      return json(
        401,
        "no_local_credential",
        "This edgeclip server runs on a loopback address without a local credential, so it serves nobody. Start it with `npm start`, which creates the credential once (in ~/.config/edgeclip/local.env), hands it over, and tells the server the port it proves to local agents and MCP clients.",
        { "www-authenticate": 'Bearer realm="edgeclip local server"' },
      );
    case "insecure":
      if (request.method === "GET" || request.method === "HEAD") {
        url.protocol = "https:";
        return new Response(null, { status: 308, headers: { location: url.href } });
      }
      return json(400, "https_required", `Use https: https://${url.host}${url.pathname}`);
    default:
      return undefined;
  }
}
