import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  bearer,
  type Credential,
  configDir,
  parseCredentials,
  readCredential,
  removeCredential,
  saveCredential,
  serverKey,
} from "../src/credentials.ts";

const posix = process.platform !== "win32";
const mode = (file: string) => statSync(file).mode & 0o777;
/** A config directory that does not exist yet, in a fresh temporary directory. */
const freshDir = () =>
  path.join(mkdtempSync(path.join(tmpdir(), "edgeclip-credentials-")), "config", "edgeclip");

const alice: Credential = {
  token: "tok-alice",
  user: "alice",
  agent: "laptop",
  paired_at: "2026-01-02T03:04:05.000Z",
};
const bob: Credential = { ...alice, token: "tok-bob", user: "bob" };

describe("configDir", () => {
  it("is EDGECLIP_CONFIG_DIR, else under XDG_CONFIG_HOME, else the platform's place", () => {
    expect(configDir({ EDGECLIP_CONFIG_DIR: "/etc/ec", XDG_CONFIG_HOME: "/x" }, "linux")).toBe(
      path.resolve("/etc/ec"),
    );
    expect(configDir({ XDG_CONFIG_HOME: "/x" }, "linux")).toBe(path.join("/x", "edgeclip"));
    expect(configDir({}, "linux")).toBe(path.join(homedir(), ".config", "edgeclip"));
    expect(configDir({}, "darwin")).toBe(path.join(homedir(), ".config", "edgeclip"));
    expect(configDir({ APPDATA: "/appdata" }, "win32")).toBe(path.join("/appdata", "edgeclip"));
    // XDG_CONFIG_HOME must be absolute to count.
    expect(configDir({ XDG_CONFIG_HOME: "rel" }, "linux")).toBe(
      path.join(homedir(), ".config", "edgeclip"),
    );
  });
});

describe("serverKey and bearer", () => {
  it("keys a server by its base URL, whichever of its URLs is given", () => {
    for (const url of [
      "https://Clip.example.com",
      "https://clip.example.com/",
      "https://clip.example.com/mcp",
      "https://clip.example.com:443/mcp/",
      "wss://clip.example.com/bridge",
    ])
      expect(serverKey(url), url).toBe("https://clip.example.com");
    expect(serverKey("http://127.0.0.1:8787/mcp")).toBe("http://127.0.0.1:8787");
    expect(() => serverKey("clip.example.com")).toThrow(/not a server URL/);
  });

  it("presents a token as a bearer token, and nothing without one", () => {
    expect(bearer("abc")).toEqual({ authorization: "Bearer abc" });
    expect(bearer(undefined)).toEqual({});
  });
});

describe("the credentials file", () => {
  it("keeps one credential per server, in a 0700 directory and a 0600 file", () => {
    const dir = freshDir();
    expect(readCredential("https://a.example", dir)).toBeUndefined();
    saveCredential("https://a.example/mcp", alice, dir);
    saveCredential("https://b.example", bob, dir);
    expect(readCredential("https://a.example", dir)).toEqual(alice);
    expect(readCredential("https://b.example/mcp", dir)).toEqual(bob);
    expect(readCredential("https://c.example", dir)).toBeUndefined();
    const file = path.join(dir, "credentials.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      servers: { "https://a.example": alice, "https://b.example": bob },
    });
    if (posix) {
      expect(mode(dir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
    }
  });

  it("replaces the file atomically, leaving no temporary file, and tightens a loose mode", () => {
    const dir = freshDir();
    saveCredential("https://a.example", alice, dir);
    const file = path.join(dir, "credentials.json");
    chmodSync(file, 0o644);
    const before = statSync(file).ino;
    saveCredential("https://a.example", { ...alice, token: "tok-new" }, dir);
    expect(readCredential("https://a.example", dir)?.token).toBe("tok-new");
    expect(readdirSync(dir)).toEqual(["credentials.json"]);
    if (posix) {
      expect(statSync(file).ino).not.toBe(before); // a new file renamed over the old one
      expect(mode(file)).toBe(0o600);
    }
  });

  it("removes one server's credential and keeps the others", () => {
    const dir = freshDir();
    saveCredential("https://a.example", alice, dir);
    saveCredential("https://b.example", bob, dir);
    expect(removeCredential("https://a.example/mcp", dir)).toBe(true);
    expect(removeCredential("https://a.example", dir)).toBe(false);
    expect(readCredential("https://a.example", dir)).toBeUndefined();
    expect(readCredential("https://b.example", dir)).toEqual(bob);
    expect(removeCredential("https://nowhere.example", freshDir())).toBe(false);
  });

  it("reports a damaged file clearly and never overwrites it", () => {
    const dir = freshDir();
    saveCredential("https://a.example", alice, dir);
    const file = path.join(dir, "credentials.json");
    for (const damaged of ["{not json", '{"servers": {"https://a.example": {"token": 1}}}', "[]"]) {
      writeFileSync(file, damaged);
      expect(() => readCredential("https://a.example", dir)).toThrow(
        /credentials\.json is not a valid credentials file .*fix it, or delete it/,
      );
      expect(() => saveCredential("https://b.example", bob, dir)).toThrow(/not a valid/);
      expect(() => removeCredential("https://a.example", dir)).toThrow(/not a valid/);
      expect(readFileSync(file, "utf8")).toBe(damaged);
    }
  });

  it("parses a missing file as no credentials", () => {
    expect(parseCredentials(undefined, "f")).toEqual({ servers: {} });
    expect(parseCredentials('{"servers":{}}', "f")).toEqual({ servers: {} });
  });
});
