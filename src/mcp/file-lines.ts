import type { SessionContext } from "../session/tool-context.ts";
import type { OpResult, Selector } from "../shared/bridge/protocol.ts";
import { type Outcome, ok } from "../shared/core/errors.ts";

/**
 * Lines of a file through the local agent (all of them by default), and which
 * agent read them: what `copy` (and a cut) and `read` start from.
 */
export async function readFileLines(
  s: SessionContext,
  args: {
    path: string;
    start_line?: number | undefined;
    end_line?: number | undefined;
    select?: Selector | undefined;
    agent?: string | undefined;
  },
): Promise<Outcome<OpResult<"read"> & { agent: string }>> {
  const got = await s.agent(
    "read",
    {
      path: args.path,
      start_line: args.start_line,
      end_line: args.end_line,
      ...(args.select ? { select: args.select } : {}),
    },
    args.agent,
  );
  return got.ok ? ok({ ...got.value.result, agent: got.value.agent }) : got;
}
