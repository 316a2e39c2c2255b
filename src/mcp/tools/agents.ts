import { z } from "zod";
import { agentsText, listAgents } from "../actions/agents.ts";
import { readOnly } from "../annotations.ts";
import { defineTool } from "../define-tool.ts";
import * as p from "../schemas.ts";

export const agents = defineTool({
  name: "agents",
  title: "Local agents",
  description:
    "Your connected local agents (name, project, roots, read-only, version, last seen) and refused ones.",
  annotations: readOnly(),
  input: z.strictObject({ session: p.session }),
  worker: (caller) => listAgents(caller),
  text: (v) => [agentsText(v)],
});
