import { request } from "node:http";

/**
 * `fetch` for the names browsers resolve to loopback themselves (`*.localhost`,
 * the local dashboard's own host: dashboard-host.ts), which the system's
 * resolver here does not: it connects to 127.0.0.1 and sends the name as the
 * Host header, as a browser does. Node's fetch does neither (it resolves the
 * name, and sets Host itself).
 */
export async function loopbackFetch(input: Request): Promise<Response> {
  const url = new URL(input.url);
  const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
  const headers: Record<string, string> = {};
  input.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host = url.host;
  headers.connection = "close";
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: input.method,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              out.append(name, v);
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304 || input.method === "HEAD";
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
