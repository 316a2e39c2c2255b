import type { z } from "zod";
import {
  type AgentError,
  OPS,
  type OpName,
  type Reply,
  type Request,
} from "../../src/shared/bridge/protocol.ts";
import { applyOp, outlineOp, readOp, selectOp, type Workspace } from "./file-ops.ts";
import { errnoOf } from "./fs-errors.ts";
import { log } from "./log.ts";
import { TooComplex } from "./syntax/formats/format.ts";

/** TOO_COMPLEX's message: the file when the request names one, what for, and why. */
function tooComplex(request: Request, error: TooComplex): string {
  const path = (request.args as { path?: unknown } | null)?.path;
  const what = typeof path === "string" ? `\`${path}\`` : "A file";
  return `${what} is too large to ${USES[request.op] ?? "parse"}: ${error.message}.`;
}

/** What a request parses a file for, in a refusal's words. */
const USES: Partial<Record<OpName, string>> = {
  read: "select from by its structure",
  select: "select from by its structure",
  outline: "outline",
  apply: "parse for this change (a `focus`, or a move's imports)",
};

import type { OsClipboard } from "./os-clipboard/index.ts";

/** What requests act on: the files (workspace) and the OS clipboard. */
export interface Services {
  workspace: Workspace;
  clipboard: OsClipboard;
}

type Answer<T = unknown> =
  | { ok: true; value: T; report?: string | undefined }
  | { ok: false; error: AgentError };

/** A reply, and the journal report of the files it wrote (kept until the edge acks the reply). */
export interface Served {
  reply: Reply;
  report: string | undefined;
}

/**
 * Serves one request from the edge. Arguments are checked against the
 * protocol's schema here, in the agent: nothing from the edge is trusted.
 */
export async function handleRequest(services: Services, request: Request): Promise<Served> {
  let answer: Answer;
  try {
    answer = await dispatch(services, request);
  } catch (error) {
    if (error instanceof TooComplex)
      return {
        reply: {
          type: "reply",
          id: request.id,
          ok: false,
          error: {
            code: "TOO_COMPLEX",
            message: tooComplex(request, error),
          },
        },
        report: undefined,
      };
    // A bug: every refusal of the file system is answered where it happens (fs-errors.ts). The
    // details (a stack, absolute paths) go to this machine's log, never to the edge.
    log(
      `request ${request.id} (${request.op}) failed: ${(error as Error)?.stack ?? String(error)}`,
    );
    const errno = errnoOf(error);
    answer = {
      ok: false,
      error: {
        code: "INTERNAL_ERROR",
        message: `The local agent failed serving \`${request.op}\` (${error instanceof Error ? error.name : typeof error}${errno ? ` ${errno}` : ""}): a bug in edgeclip; the agent's log on the user's machine has the details.`,
      },
    };
  }
  return answer.ok
    ? {
        reply: { type: "reply", id: request.id, ok: true, result: answer.value },
        report: answer.report,
      }
    : {
        reply: { type: "reply", id: request.id, ok: false, error: answer.error },
        report: undefined,
      };
}

async function dispatch({ workspace, clipboard }: Services, request: Request): Promise<Answer> {
  switch (request.op) {
    case "read":
      return withArgs("read", request.args, (args) => readOp(workspace, args));
    case "select":
      return withArgs("select", request.args, (args) => selectOp(args));
    case "outline":
      return withArgs("outline", request.args, (args) => outlineOp(workspace, args));
    case "apply":
      return withArgs("apply", request.args, async (args) => {
        const applied = await applyOp(workspace, args);
        return applied.ok
          ? { ok: true, value: applied.value.result, report: applied.value.report }
          : applied;
      });
    case "os_read":
      return withArgs("os_read", request.args, async () => {
        const read = await clipboard.read();
        return read.ok ? { ok: true, value: { text: read.value } } : read;
      });
    case "os_write":
      return withArgs("os_write", request.args, async ({ text }) => {
        const written = await clipboard.write(text);
        return written.ok ? { ok: true, value: {} } : written;
      });
  }
}

/** Parses `args` for `op` (once) and runs `serve` with them. */
async function withArgs<N extends OpName>(
  op: N,
  args: unknown,
  serve: (args: z.output<(typeof OPS)[N]["args"]>) => Promise<Answer>,
): Promise<Answer> {
  const parsed = (
    OPS[op].args as unknown as z.ZodType<z.output<(typeof OPS)[N]["args"]>>
  ).safeParse(args);
  if (parsed.success) return serve(parsed.data);
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: {
      code: "INTERNAL_ERROR",
      message: `The agent received malformed \`${op}\` arguments (${issue?.path.join(".")}: ${issue?.message}); are the agent and the server the same version?`,
    },
  };
}
