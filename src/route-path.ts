/**
 * The one path every decision about a request is made on: the router matches
 * it (the app's Hono `getPath`) and every gate before the router compares it
 * (the local credential's cookie allow-list, /mcp's and /bridge's checks). A
 * gate that read `URL.pathname` while the router decoded it let `/%62ridge`
 * past the bridge's bearer-only check and into the bridge route (issue 27).
 *
 * The URL parser has already resolved `.` and `..` segments; here
 * percent-escapes are decoded as `decodeURI` decodes them (`%62` → `b`; an
 * escaped `/`, `?`, `#` or `%` stays escaped, so it cannot make a new segment
 * or be decoded twice), as Hono's own `getPath` decodes them, and
 * runs of `/` collapse to one. A malformed escape leaves the path as it is
 * (then it matches no route). Case and a trailing `/` are kept: the router
 * tells `/Bridge` and `/bridge/` from `/bridge`, and so does every gate.
 */
export function routePath(request: Request): string {
  const { pathname } = new URL(request.url);
  let path = pathname;
  if (path.includes("%")) {
    try {
      // As Hono's own getPath: an escaped `%` stays escaped, for the router's params to decode once.
      path = decodeURI(path.replace(/%25/g, "%2525"));
    } catch {
      // a malformed escape: no route has it
    }
  }
  return path.includes("//") ? path.replace(/\/{2,}/g, "/") : path;
}
