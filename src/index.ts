import { app } from "./app.ts";

export { ClipboardSession } from "./session/clipboard-session.ts";

export default app;
