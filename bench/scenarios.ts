/**
 * The refactoring scenarios of `npm run bench:tokens`: real-looking code and
 * configuration in several languages (bench/scenario-files.ts), each task done
 * the naive way (read, then edit or write: with the official filesystem
 * server, and as Claude Code's built-in Read / Edit / Write would) and with
 * edgeclip. The bench checks that every way leaves byte-identical files.
 *
 * Honesty: each side knows only the task statement (which names files,
 * symbols and markers), the tools' definitions, text the task asks the model
 * to compose (`authored`), and what it has read in that scenario. The bench
 * checks every word each call writes against that (bench/knowledge.ts), so no
 * scenario can write an import or a name it never read. Line numbers are
 * counted by the scenario from text it read (`lineOf`), as a model counts.
 */
import {
  ADMIN_JS,
  APP_TS,
  BILLING_JAVA,
  bigModule,
  CACHE_TOOL_TS,
  CHECKS_TS,
  COMPOSE_YAML,
  CONFIG_PY,
  DATES_TS,
  ERRORS_GO,
  HANDLERS_PY,
  HELPERS_PY,
  HTTP_GO,
  INVOICE_PDF_TS,
  LINE_ITEM_JAVA,
  MODELS_PY,
  MONEY_PY,
  NGINX_CONF,
  ORDER_JAVA,
  ORDERS_PY,
  PARSER_RS,
  PRICING_TS,
  REPORTS_PY,
  RETRY_GO,
  ROUTES_JS,
  SERVICE_TS,
  STORE_TS,
  UTIL_TS,
  UTILS_PY,
} from "./scenario-files.ts";

/** One tool call: the server answers with text. Paths are relative to the scenario's directory. */
export type Call = (tool: string, args: Record<string, unknown>) => Promise<string>;

/** One replacement of a unique text. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

/**
 * The naive way's file tools, over the filesystem server or modelled on
 * Claude Code's (bench/naive-tools.ts). Each returns the file's text as the
 * model then knows it; paths are relative to the scenario's directory.
 */
export interface NaiveTools {
  read(path: string): Promise<string>;
  /** The last lines (the filesystem server's `tail`; Claude Code reads the whole file). */
  tail(path: string, lines: number): Promise<string>;
  edit(path: string, edits: TextEdit[]): Promise<void>;
  write(path: string, content: string): Promise<void>;
}

export interface Scenario {
  name: string;
  language: string;
  /** What the model is asked: all either side knows before it reads. */
  task: string;
  /** Text the task asks the model to compose (new code), the same on every side. */
  authored?: string[];
  /**
   * What the edgeclip way relies on the server to do, quoted from its
   * definitions: the bench checks each is said in the instructions or the
   * definition of a tool the way calls (what a model has read before calling
   * it, in either regime), not only in the README.
   */
  relies?: string[];
  files: Record<string, string>;
  naive: (fs: NaiveTools) => Promise<void>;
  edgeclip: (call: Call) => Promise<void>;
}

/** The text from the line starting with `first` through the first line after it starting with `last`. */
export function block(text: string, first: string, last: string): string {
  const start = text.startsWith(first) ? 0 : text.indexOf(`\n${first}`) + 1;
  if (start < 0 || (start === 0 && !text.startsWith(first)))
    throw new Error(`no line starts with ${first}`);
  const endLine = text.indexOf(`\n${last}`, start);
  if (endLine < 0) throw new Error(`no line starts with ${last}`);
  const end = text.indexOf("\n", endLine + 1);
  return text.slice(start, end === -1 ? text.length : end + 1);
}

/**
 * The number of the first line of `text` (as read) containing `needle`, at or
 * after line `from`: as the model finds it, from the line's number where
 * edgeclip's `read` shows numbered lines (`12<TAB>…`), else by counting.
 */
export function lineOf(text: string, needle: string, from = 1): number {
  for (const [i, line] of text.split("\n").entries()) {
    const numbered = /^(\d+)\t/.exec(line);
    const number = numbered ? Number(numbered[1]) : i + 1;
    const content = numbered ? line.slice(numbered[0].length) : line;
    if (number >= from && content.includes(needle)) return number;
  }
  throw new Error(`no line from ${from} contains ${needle}`);
}

/**
 * One file's part of what edgeclip's `read` showed: its result id and its
 * numbered lines. A read's text is, per source, a header line
 * (`r5 routes.js:1-40 of 40:`) and then the file's lines.
 */
