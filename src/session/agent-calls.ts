import { describeRequest } from "../bridge/routing.ts";
import { OPS, type OpArgs, type OpName, type OpResult } from "../shared/bridge/protocol.ts";
import { fail, type Outcome, ok } from "../shared/core/errors.ts";
import { LIMITS } from "../shared/core/limits.ts";
import { bridgeStub } from "../stubs.ts";
import type { ObjectState } from "./object-state.ts";

/**
 * One request to the user's local agent through their Bridge object, routed
 * by `agent` name, else by this session's project. Its result is checked
 * against the protocol, never trusted.
 */
export async function callAgent<N extends OpName>(
  state: ObjectState,
  op: N,
  args: OpArgs<N>,
  agent: string | undefined,
): Promise<Outcome<{ agent: string; result: OpResult<N> }>> {
  const self = state.address;
  if (!self) throw new Error("session not opened");
  const checked = op === "apply" && ((args as OpArgs<"apply">).build_guard ?? "off") !== "off";
  const timeout =
    op === "os_read" || op === "os_write"
      ? LIMITS.osClipboardTimeoutMs
      : checked
        ? LIMITS.checkedMoveTimeoutMs
        : LIMITS.bridgeTimeoutMs;
  // The RPC stub's types wrap results in Disposable; the plain shape is restored here, once.
  const sent = (await bridgeStub(self.user).request(
    { agent, project: state.project, what: describeRequest(op, args) },
    op,
    args,
    timeout,
  )) as Outcome<{
    agent: string;
    result: unknown;
  }>;
  if (!sent.ok) return sent;
  const result = OPS[op].result.safeParse(sent.value.result);
  if (!result.success) {
    console.error(
      `edgeclip: malformed ${op} result from agent ${sent.value.agent}`,
      result.error.issues[0],
    );
    return fail(
      "INTERNAL_ERROR",
      `The local agent \`${sent.value.agent}\` answered \`${op}\` with a malformed result: are the agent and the server the same version?`,
    );
  }
  return ok({ agent: sent.value.agent, result: result.data as OpResult<N> });
}
