/**
 * `npm run agent -- <command> …`: the local agent from this checkout (its
 * source: Node strips the types), on the Node npm scripts run on. What the
 * user of a local server runs to start an agent of their own, instead of
 * `npx http://127.0.0.1:8787/agent.tgz` (issue 34 §3): nothing is fetched, so
 * a program holding the server's port while it is down has nothing to serve
 * that would run. `npm --prefix <checkout> run agent -- …` works from any
 * directory; relative paths (`--root .`) are taken from where it was typed
 * (npm's INIT_CWD), not from the checkout.
 */
process.chdir(process.env.INIT_CWD ?? process.cwd());
await import("../local-agent/src/cli.ts");

export {};
