import { execFileSync, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyClient,
  call,
  connectV2,
  expectToolError,
  ok,
  startSession,
} from "../e2e/clients.ts";
import { lane } from "../support/lanes.ts";
import { startXvfb, X11_INSTALL } from "../support/x11.ts";
import { type AgentProcess, startAgent, tempProject } from "./agent-process.ts";

const display = lane().display;

/** The X clipboard as another program on the machine sees it. */
const xclipRead = (on = display) =>
  execFileSync("xclip", ["-selection", "clipboard", "-o"], {
    env: { ...process.env, DISPLAY: on },
  });
const xclipWrite = (text: string) => {
  // xclip stays behind to hold the selection: don't wait on its output pipes.
  spawnSync("xclip", ["-selection", "clipboard", "-i"], {
    input: text,
    env: { ...process.env, DISPLAY: display },
    stdio: ["pipe", "ignore", "ignore"],
  });
};

describe.skipIf(!display && !process.env.CI)(
  `the OS clipboard through the agent (needs ${X11_INSTALL})`,
  () => {
    let agent: AgentProcess;
    let client: AnyClient;
    let session: string;
    beforeAll(async () => {
      if (!display) throw new Error(`No X display for the OS clipboard tests: ${X11_INSTALL}`);
      agent = await startAgent({
        root: tempProject(),
        name: "clip-agent",
        project: "clip-project",
      });
      client = await connectV2();
      session = await startSession(client, { project: "clip-project" });
    });
    afterAll(async () => {
      await agent?.stop();
      await client?.close();
    });

    it("puts text on the OS clipboard byte for byte, as other programs see it", async () => {
      const text = "héllo 😀\r\nsecond line, no final newline";
      const set = await ok<{ bytes: number }>(client, "paste", { session, text, to: "os:" });
      expect(set.bytes).toBe(Buffer.byteLength(text));
      expect(xclipRead().toString()).toBe(text);
    });

    it("reads what another program copied, and copies it into an entry from os:", async () => {
      xclipWrite("copied elsewhere\n€ 42\n");
      const got = await ok<{ content: string }>(client, "read", { session, from: "os:" });
      expect(got.content).toBe("copied elsewhere\n€ 42\n");
      await ok(client, "copy", { session, from: "os:", key: "from-os" });
      expect(
        (await ok<{ content: string }>(client, "read", { session, from: "@from-os" })).content,
      ).toBe("copied elsewhere\n€ 42\n");
    });

    it("pastes an entry to the OS clipboard with to os:", async () => {
      await ok(client, "copy", { session, key: "to-os", text: "pasted to the OS\n" });
      await ok(client, "paste", { session, from: "@to-os", to: "os:" });
      expect(xclipRead().toString()).toBe("pasted to the OS\n");
    });

    it("records the OS clipboard calls in history", async () => {
      const { operations } = await ok<{ operations: { op: string; summary: string }[] }>(
        client,
        "session",
        { session, action: "history" },
      );
      // A paste onto the OS clipboard is a paste, a read of it a read, each saying so.
      const os = operations.filter((o) => o.summary.includes("OS clipboard"));
      expect(os.map((o) => o.op)).toEqual(expect.arrayContaining(["paste", "read"]));
      expect(os.find((o) => o.op === "paste")?.summary).toMatch(/the OS clipboard$/);
    });

    it("answers CLIPBOARD_EMPTY for an empty clipboard, and CLIPBOARD_UNAVAILABLE without a display", async () => {
      const fresh = await startXvfb();
      const onFresh = await startAgent({
        root: tempProject(),
        name: "empty-clip",
        project: "empty-clip",
        env: { DISPLAY: fresh.display },
      });
      const headless = await startAgent({
        root: tempProject(),
        name: "no-display",
        project: "no-display",
        env: { DISPLAY: "" },
      });
      try {
        expectToolError(
          await call(client, "read", { session, from: "os:", agent: "empty-clip" }),
          "CLIPBOARD_EMPTY",
        );
        expectToolError(
          await call(client, "read", { session, from: "os:", agent: "no-display" }),
          "CLIPBOARD_UNAVAILABLE",
          ["DISPLAY"],
        );
      } finally {
        await onFresh.stop();
        await headless.stop();
        await fresh.stop();
      }
    });
  },
);
