import {
  type Challenge,
  Endpoint,
  isFreshServerNonce,
  mintServerNonce,
  NONCE_HEADER,
  PROOF_HEADER,
  type ProofPurpose,
  proofOf,
  SERVER_NONCE_HEADER,
  Secret32,
  sameProof,
} from "../shared/bridge/proof.ts";

/**
 * The server's side of the proof a local server and its clients exchange
 * before a WebSocket exists (shared/bridge/proof.ts): `/bridge` for local
 * agents, `/relay` for MCP clients. The front door lets a request with a
 * client nonce and no token reach these routes; they answer it here.
 */

/**
 * Where this local server listens, as `npm start` told it
 * (scripts/local-worker.ts): `EDGECLIP_LOCAL_ADDRESSES` (comma-separated) and
 * `EDGECLIP_LOCAL_PORT`. Never from a request: a program relaying from another
 * address or port writes the `Host` it likes (issue 42 §3). Undefined when
 * either is missing or malformed.
 */
export function localEndpoint(env: Env): Endpoint | undefined {
  const parsed = Endpoint.safeParse({
    addresses: (env.EDGECLIP_LOCAL_ADDRESSES ?? "").split(",").filter(Boolean),
    port: env.EDGECLIP_LOCAL_PORT,
  });
  return parsed.success ? parsed.data : undefined;
}

const refuse = (status: number, error: string) =>
  Response.json({ error }, { status, headers: { "cache-control": "no-store" } });

/**
 * The answer to a local client's request to `/bridge` or `/relay` that
 * carries its nonce: the challenge (no upgrade asked), a refusal, or
 * `undefined` when it is an upgrade with a right proof and may go on.
 */
export async function proveLocalClient(
  request: Request,
  env: Env,
  purpose: ProofPurpose,
): Promise<Response | undefined> {
  const agentNonce = request.headers.get(NONCE_HEADER) ?? "";
  if (!Secret32.safeParse(agentNonce).success)
    return refuse(400, `${NONCE_HEADER} must be 32 random bytes in base64url.`);
  const at = localEndpoint(env);
  if (!at)
    return refuse(
      403,
      "This local server was not told where it listens (EDGECLIP_LOCAL_ADDRESSES, EDGECLIP_LOCAL_PORT), so it cannot prove itself to local agents and MCP clients: start it with `npm start`.",
    );
  const credential = env.EDGECLIP_LOCAL_TOKEN ?? "";
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    const nonce = await mintServerNonce(credential);
    const proof = await proofOf(credential, "server", agentNonce, nonce, at, purpose);
    return Response.json({ type: "challenge", nonce, proof, at } satisfies Challenge, {
      headers: { "cache-control": "no-store" },
    });
  }
  const serverNonce = request.headers.get(SERVER_NONCE_HEADER) ?? "";
  const presented = request.headers.get(PROOF_HEADER) ?? "";
  const expected = await proofOf(credential, "agent", agentNonce, serverNonce, at, purpose);
  if (
    !(await isFreshServerNonce(credential, serverNonce)) ||
    !Secret32.safeParse(presented).success ||
    !sameProof(presented, expected)
  )
    return refuse(
      403,
      "No right proof of this server's local credential for a challenge it made in the last minute: ask for a new challenge (GET without an upgrade).",
    );
  return undefined;
}
