import { app } from "./app.ts";

export { Bridge } from "./bridge/bridge.ts";
export { ClipboardSession } from "./session/clipboard-session.ts";

export default app;