export function readOf(shown: string, path: string): { id: string; text: string } {
  const lines = shown.split("\n");
  const header = (line: string) => /^r\d+ \S+:\d+-\d+ of \d+/.exec(line);
  const at = lines.findIndex((line) => header(line) && line.split(" ")[1]?.startsWith(`${path}:`));
  if (at < 0) throw new Error(`no read of ${path} in ${shown.slice(0, 80)}`);
  const id = (lines[at] ?? "").split(" ")[0] ?? "";
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((line) => header(line));
  return { id, text: (end < 0 ? rest : rest.slice(0, end)).join("\n") };
}

// ── What the tasks have the model write anew, the same on every side ──────────

const INVOICE_HEADER =
  '"""The invoice model."""\nfrom dataclasses import dataclass, field\nfrom decimal import Decimal\n\nfrom models import Customer\n\n\n';
const NETKIT_HEADER = 'package netkit\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"time"\n)\n\n';
const FILE_CACHE_IMPORTS =
  'import { readFile, rename, writeFile } from "node:fs/promises";\nimport path from "node:path";\nimport type { Logger } from "./log";\nimport { type Entry, digest } from "./store";\n\n';
const STORE_IMPORTS =
  'import { readFile } from "node:fs/promises";\nimport path from "node:path";\n';
const USERS_HEADER =
  '"""User handlers."""\nfrom datetime import datetime, timezone\n\nfrom flask import abort, jsonify, request\n\nfrom .db import session\nfrom .handlers import api\nfrom .models import User\n\n';
const ORDERS_HEADER =
  '"""Order handlers."""\nfrom datetime import datetime, timezone\nfrom decimal import Decimal\n\nfrom flask import abort, jsonify, request\n\nfrom .db import session\nfrom .handlers import api\nfrom .models import Order\n\n';
const RENAME_BODY =
  'async rename(id: string, name: string): Promise<void> {\n  await this.db.transaction(async (tx) => {\n    await tx.query("UPDATE users SET name = $1 WHERE id = $2", [name, id]);\n  });\n}\n';

/** `text` with `by` before each line that is not empty (one level deeper). */
const indented = (text: string, by = "  ") =>
  text
    .split("\n")
    .map((line) => (line ? `${by}${line}` : line))
    .join("\n");

// ── Scenarios ────────────────────────────────────────────────────────────────

