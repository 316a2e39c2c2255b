import { Hono } from "hono";
import { DASHBOARD_SCRIPT_PATH, DASHBOARD_STYLE_PATH } from "../../auth/web.ts";
import { DASHBOARD_SCRIPT, DASHBOARD_STYLE } from "../assets.ts";
import type { C } from "./common.ts";

/** The dashboard's stylesheet and script (assets.ts), served as files. */
export const assetRoutes = new Hono<{ Bindings: Env }>();

const asset = (body: string, type: string) => (c: C) =>
  c.body(body, 200, {
    "content-type": `${type}; charset=utf-8`,
    "cache-control": "public, max-age=3600",
  });
assetRoutes.get(DASHBOARD_SCRIPT_PATH, asset(DASHBOARD_SCRIPT, "text/javascript"));
assetRoutes.get(DASHBOARD_STYLE_PATH, asset(DASHBOARD_STYLE, "text/css"));
