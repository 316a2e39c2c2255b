import { describe, expect, it } from "vitest";
import { AgentError } from "../../src/shared/bridge/protocol.ts";
import { errnoOf, type FsStep, fsFailure } from "../src/fs-errors.ts";

/** errno, step → the code the caller gets, and a word of what to do in its message. */
const TABLE: [string, FsStep, string, RegExp][] = [
  ["ENOENT", "read", "FILE_NOT_FOUND", /check the path/],
  ["ENAMETOOLONG", "resolve", "PATH_TOO_LONG", /shorter name/],
  ["ENAMETOOLONG", "write", "PATH_TOO_LONG", /255 bytes/],
  ["ENOTDIR", "resolve", "NOT_A_DIRECTORY", /Check the path/],
  ["EISDIR", "read", "NOT_A_FILE", /path of a file/],
  ["ELOOP", "resolve", "NOT_A_FILE", /fix the link/],
  ["EACCES", "read", "PERMISSION_DENIED", /check them/],
  ["EACCES", "write", "PERMISSION_DENIED", /directory must be writable/],
  ["EPERM", "write", "PERMISSION_DENIED", /check both/],
  ["EMFILE", "read", "FILE_BUSY", /ulimit -n/],
  ["ENFILE", "write", "FILE_BUSY", /on the machine/],
  ["EBUSY", "write", "FILE_BUSY", /Try again/],
  ["ETXTBSY", "write", "FILE_BUSY", /Try again/],
  ["ENOSPC", "write", "NO_SPACE", /free some space/],
  ["EDQUOT", "write", "NO_SPACE", /quota/],
  ["EROFS", "write", "READ_ONLY_FILE_SYSTEM", /Write somewhere else/],
  ["EXDEV", "write", "IO_ERROR", /Write another file/],
  ["EILSEQ", "write", "INVALID_ARGUMENT", /another name/],
  ["EFBIG", "write", "FILE_TOO_LARGE", /larger than the file system allows/],
  ["EIO", "read", "IO_ERROR", /\(EIO\).*check the disk/],
  ["ESTALE", "write", "IO_ERROR", /\(ESTALE\)/],
];

describe("fsFailure", () => {
  it.each(TABLE)("maps %s while %s to %s", (errno, step, code, advice) => {
    const subject = "`src/🙂.ts`";
    const failure = fsFailure(errno, subject, step);
    // A code the wire protocol carries, i.e. one in AGENT_ERROR_CODES.
    expect(AgentError.parse(failure)).toEqual(failure);
    expect(failure.code).toBe(code);
    expect(failure.message).toContain(subject);
    expect(failure.message).toMatch(advice);
    expect(failure.message).not.toMatch(/INTERNAL|undefined|\/tmp|\/home/);
  });

  it("never repeats the OS's message, whatever the code", () => {
    for (const [errno, step] of TABLE) {
      const { message } = fsFailure(errno, "`a.txt`", step);
      expect(message).not.toMatch(/no such file or directory|name too long|, (open|realpath) '/);
    }
  });
});

describe("errnoOf", () => {
  it("gives the code of an OS error, and nothing for a bug", () => {
    const os = Object.assign(new Error("ENOENT: no such file or directory, open '/x'"), {
      code: "ENOENT",
    });
    expect(errnoOf(os)).toBe("ENOENT");
    expect(errnoOf(Object.assign(new TypeError("bad"), { code: "ERR_INVALID_ARG_TYPE" }))).toBe(
      undefined,
    );
    expect(errnoOf(new Error("plain"))).toBeUndefined();
    expect(errnoOf({ code: "ENOENT" })).toBeUndefined();
    expect(errnoOf(undefined)).toBeUndefined();
  });
});