export const SCENARIOS: Scenario[] = [
  {
    name: "move a function between files",
    language: "TypeScript",
    task: "Move the function formatDate, with its doc comment, from util.ts to the end of dates.ts; util.ts keeps only the imports it still uses.",
    relies: ["its old file drops the ones it no longer uses"],
    files: { "util.ts": UTIL_TS, "dates.ts": DATES_TS },
    async naive(fs) {
      const util = await fs.read("util.ts");
      const tail = await fs.tail("dates.ts", 2);
      const fn = block(util, "/**\n * Formats a date", "}");
      // Only formatDate used DateTime.
      await fs.edit("util.ts", [
        { oldText: 'import { DateTime } from "luxon";\n\n', newText: "" },
        { oldText: `${fn}\n`, newText: "" },
      ]);
      const last = tail.split("\n").filter(Boolean).pop() ?? "";
      await fs.edit("dates.ts", [{ oldText: `${last}\n`, newText: `${last}\n\n${fn}` }]);
    },
    async edgeclip(call) {
      // A unit appended is set apart as the file sets apart its units.
      await call("move", { from: "util.ts#formatDate", to: "dates.ts" });
    },
  },
  {
    name: "duplicate a config block with a rename",
    language: "Python",
    task: 'In config.py, add STAGING right after DEV: a copy of DEV with DEV → STAGING, "dev" → "staging", app_dev → app_staging and app-dev → app-staging.',
    files: { "config.py": CONFIG_PY },
    async naive(fs) {
      const text = await fs.read("config.py");
      const dev = block(text, "DEV = {", "}");
      const staging = dev
        .replaceAll("DEV", "STAGING")
        .replaceAll('"dev"', '"staging"')
        .replaceAll("app_dev", "app_staging")
        .replaceAll("app-dev", "app-staging");
      // The shortest unique anchor: DEV's last entry and its closing brace.
      const anchor = `${dev.split("\n").slice(-3).join("\n")}`;
      await fs.edit("config.py", [{ oldText: anchor, newText: `${anchor}\n${staging}` }]);
    },
    async edgeclip(call) {
      await call("paste", {
        from: "config.py#DEV",
        replace: [
          ["DEV", "STAGING"],
          ['"dev"', '"staging"'],
          ["app_dev", "app_staging"],
          ["app-dev", "app-staging"],
        ],
        after: "config.py#DEV",
      });
    },
  },
  {
    name: "extract a class to a new file",
    language: "Python",
    task: 'Move the class Invoice from models.py into a new module invoice.py (docstring """The invoice model."""), with the imports it needs there; models.py keeps only the imports it still uses.',
    relies: ["A unit's imports follow it", "its old file drops the ones it no longer uses"],
    files: { "models.py": MODELS_PY },
    async naive(fs) {
      const text = await fs.read("models.py");
      const invoice = block(text, "@dataclass\nclass Invoice", "        }");
      await fs.write("invoice.py", INVOICE_HEADER + invoice);
      // Customer, which stays, needs only dataclass.
      await fs.edit("models.py", [
        {
          oldText: "from dataclasses import dataclass, field\nfrom decimal import Decimal\n",
          newText: "from dataclasses import dataclass\n",
        },
        { oldText: `${invoice}\n\n`, newText: "" },
      ]);
    },
    async edgeclip(call) {
      // The move carries the class's imports; only the docstring is the model's own.
      await call("move", {
        from: "models.py#Invoice",
        to: "invoice.py",
        prepend: '"""The invoice model."""\n\n\n',
      });
    },
  },
  {
    name: "assemble a module from three sources",
    language: "Go",
    task: "Create netkit.go, package netkit, from the functions NewClient (http.go), Backoff (retry.go) and Wrap (errors.go), in that order, each with its comment, with the imports they need.",
    relies: ["Units bring the imports they use", "Inline in any text: {{ref:"],
    files: { "http.go": HTTP_GO, "retry.go": RETRY_GO, "errors.go": ERRORS_GO },
    async naive(fs) {
      const http = await fs.read("http.go");
      const retry = await fs.read("retry.go");
      const errs = await fs.read("errors.go");
      const parts = [
        block(http, "// NewClient", "}"),
        block(retry, "// Backoff", "}"),
        block(errs, "// Wrap", "}"),
      ];
      await fs.write("netkit.go", NETKIT_HEADER + parts.join("\n"));
    },
    async edgeclip(call) {
      // The paste carries the functions' imports: nothing to read.
      await call("paste", {
        text: "package netkit\n\n{{ref:http.go#NewClient}}\n\n{{ref:retry.go#Backoff}}\n\n{{ref:errors.go#Wrap}}",
        to: "netkit.go",
      });
    },
  },
  {
    name: "swap two functions",
    language: "Rust",
    task: "In parser.rs, put render_pairs (with its doc comment) before parse_pairs.",
    files: { "parser.rs": PARSER_RS },
    async naive(fs) {
      const text = await fs.read("parser.rs");
      const render = block(text, "/// Renders", "}");
      const top = text.slice(0, text.indexOf("/// Parses"));
      await fs.edit("parser.rs", [
        { oldText: `\n${render}`, newText: "" },
        { oldText: top, newText: `${top}${render}\n` },
      ]);
    },
    async edgeclip(call) {
      await call("move", {
        from: "parser.rs#render_pairs",
        before: "parser.rs#parse_pairs",
      });
    },
  },
  {
    name: "copy a 300-line file's section into two files",
    language: "TypeScript",
    task: "Append the section of module.ts from the line `// ── Validation ──` through `// ── End of validation ──` to forms.ts and to api.ts.",
    files: {
      "module.ts": bigModule(),
      "forms.ts": 'import { z } from "zod";\n',
      "api.ts": "// API validators\n",
    },
    async naive(fs) {
      const text = await fs.read("module.ts");
      const section = block(text, "// ── Validation ──", "// ── End of validation ──");
      for (const p of ["forms.ts", "api.ts"]) {
        const last = `${(await fs.tail(p, 2)).split("\n").filter(Boolean).pop()}\n`;
        await fs.edit(p, [{ oldText: last, newText: last + section }]);
      }
    },
    async edgeclip(call) {
      await call("paste", {
        from: {
          path: "module.ts",
          start: "// ── Validation ──",
          end: "// ── End of validation ──",
        },
        to: ["forms.ts", "api.ts"],
      });
    },
  },
  {
    name: "rename and move a method",
    language: "Java",
    task: "Move Order.computeTotal (with its Javadoc) from Order.java into Billing.java, right after Billing.tax, renamed calculateTotal; Order.java keeps only the imports it still uses.",
    files: {
      "Order.java": ORDER_JAVA,
      "Billing.java": BILLING_JAVA,
      "LineItem.java": LINE_ITEM_JAVA,
    },
    async naive(fs) {
      const order = await fs.read("Order.java");
      const billing = await fs.read("Billing.java");
      const method = block(order, "    /**\n     * Sums the items", "    }");
      // Only computeTotal used BigDecimal.
      await fs.edit("Order.java", [
        { oldText: "import java.math.BigDecimal;\n", newText: "" },
        { oldText: `${method}\n`, newText: "" },
      ]);
      const anchor = block(billing, "        return amount.multiply", "    }");
      // The method's List<LineItem> needs java.util.List in Billing too.
      await fs.edit("Billing.java", [
        {
          oldText: "import java.math.BigDecimal;\n",
          newText: "import java.math.BigDecimal;\nimport java.util.List;\n",
        },
        {
          oldText: anchor,
          newText: `${anchor}\n${method.replace("computeTotal", "calculateTotal")}`,
        },
      ]);
    },
    async edgeclip(call) {
      await call("move", {
        from: "Order.java#Order.computeTotal",
        after: "Billing.java#Billing.tax",
        replace: [["computeTotal", "calculateTotal"]],
      });
    },
  },
  {
    name: "replace a method's implementation",
    language: "TypeScript",
    task: "In service.ts, make UserService.rename run its update in a transaction (new body below).",
    authored: [RENAME_BODY],
    files: { "service.ts": SERVICE_TS },
    async naive(fs) {
      const text = await fs.read("service.ts");
      const old = block(text, "  async rename", "  }");
      await fs.edit("service.ts", [
        {
          oldText: old,
          newText: indented(RENAME_BODY),
        },
      ]);
    },
    async edgeclip(call) {
      await call("paste", {
        text: RENAME_BODY,
        to: "service.ts#UserService.rename",
      });
    },
  },
  {
    name: "turn a function into a static method",
    language: "Python",
    task: "In helpers.py, make the function slugify a @staticmethod of TextService, placed after TextService.title.",
    files: { "helpers.py": HELPERS_PY },
    async naive(fs) {
      const text = await fs.read("helpers.py");
      const fn = block(text, "def slugify", "    return cut.strip");
      const method = indented(fn, "    ");
      const title = block(text, "    def title", "        return");
      const anchor = title.split("\n").slice(-2).join("\n");
      await fs.edit("helpers.py", [
        { oldText: `${fn}\n\n`, newText: "" },
        { oldText: anchor, newText: `${anchor}\n    @staticmethod\n${method}` },
      ]);
    },
    async edgeclip(call) {
      await call("move", {
        from: "helpers.py#slugify",
        after: "helpers.py#TextService.title",
        prepend: "@staticmethod\n",
      });
    },
  },
  {
    name: "reuse lines of a file already read",
    language: "JavaScript",
    task: "Read routes.js and admin.js. Then give admin.js the same requireUser guard as routes.js, right after `const admin = express.Router();`.",
    files: { "routes.js": ROUTES_JS, "admin.js": ADMIN_JS },
    async naive(fs) {
      const routes = await fs.read("routes.js");
      const guard = block(routes, "function requireUser", "}");
      await fs.read("admin.js");
      await fs.edit("admin.js", [
        {
          oldText: "const admin = express.Router();\n",
          newText: `const admin = express.Router();\n\n${guard}`,
        },
      ]);
    },
    async edgeclip(call) {
      const shown = await call("read", { from: ["routes.js", "admin.js"] });
      const routes = readOf(shown, "routes.js");
      const first = lineOf(routes.text, "function requireUser");
      const last = lineOf(routes.text, "}", lineOf(routes.text, "next();", first)); // the function's closing brace
      // Lines of a result are placed exactly: the blank line before them is the model's.
      const router = lineOf(readOf(shown, "admin.js").text, "const admin = express.Router();");
      await call("paste", {
        from: `${routes.id}:${first}-${last}`,
        prepend: "\n",
        after: `admin.js:${router}`,
      });
    },
  },
  {
    name: "move a class into a new module, with its imports",
    language: "TypeScript",
    task: "Move the class FileCache (with its doc comment) from store.ts into a new file file-cache.ts: import there what it uses, and drop the imports store.ts no longer uses. app.ts and cli/cache-tool.ts import FileCache from store.ts: make them import it from file-cache.ts.",
    relies: [
      "A unit's imports follow it",
      "its old file drops the ones it no longer uses",
      "files importing it are rewritten",
    ],
    files: { "store.ts": STORE_TS, "app.ts": APP_TS, "cli/cache-tool.ts": CACHE_TOOL_TS },
    async naive(fs) {
      // The importers: each is read for its import line, which then loses FileCache.
      await fs.read("app.ts");
      await fs.edit("app.ts", [
        {
          oldText: 'import { FileCache, loadSettings } from "./store";\n',
          newText:
            'import { loadSettings } from "./store";\nimport { FileCache } from "./file-cache";\n',
        },
      ]);
      await fs.read("cli/cache-tool.ts");
      await fs.edit("cli/cache-tool.ts", [
        {
          oldText: 'import { digest, FileCache } from "../store";\n',
          newText:
            'import { digest } from "../store";\nimport { FileCache } from "../file-cache";\n',
        },
      ]);
      const text = await fs.read("store.ts");
      const cache = block(text, "/**\n * Entries on disk", "}");
      await fs.write("file-cache.ts", FILE_CACHE_IMPORTS + cache);
      await fs.edit("store.ts", [
        { oldText: `${cache}\n`, newText: "" },
        {
          oldText:
            'import { readFile, rename, writeFile } from "node:fs/promises";\nimport path from "node:path";\nimport type { Logger } from "./log";\n',
          newText: STORE_IMPORTS,
        },
      ]);
    },
    async edgeclip(call) {
      // The move carries the class's imports, drops those store.ts no longer uses, and its
      // importers follow it.
      await call("move", {
        from: "store.ts#FileCache",
        to: "file-cache.ts",
      });
    },
  },
  {
    name: "duplicate a service in a compose file",
    language: "YAML",
    task: "In compose.yaml, add a service worker-eu right after the service worker: the same as worker, with REGION: eu.",
    files: { "compose.yaml": COMPOSE_YAML },
    async naive(fs) {
      const text = await fs.read("compose.yaml");
      const worker = block(text, "  worker:", "    restart:");
      const last = worker.split("\n").slice(-2).join("\n");
      const copy = worker.replace("  worker:", "  worker-eu:").replace("REGION: us", "REGION: eu");
      await fs.edit("compose.yaml", [{ oldText: last, newText: `${last}\n${copy}` }]);
    },
    async edgeclip(call) {
      // The service is a key (`services.worker`); its REGION's value is known only by reading
      // it, so the model reads that key alone, not the file.
      await call("read", { from: "compose.yaml#services.worker" });
      await call("paste", {
        from: "compose.yaml#services.worker",
        replace: [
          ["  worker:", "  worker-eu:"],
          ["REGION: us", "REGION: eu"],
        ],
        after: "compose.yaml#services.worker",
      });
    },
  },
  {
    name: "split marked regions into modules",
    language: "Python",
    task: "Split handlers.py: move the `# region users` … `# endregion` block into users.py and the `# region orders` … `# endregion` block into orders.py, each with the imports it needs (`api` from .handlers) and a docstring (User handlers. / Order handlers.); handlers.py keeps only what it still uses.",
    files: { "handlers.py": HANDLERS_PY },
    async naive(fs) {
      const text = await fs.read("handlers.py");
      const users = block(text, "# region users", "# endregion");
      const orders = block(text, "# region orders", "# endregion");
      await fs.write("users.py", USERS_HEADER + users);
      await fs.write("orders.py", ORDERS_HEADER + orders);
      await fs.write(
        "handlers.py",
        '"""HTTP handlers for the shop API."""\nfrom flask import Blueprint\n\napi = Blueprint("api", __name__)\n',
      );
    },
    async edgeclip(call) {
      // A `# region NAME` … `# endregion` block is a unit named NAME. Each move carries its
      // region's imports; handlers.py keeps only the ones it still uses.
      await call("move", {
        from: "handlers.py#users",
        to: "users.py",
        prepend: '"""User handlers."""\n',
      });
      await call("move", {
        from: "handlers.py#orders",
        to: "orders.py",
        prepend: '"""Order handlers."""\n',
      });
    },
  },
  {
    name: "fix a sign in a function",
    language: "Go",
    task: "In retry.go, Backoff subtracts its jitter from the delay; it must add it instead.",
    files: { "retry.go": RETRY_GO },
    async naive(fs) {
      const text = await fs.read("retry.go");
      const line = text.split("\n").find((l) => l.includes("- spread")) ?? "";
      await fs.edit("retry.go", [{ oldText: line, newText: line.replace("- spread", "+ spread") }]);
    },
    async edgeclip(call) {
      // Which expression subtracts it is known only by reading the function (not the file).
      const read = readOf(await call("read", { from: "retry.go#Backoff" }), "retry.go");
      const line = read.text.split("\n").find((l) => l.includes("- spread")) ?? "";
      const expression = line.slice(line.indexOf("\t") + 1).trim();
      // A lone `start` is replaced character for character: the line's text, not its indentation.
      await call("paste", {
        text: expression.replace("- spread", "+ spread"),
        to: { path: "retry.go", start: expression },
      });
    },
  },
  {
    name: "double a setting",
    language: "Python",
    task: "In config.py, double the number of workers in PROD.",
    authored: ['"workers": 32,'],
    files: { "config.py": CONFIG_PY },
    async naive(fs) {
      const text = await fs.read("config.py");
      const prod = text.slice(text.indexOf("PROD = {"));
      const line = prod.split("\n").find((l) => l.includes('"workers"')) ?? "";
      await fs.edit("config.py", [{ oldText: line.trim(), newText: '"workers": 32,' }]);
    },
    async edgeclip(call) {
      // The current value is known only by reading PROD (not the file).
      const read = readOf(await call("read", { from: "config.py#PROD" }), "config.py");
      const line = read.text.split("\n").find((l) => l.includes('"workers"')) ?? "";
      await call("paste", {
        text: '"workers": 32,',
        to: { path: "config.py", start: line.slice(line.indexOf("\t") + 1).trim() },
      });
    },
  },
  {
    name: "copy a location between nginx servers",
    language: "nginx",
    task: "In nginx.conf, give the staging.example.com server the same `location /api/` block as example.com, after its `location /`, proxying to http://127.0.0.1:9000/ instead.",
    files: { "nginx.conf": NGINX_CONF },
    async naive(fs) {
      const text = await fs.read("nginx.conf");
      const api = block(text, "        location /api/", "        }");
      const staging = text.slice(text.indexOf("staging.example.com"));
      const anchor = block(staging, "            root /srv/staging;", "        }");
      await fs.edit("nginx.conf", [
        {
          oldText: anchor,
          newText: `${anchor}\n${api.replace("127.0.0.1:8080", "127.0.0.1:9000")}`,
        },
      ]);
    },
    async edgeclip(call) {
      // Neither block's lines are known without reading the file (no symbols in nginx.conf).
      const read = readOf(await call("read", { from: "nginx.conf" }), "nginx.conf");
      const text = read.text;
      const first = lineOf(text, "location /api/");
      const last = lineOf(text, "        }", first);
      const staging = lineOf(text, "        }", lineOf(text, "root /srv/staging;"));
      await call("paste", {
        from: `${read.id}:${first}-${last}`,
        replace: [["127.0.0.1:8080", "127.0.0.1:9000"]],
        prepend: "\n",
        after: `nginx.conf:${staging}`,
      });
    },
  },
  {
    name: "move a function and repoint its importers",
    language: "Python",
    task: "Move the function parse_money from utils.py to the end of money.py, with the imports it needs there; utils.py keeps only the imports it still uses. orders.py and reports.py import parse_money from utils: make them import it from money.",
    relies: [
      "A unit's imports follow it",
      "its old file drops the ones it no longer uses",
      "files importing it are rewritten",
    ],
    files: {
      "utils.py": UTILS_PY,
      "money.py": MONEY_PY,
      "orders.py": ORDERS_PY,
      "reports.py": REPORTS_PY,
    },
    async naive(fs) {
      const utils = await fs.read("utils.py");
      const fn = block(utils, "def parse_money", "    return Decimal");
      // Only parse_money used decimal's names.
      await fs.edit("utils.py", [
        { oldText: "from decimal import ROUND_HALF_UP, Decimal\n", newText: "" },
        { oldText: `${fn}\n\n`, newText: "" },
      ]);
      await fs.read("money.py");
      await fs.edit("money.py", [
        {
          oldText: "from decimal import Decimal\n",
          newText: "from decimal import Decimal, ROUND_HALF_UP\n",
        },
        {
          oldText: "    return sum(amounts, ZERO)\n",
          newText: `    return sum(amounts, ZERO)\n\n\n${fn}`,
        },
      ]);
      await fs.read("orders.py");
      await fs.edit("orders.py", [
        {
          oldText: "from utils import chunks, parse_money\n",
          newText: "from utils import chunks\nfrom money import parse_money\n",
        },
      ]);
      await fs.read("reports.py");
      await fs.edit("reports.py", [
        {
          oldText: "from money import total\nfrom utils import parse_money\n",
          newText: "from money import total, parse_money\n",
        },
      ]);
    },
    async edgeclip(call) {
      // The definitions say the importers follow the move: nothing to read.
      await call("move", { from: "utils.py#parse_money", to: "money.py" });
    },
  },
  {
    name: "copy a function with the imports it uses",
    language: "TypeScript",
    task: "Give invoice-pdf.ts its own copy of the function formatPrice of pricing.ts (with its doc comment), at its end, with the imports it needs.",
    relies: ["Units bring the imports they use"],
    files: { "pricing.ts": PRICING_TS, "invoice-pdf.ts": INVOICE_PDF_TS },
    async naive(fs) {
      const pricing = await fs.read("pricing.ts");
      const fn = block(pricing, "/** Formats an amount", "}");
      // formatPrice uses Decimal and CURRENCY, not LineItem.
      await fs.read("invoice-pdf.ts");
      await fs.edit("invoice-pdf.ts", [
        {
          oldText: 'import { renderTable } from "./pdf";\n',
          newText:
            'import { renderTable } from "./pdf";\nimport Decimal from "decimal.js";\nimport { CURRENCY } from "./config";\n',
        },
        {
          oldText: "  return renderTable(rows);\n}\n",
          newText: `  return renderTable(rows);\n}\n\n${fn}`,
        },
      ]);
    },
    async edgeclip(call) {
      await call("paste", { from: "pricing.ts#formatPrice", to: "invoice-pdf.ts" });
    },
  },
  {
    name: "move the functions an outline finds",
    language: "TypeScript",
    task: "Move every function of checks.ts whose name starts with assert, in their order, into a new file asserts.ts, with the imports they need there; checks.ts keeps only the imports it still uses.",
    relies: ["`outline`: a file's units and their lines", "A unit's imports follow it"],
    files: { "checks.ts": CHECKS_TS },
    async naive(fs) {
      // Which functions those are is known only by reading the file.
      const text = await fs.read("checks.ts");
      // Each function from its doc comment (the line above it) through its closing brace.
      const asserts = [...text.matchAll(/^export function (assert\w+)/gm)].map(([line]) => {
        const doc = text.slice(0, text.indexOf(line)).split("\n").at(-2) ?? "";
        return block(text, doc, "}");
      });
      await fs.write(
        "asserts.ts",
        `import type { Order } from "./types";\nimport { DateTime } from "luxon";\n\n${asserts.join("\n")}`,
      );
      await fs.edit("checks.ts", [
        { oldText: 'import { DateTime } from "luxon";\n', newText: "" },
        ...asserts.map((fn) => ({ oldText: `${fn}\n`, newText: "" })),
      ]);
    },
    async edgeclip(call) {
      // The outline names the file's units (not their code); each move takes one with its imports.
      const outline = await call("read", { from: "checks.ts", outline: true });
      const names = [...outline.matchAll(/^(assert\w+)\(\)/gm)].map((m) => m[1]);
      for (const name of names) await call("move", { from: `checks.ts#${name}`, to: "asserts.ts" });
    },
  },
];

