import type { SessionContext } from "../../session/tool-context.ts";
import type { ToolFailure } from "../../shared/core/errors.ts";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { asPlaced, placeParam } from "../locators.ts";

/**
 * `precheck` and `run` of a tool that routes a call to `action` (paste, move),
 * whose place the call may give as `after` or `before`: the action names a
 * place `to`, so its errors are renamed to what the call wrote.
 */
export function placedCalls<A extends { after?: unknown; before?: unknown }>(
  action: "paste" | "move",
  routed: (args: A) => Record<string, unknown> | ToolFailure,
) {
  return {
    precheck(args: A): ToolFailure | undefined {
      const r = routed(args);
      if ("code" in r) return r as ToolFailure;
      const problem = dispatchProblem(action, r);
      return problem && asPlaced(problem, placeParam(args));
    },
    async run(s: SessionContext, args: A) {
      const r = routed(args);
      if ("code" in r) return { ok: false as const, error: r as ToolFailure };
      return asPlaced(await dispatch(s, action, r), placeParam(args));
    },
  };
}
