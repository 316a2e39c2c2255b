import { describe, expect, it } from "vitest";
import { doorOf, turnedAway } from "../../src/auth/front-door.ts";

const LOCAL = { EDGECLIP_LOCAL_TOKEN: `ecl_${"a".repeat(43)}` } as Env;
const DEPLOYED = {} as Env;
const at = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(url, { headers, method });

describe("the front door", () => {
  it("serves a local server's loopback hosts as local, whatever their spelling", () => {
    for (const url of [
      "http://127.0.0.1:8787/mcp",
      "http://localhost:8787/",
      "http://LOCALHOST/",
      "http://[::1]:8787/bridge",
      "http://127.1/health", // WHATWG URLs normalise IPv4 shorthands to 127.0.0.1
    ])
      expect(doorOf(at(url), LOCAL), url).toEqual({ kind: "local" });
  });

  it("answers 421 on a local server for any other host: DNS rebinding, tunnels, odd names", () => {
    for (const url of [
      "http://evil.example.com/mcp",
      "http://127.0.0.1.nip.io/",
      "http://localhost./",
      "http://localhost.evil.example/",
      "http://0.0.0.0/",
      "http://192.168.1.10:8787/",
      "https://edgeclip.example/",
    ]) {
      const door = doorOf(at(url), LOCAL);
      expect(door, url).toEqual({ kind: "misdirected" });
      expect(turnedAway(door, at(url))?.status).toBe(421);
    }
  });

  it("never serves a proxied request as local: it goes to sign-in", () => {
    const proxies: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.1" },
      { forwarded: "for=198.51.100.1" },
      { "cf-connecting-ip": "198.51.100.1" },
    ];
    for (const headers of proxies)
      expect(doorOf(at("http://127.0.0.1:8787/mcp", headers), LOCAL).kind).toBe("sign-in");
    expect(doorOf(at("http://127.0.0.1/", { "cf-connecting-ip": "127.0.0.1" }), LOCAL)).toEqual({
      kind: "local",
    });
  });

  it("fails closed on a loopback server without a local credential, saying how to start it", async () => {
    const door = doorOf(at("http://127.0.0.1:8787/mcp"), DEPLOYED);
    expect(door).toEqual({ kind: "unconfigured" });
    const answer = turnedAway(door, at("http://127.0.0.1:8787/mcp"));
    expect(answer?.status).toBe(401);
    const body = (await answer?.json()) as { error_description: string };
    expect(body.error_description).toContain("npm start");
    // Not a bare `wrangler dev --env-file`: told no port, it proves none (issue 42 §3).
    expect(body.error_description).not.toContain("--env-file");
    // Only /health answers, so that tools can tell it is up.
    expect(turnedAway(door, at("http://127.0.0.1:8787/health"))).toBeUndefined();
  });

  it("sends plain http to a deployed host to https (GET, HEAD) or refuses it (400)", () => {
    const get = at("http://edgeclip.example/account?x=1");
    const door = doorOf(get, DEPLOYED);
    expect(door).toEqual({ kind: "insecure" });
    const redirect = turnedAway(door, get);
    expect(redirect?.status).toBe(308);
    expect(redirect?.headers.get("location")).toBe("https://edgeclip.example/account?x=1");
    expect(turnedAway(door, at("http://edgeclip.example/mcp", {}, "POST"))?.status).toBe(400);
  });

  it("signs in over https, and on loopback when sign-in is required, for the configured origin", () => {
    expect(doorOf(at("https://edgeclip.example/mcp"), DEPLOYED)).toEqual({
      kind: "sign-in",
      origin: "https://edgeclip.example",
    });
    const pinned = { EDGECLIP_PUBLIC_URL: "https://clip.example.com/" } as Env;
    expect(doorOf(at("https://edgeclip.example/mcp"), pinned)).toEqual({
      kind: "sign-in",
      origin: "https://clip.example.com",
    });
    const required = { ...LOCAL, EDGECLIP_REQUIRE_SIGN_IN: "1" } as Env;
    expect(doorOf(at("http://127.0.0.1:8787/mcp"), required)).toEqual({
      kind: "sign-in",
      origin: "http://127.0.0.1:8787",
    });
  });

  it("ignores an EDGECLIP_PUBLIC_URL that is not https", () => {
    const bad = { EDGECLIP_PUBLIC_URL: "http://edgeclip.example" } as Env;
    expect(doorOf(at("https://edgeclip.example/mcp"), bad)).toEqual({
      kind: "sign-in",
      origin: "https://edgeclip.example",
    });
  });
});