/**
 * Small tasks (issue 44): what many conversations are — a one-line edit, a
 * rename in one file, a duplicated block, a read of one function — each done
 * as a careful hand would on each side (the naive ways read before they edit;
 * edgeclip reads what it must know and no more).
 */
export const SMALL_TASKS: Scenario[] = [
  {
    name: "fix words in a docstring",
    language: "Python",
    task: 'In utils.py, the docstring of normalize says "trims the ends": make it "trims both ends".',
    files: { "utils.py": UTILS_PY },
    async naive(fs) {
      await fs.read("utils.py");
      await fs.edit("utils.py", [{ oldText: "trims the ends", newText: "trims both ends" }]);
    },
    async edgeclip(call) {
      // The task names the words: a passage by them, no read.
      await call("paste", {
        text: "trims both ends",
        to: { path: "utils.py", start: "trims the ends" },
      });
    },
  },
  {
    name: "change a constant",
    language: "Go",
    task: "In retry.go, make Attempts 8.",
    files: { "retry.go": RETRY_GO },
    async naive(fs) {
      const text = await fs.read("retry.go");
      const line = text.split("\n").find((l) => l.startsWith("const Attempts")) ?? "";
      await fs.edit("retry.go", [{ oldText: line, newText: "const Attempts = 8" }]);
    },
    async edgeclip(call) {
      // Its current value, and whether a comment belongs to it, are known only by reading it.
      const read = readOf(await call("read", { from: "retry.go#Attempts" }), "retry.go");
      const line = read.text.split("\n").find((l) => l.includes("const Attempts")) ?? "";
      await call("paste", {
        text: "const Attempts = 8",
        to: { path: "retry.go", start: line.slice(line.indexOf("\t") + 1) },
      });
    },
  },
  {
    name: "read one method",
    language: "TypeScript",
    task: "Show the method FileCache.get of store.ts.",
    files: { "store.ts": STORE_TS },
    async naive(fs) {
      await fs.read("store.ts");
    },
    async edgeclip(call) {
      await call("read", { from: "store.ts#FileCache.get" });
    },
  },
  {
    name: "duplicate a function",
    language: "Python",
    task: "In utils.py, add a function normalize_upper right after normalize: the same as normalize, but its result upper-cased.",
    authored: ["def normalize_upper", ".upper()"],
    files: { "utils.py": UTILS_PY },
    async naive(fs) {
      const text = await fs.read("utils.py");
      const normalize = block(text, "def normalize(", "    return");
      const copy = normalize
        .replace("def normalize(", "def normalize_upper(")
        .replace(".strip()", ".strip().upper()");
      await fs.edit("utils.py", [{ oldText: normalize, newText: `${normalize}\n\n${copy}` }]);
    },
    async edgeclip(call) {
      // What it returns, to upper-case, is known only by reading the function.
      const read = readOf(await call("read", { from: "utils.py#normalize" }), "utils.py");
      const result = read.text.split("\n").find((l) => l.includes("return")) ?? "";
      const end = result.slice(result.lastIndexOf("."));
      await call("paste", {
        from: "utils.py#normalize",
        replace: [
          ["def normalize(", "def normalize_upper("],
          [end, `${end}.upper()`],
        ],
        after: "utils.py#normalize",
      });
    },
  },
  {
    name: "rename a function in its file",
    language: "Python",
    task: "In utils.py, rename the function chunks to batched (nothing in utils.py calls it).",
    files: { "utils.py": UTILS_PY },
    async naive(fs) {
      await fs.read("utils.py");
      await fs.edit("utils.py", [{ oldText: "def chunks(", newText: "def batched(" }]);
    },
    async edgeclip(call) {
      await call("paste", { text: "def batched", to: { path: "utils.py", start: "def chunks" } });
    },
  },
  {
    name: "add an import line",
    language: "Python",
    task: "In orders.py, add the line `import logging` just above `from utils import chunks, parse_money`.",
    files: { "orders.py": ORDERS_PY },
    async naive(fs) {
      await fs.read("orders.py");
      await fs.edit("orders.py", [
        {
          oldText: "from utils import chunks, parse_money",
          newText: "import logging\nfrom utils import chunks, parse_money",
        },
      ]);
    },
    async edgeclip(call) {
      await call("paste", {
        text: "import logging",
        before: { path: "orders.py", start: "from utils import chunks, parse_money" },
      });
    },
  },
  {
    name: "change a default argument",
    language: "Python",
    task: "In orders.py, make the default size of batch_totals 100.",
    files: { "orders.py": ORDERS_PY },
    async naive(fs) {
      const text = await fs.read("orders.py");
      const old = /size: int = \d+/.exec(text)?.[0] ?? "";
      await fs.edit("orders.py", [{ oldText: old, newText: "size: int = 100" }]);
    },
    async edgeclip(call) {
      // Its current default is known only by reading the function.
      const read = readOf(await call("read", { from: "orders.py#batch_totals" }), "orders.py");
      const old = /size: int = \d+/.exec(read.text)?.[0] ?? "";
      await call("paste", { text: "size: int = 100", to: { path: "orders.py", start: old } });
    },
  },
  {
    name: "change a published port",
    language: "YAML",
    task: "In compose.yaml, publish the api service on host port 8081 instead of 8080; its container port stays 8080.",
    authored: ['"8081:8080"'],
    files: { "compose.yaml": COMPOSE_YAML },
    async naive(fs) {
      const text = await fs.read("compose.yaml");
      const api = text.slice(text.indexOf("  api:"));
      const line = api.split("\n").find((l) => l.includes("8080:8080")) ?? "";
      await fs.edit("compose.yaml", [{ oldText: line.trim(), newText: '- "8081:8080"' }]);
    },
    async edgeclip(call) {
      // How the port is written is known only by reading the service.
      const read = readOf(
        await call("read", { from: "compose.yaml#services.api" }),
        "compose.yaml",
      );
      const line = read.text.split("\n").find((l) => l.includes("8080")) ?? "";
      const old = line.slice(line.indexOf('"'));
      await call("paste", { text: '"8081:8080"', to: { path: "compose.yaml", start: old } });
    },
  },
];
