import { z } from "zod";
import { dispatch, dispatchProblem } from "../actions/index.ts";
import { destructive } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import { asFile, fileArgs, fileSource } from "../locators.ts";
import * as p from "../schemas.ts";

const input = z.strictObject({
  session: p.session,
  from: fileSource,
  key: p.key.optional(),
  scope: p.targetScope,
  description: p.description.optional(),
  tags: p.tags.optional(),
  ttl_seconds: p.ttlSeconds.optional(),
  expect: p.expect,
  agent: p.agent,
});

const routed = ({ from, ...rest }: z.output<typeof input>) => {
  const r = asFile(from, "from");
  return "code" in r ? r : { ...rest, ...fileArgs(r) };
};

export const cut = defineTool({
  name: "cut",
  title: "Cut from a file",
  description:
    "Copy part of a file into an entry, then remove it from the file (rolled back if that fails).",
  annotations: destructive({ openWorld: true }),
  input,
  needs: () => "writing files",
  precheck(args) {
    const r = routed(args);
    return "code" in r ? r : dispatchProblem("cut", r);
  },
  async run(s, args) {
    const r = routed(args);
    return "code" in r ? { ok: false, error: r } : dispatch(s, "cut", r);
  },
});
