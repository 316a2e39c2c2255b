import { describe, expect, it } from "vitest";
import {
  keyProblem,
  mintSessionHandle,
  nextAutoKey,
  SESSION_HANDLE,
  storeName,
} from "../../src/shared/core/names.ts";

describe("names", () => {
  it("accepts ordinary keys and explains bad ones", () => {
    expect(keyProblem("src/utils.ts#parse")).toBeUndefined();
    expect(keyProblem("")).toBe("is empty");
    expect(keyProblem(" padded")).toBe("has leading or trailing spaces");
    expect(keyProblem("a\tb")).toBe("contains a control character");
    expect(keyProblem("k".repeat(201))).toMatch(/201 characters/);
  });

  it("mints handles that the session parameter accepts", () => {
    for (let i = 0; i < 20; i++) expect(mintSessionHandle()).toMatch(SESSION_HANDLE);
    expect(mintSessionHandle(new Uint8Array(12))).toBe("s-aaaaaaaaaaaa");
  });

  it("numbers automatic keys past the ones taken", () => {
    expect(nextAutoKey(new Set(), 1)).toEqual({ key: "clip-1", next: 2 });
    expect(nextAutoKey(new Set(["clip-3", "clip-4"]), 3)).toEqual({ key: "clip-5", next: 6 });
  });

  it("names one object per user and scope, so users never share one", () => {
    expect(storeName("u1", "session", "default")).toBe("session:u1:default");
    expect(storeName("u1", "project", "web")).toBe("project:u1:web");
    expect(storeName("u1", "user", "ignored")).toBe("user:u1");
    expect(storeName("u1", "session", "default")).not.toBe(storeName("u2", "session", "default"));
  });
});
