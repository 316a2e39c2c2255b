/**
 * The refactoring scenarios of `npm run bench:tokens`: real-looking code in
 * several languages, and each task done twice — the naive way with the
 * official filesystem server (read, then `edit_file` / `write_file`, with the
 * fewest calls a competent agent needs), and with edgeclip. Both start from
 * the same knowledge: the task names the files and symbols, not their text or
 * line numbers, so the naive way must read what it moves and write it back.
 * The bench checks that both leave byte-identical files.
 */

/** One tool call: the server answers with text. Paths are relative to the scenario's directory. */
export type Call = (tool: string, args: Record<string, unknown>) => Promise<string>;

export interface Scenario {
  name: string;
  language: string;
  files: Record<string, string>;
  /** With the filesystem server: `abs(p)` is the absolute path it needs. */
  naive: (call: Call, abs: (p: string) => string) => Promise<void>;
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

/** What `read_text_file` returned, as the model has it (the server answers with the text). */
const read = async (call: Call, abs: (p: string) => string, p: string, extra = {}) =>
  call("read_text_file", { path: abs(p), ...extra });

const edit = (
  call: Call,
  abs: (p: string) => string,
  p: string,
  oldText: string,
  newText: string,
) => call("edit_file", { path: abs(p), edits: [{ oldText, newText }] });

// ── Sources ──────────────────────────────────────────────────────────────────

const UTIL_TS = `import { DateTime } from "luxon";

/** Clamps n into [lo, hi]. */
export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/**
 * Formats a date for the activity feed: "just now", "5 min ago", "today 14:05",
 * "yesterday", a weekday within the week, else a short date (with the year
 * when it is not this year). Dates in the future are shown as a short date.
 *
 * @param date - the moment to describe
 * @param now - the reference moment (tests pass a fixed one)
 * @param locale - BCP 47 locale for weekday and month names
 */
export function formatDate(date: Date, now: Date = new Date(), locale = "en-GB"): string {
  const when = DateTime.fromJSDate(date).setLocale(locale);
  const reference = DateTime.fromJSDate(now).setLocale(locale);
  const seconds = reference.diff(when, "seconds").seconds;
  if (seconds >= 0 && seconds < 60) return "just now";
  if (seconds >= 60 && seconds < 3600) return \`\${Math.floor(seconds / 60)} min ago\`;
  const day = when.startOf("day");
  const today = reference.startOf("day");
  const days = Math.round(today.diff(day, "days").days);
  if (days === 0) return \`today \${when.toFormat("HH:mm")}\`;
  if (days === 1) return \`yesterday \${when.toFormat("HH:mm")}\`;
  if (days > 1 && days < 7) return when.toFormat("cccc HH:mm");
  if (when.year === reference.year) return when.toFormat("d LLL");
  return when.toFormat("d LLL yyyy");
}

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
`;

const DATES_TS = `import { DateTime } from "luxon";

export function startOfWeek(date: Date): Date {
  return DateTime.fromJSDate(date).startOf("week").toJSDate();
}
`;

const CONFIG_PY = `"""Deployment settings, one dict per environment."""

DEV = {
    "name": "dev",
    "database_url": "postgres://localhost:5432/app_dev",
    "database_pool": {"min": 1, "max": 5, "timeout_seconds": 10},
    "cache_url": "redis://localhost:6379/0",
    "cache_ttl_seconds": 60,
    "queue_url": "amqp://guest:guest@localhost:5672/app_dev",
    "storage": {"bucket": "app-dev-uploads", "region": "eu-west-1", "public": False},
    "debug": True,
    "workers": 2,
    "threads_per_worker": 4,
    "log_level": "DEBUG",
    "log_format": "text",
    "allowed_hosts": ["localhost", "127.0.0.1"],
    "cors_origins": ["http://localhost:3000", "http://127.0.0.1:3000"],
    "session_cookie": {"name": "app_dev_session", "secure": False, "max_age": 86400},
    "rate_limits": {"login": "10/minute", "api": "1000/hour"},
    "email": {"backend": "console", "from": "dev@localhost"},
    "feature_flags": {"new_checkout": True, "beta_search": True, "dark_mode": True},
}

PROD = {
    "name": "prod",
    "database_url": "postgres://db.internal:5432/app",
    "cache_url": "redis://cache.internal:6379/0",
    "debug": False,
    "workers": 16,
    "log_level": "WARNING",
    "allowed_hosts": ["app.example.com"],
    "feature_flags": {"new_checkout": True, "beta_search": False},
}
`;

const MODELS_PY = `"""Billing models."""
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass
class Customer:
    id: int
    name: str
    email: str


@dataclass
class Invoice:
    """An invoice: lines, taxes, and the customer it bills."""

    number: str
    customer: Customer
    lines: list = field(default_factory=list)
    tax_rate: Decimal = Decimal("0.20")

    def add_line(self, description: str, amount: Decimal) -> None:
        self.lines.append((description, amount))

    @property
    def subtotal(self) -> Decimal:
        return sum((amount for _, amount in self.lines), Decimal("0"))

    @property
    def tax(self) -> Decimal:
        return (self.subtotal * self.tax_rate).quantize(Decimal("0.01"))

    @property
    def total(self) -> Decimal:
        return (self.subtotal + self.tax).quantize(Decimal("0.01"))

    def remove_line(self, description: str) -> bool:
        """Removes the first line with this description; says whether one was found."""
        for i, (text, _) in enumerate(self.lines):
            if text == description:
                del self.lines[i]
                return True
        return False

    def as_dict(self) -> dict:
        return {
            "number": self.number,
            "customer": self.customer.email,
            "lines": [{"description": d, "amount": str(a)} for d, a in self.lines],
            "subtotal": str(self.subtotal),
            "tax": str(self.tax),
            "total": str(self.total),
        }


def find_customer(customers, email):
    return next((c for c in customers if c.email == email), None)
`;

const HTTP_GO = `package httpx

import (
	"net/http"
	"time"
)

// NewClient returns an HTTP client with sane timeouts, a bounded idle pool,
// and redirects limited to five hops on the same host.
func NewClient(timeout time.Duration) *http.Client {
	transport := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   10,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		ResponseHeaderTimeout: timeout / 2,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return http.ErrUseLastResponse
			}
			if req.URL.Host != via[0].URL.Host {
				return http.ErrUseLastResponse
			}
			return nil
		},
	}
}
`;

const RETRY_GO = `package retry

import "time"

// Backoff returns the delay before attempt n (0-based): base doubled n times,
// capped at max, with up to a quarter of it as jitter (from jitter in [0, 1)).
func Backoff(n int, base, max time.Duration, jitter float64) time.Duration {
	if n < 0 {
		n = 0
	}
	d := base
	for i := 0; i < n; i++ {
		d *= 2
		if d <= 0 || d > max {
			d = max
			break
		}
	}
	if d > max {
		d = max
	}
	spread := time.Duration(float64(d) / 4 * jitter)
	return d - spread
}

// Attempts is how many times Do tries before giving up.
const Attempts = 5
`;

const ERRORS_GO = `package errs

import "fmt"

// Wrap annotates err with what was being done, keeping it inspectable with
// errors.Is and errors.As. Wrapping nil gives nil, so it can wrap any return.
func Wrap(err error, doing string, args ...any) error {
	if err == nil {
		return nil
	}
	if len(args) > 0 {
		doing = fmt.Sprintf(doing, args...)
	}
	return fmt.Errorf("%s: %w", doing, err)
}
`;

const PARSER_RS = `use std::collections::HashMap;

/// Parses "key=value" lines, skipping blanks and comments.
pub fn parse_pairs(input: &str) -> HashMap<String, String> {
    input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// Renders pairs back, sorted by key, quoting values that need it and
/// skipping keys that are not valid identifiers.
pub fn render_pairs(pairs: &HashMap<String, String>) -> String {
    let mut keys: Vec<_> = pairs
        .keys()
        .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect();
    keys.sort();
    let mut out = String::new();
    for key in keys {
        let value = &pairs[key];
        if value.contains(char::is_whitespace) || value.contains('#') || value.is_empty() {
            out.push_str(&format!("{}=\\"{}\\"\\n", key, value.replace('"', "\\\\\\"")));
        } else {
            out.push_str(&format!("{}={}\\n", key, value));
        }
    }
    out
}
`;

/** A 300-line TypeScript module: handlers, then a long validation section, then helpers. */
function bigModule(): string {
  const out: string[] = ['import type { Request, Response } from "./http";', ""];
  for (let i = 1; i <= 12; i++)
    out.push(
      `export function handler${i}(req: Request, res: Response): void {`,
      `  const id = req.params.id ?? "";`,
      `  res.json({ handler: ${i}, id, at: Date.now() });`,
      "}",
      "",
    );
  out.push("// ── Validation ──", "");
  for (let i = 1; i <= 16; i++)
    out.push(
      `export function validateField${i}(value: unknown): string | undefined {`,
      `  if (value === undefined || value === null) return "field${i} is required";`,
      `  if (typeof value !== "string") return "field${i} must be a string";`,
      `  if (value.length > ${i * 10}) return "field${i} is at most ${i * 10} characters";`,
      "  return undefined;",
      "}",
      "",
    );
  out.push("// ── End of validation ──", "");
  while (out.length < 299) out.push(`export const LIMIT_${out.length} = ${out.length};`);
  return `${out.join("\n")}\n`;
}

const ORDER_JAVA = `package shop;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

public class Order {
    private final List<LineItem> items = new ArrayList<>();

    public void add(LineItem item) {
        items.add(item);
    }

    /**
     * Sums the items, applying each one's discount, never letting a line go
     * below zero, and rounding the result to cents (half-even).
     */
    public BigDecimal computeTotal() {
        BigDecimal total = BigDecimal.ZERO;
        for (LineItem item : items) {
            if (item.quantity() <= 0) {
                continue;
            }
            BigDecimal line = item.price().multiply(BigDecimal.valueOf(item.quantity()));
            BigDecimal discounted = line.subtract(item.discount());
            if (discounted.signum() < 0) {
                discounted = BigDecimal.ZERO;
            }
            total = total.add(discounted);
        }
        return total.setScale(2, java.math.RoundingMode.HALF_EVEN);
    }

    public List<LineItem> items() {
        return items;
    }
}
`;

const BILLING_JAVA = `package shop;

import java.math.BigDecimal;

public class Billing {
    public BigDecimal tax(BigDecimal amount) {
        return amount.multiply(new BigDecimal("0.2"));
    }
}
`;

const SERVICE_TS = `export class UserService {
  constructor(private readonly db: Database) {}

  async find(id: string): Promise<User | undefined> {
    const rows = await this.db.query("SELECT * FROM users WHERE id = $1", [id]);
    return rows[0];
  }

  async rename(id: string, name: string): Promise<void> {
    const trimmed = name.trim();
    if (trimmed.length === 0) throw new Error("a name cannot be empty");
    if (trimmed.length > 120) throw new Error("a name is at most 120 characters");
    const user = await this.find(id);
    if (!user) throw new Error(\`no user \${id}\`);
    if (user.name === trimmed) return;
    await this.db.query("UPDATE users SET name = $1, updated_at = now() WHERE id = $2", [
      trimmed,
      id,
    ]);
    await this.db.query(
      "INSERT INTO audit (user_id, action, before, after) VALUES ($1, 'rename', $2, $3)",
      [id, user.name, trimmed],
    );
  }
}
`;

const HELPERS_PY = `"""Text helpers."""
import re
import unicodedata


def slugify(title, max_length=80, separator="-"):
    """Lower-case ASCII words joined by \`separator\`, at most \`max_length\` long.

    Accents are dropped (é → e), other characters become separators, and a
    slug cut at \`max_length\` is cut at a word boundary when there is one.
    """
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", separator, text.lower()).strip(separator)
    if len(slug) <= max_length:
        return slug
    cut = slug[:max_length]
    if separator in cut:
        cut = cut[: cut.rindex(separator)]
    return cut.strip(separator)


class TextService:
    def __init__(self, locale):
        self.locale = locale

    def title(self, text):
        return text.title()
`;

const ROUTES_JS = `const express = require("express");

const router = express.Router();

router.get("/health", (req, res) => {
  res.json({ ok: true });
});

function requireUser(req, res, next) {
  if (!req.user) {
    res.status(401).json({ error: "sign in first" });
    return;
  }
  if (req.user.disabled) {
    res.status(403).json({ error: "this account is disabled" });
    return;
  }
  if (req.user.passwordExpired && req.path !== "/password") {
    res.status(403).json({ error: "change your password first", next: "/password" });
    return;
  }
  res.locals.user = req.user;
  next();
}

module.exports = router;
`;

const ADMIN_JS = `const express = require("express");

const admin = express.Router();

admin.get("/stats", (req, res) => {
  res.json({ users: 0 });
});

module.exports = admin;
`;

// ── Scenarios ────────────────────────────────────────────────────────────────

export const SCENARIOS: Scenario[] = [
  {
    name: "move a function between files",
    language: "TypeScript",
    files: { "util.ts": UTIL_TS, "dates.ts": DATES_TS },
    async naive(call, abs) {
      const util = await read(call, abs, "util.ts");
      const tail = await read(call, abs, "dates.ts", { tail: 2 });
      const fn = block(util, "/**\n * Formats a date", "}");
      await edit(call, abs, "util.ts", `${fn}\n`, "");
      const last = tail.split("\n").filter(Boolean).pop() ?? "";
      await edit(call, abs, "dates.ts", `${last}\n`, `${last}\n\n${fn}`);
    },
    async edgeclip(call) {
      await call("move", {
        from: { path: "util.ts", focus: "formatDate" },
        to: { path: "dates.ts" },
        transform: { prepend: "\n" },
      });
    },
  },
  {
    name: "duplicate a config block with a rename",
    language: "Python",
    files: { "config.py": CONFIG_PY },
    async naive(call, abs) {
      const text = await read(call, abs, "config.py");
      const dev = block(text, "DEV = {", "}");
      const staging = dev
        .replaceAll("DEV", "STAGING")
        .replaceAll('"dev"', '"staging"')
        .replaceAll("app_dev", "app_staging")
        .replaceAll("app-dev", "app-staging");
      // The shortest unique anchor: DEV's last entry and its closing brace.
      const anchor =
        '    "feature_flags": {"new_checkout": True, "beta_search": True, "dark_mode": True},\n}\n';
      await edit(call, abs, "config.py", anchor, `${anchor}\n${staging}`);
    },
    async edgeclip(call) {
      await call("paste", {
        ref: { path: "config.py", focus: "DEV" },
        transform: {
          replace: [
            { from: "DEV", to: "STAGING" },
            { from: '"dev"', to: '"staging"' },
            { from: "app_dev", to: "app_staging" },
            { from: "app-dev", to: "app-staging" },
          ],
          prepend: "\n",
        },
        targets: [{ path: "config.py", focus: "DEV", mode: "after_line" }],
      });
    },
  },
  {
    name: "extract a class to a new file",
    language: "Python",
    files: { "models.py": MODELS_PY },
    async naive(call, abs) {
      const text = await read(call, abs, "models.py");
      const invoice = block(text, "@dataclass\nclass Invoice", "        }");
      const header =
        '"""The invoice model."""\nfrom dataclasses import dataclass, field\nfrom decimal import Decimal\n\nfrom models import Customer\n\n\n';
      await call("write_file", { path: abs("invoice.py"), content: header + invoice });
      await edit(call, abs, "models.py", `${invoice}\n\n`, "");
    },
    async edgeclip(call) {
      await call("move", {
        from: { path: "models.py", focus: "Invoice" },
        to: { path: "invoice.py", create_if_missing: true },
        transform: {
          prepend:
            '"""The invoice model."""\nfrom dataclasses import dataclass, field\nfrom decimal import Decimal\n\nfrom models import Customer\n\n\n',
        },
      });
    },
  },
  {
    name: "assemble a module from three sources",
    language: "Go",
    files: { "http.go": HTTP_GO, "retry.go": RETRY_GO, "errors.go": ERRORS_GO },
    async naive(call, abs) {
      const http = await read(call, abs, "http.go");
      const retry = await read(call, abs, "retry.go");
      const errs = await read(call, abs, "errors.go");
      const parts = [
        block(http, "// NewClient", "}"),
        block(retry, "// Backoff", "}"),
        block(errs, "// Wrap", "}"),
      ];
      const header = 'package netkit\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"time"\n)\n\n';
      await call("write_file", { path: abs("netkit.go"), content: header + parts.join("\n") });
    },
    async edgeclip(call) {
      await call("paste", {
        text: 'package netkit\n\nimport (\n\t"fmt"\n\t"net/http"\n\t"time"\n)\n\n{{ref:path=http.go,focus=NewClient}}\n\n{{ref:path=retry.go,focus=Backoff}}\n\n{{ref:path=errors.go,focus=Wrap}}',
        targets: [{ path: "netkit.go", create_if_missing: true }],
      });
    },
  },
  {
    name: "swap two functions",
    language: "Rust",
    files: { "parser.rs": PARSER_RS },
    async naive(call, abs) {
      const text = await read(call, abs, "parser.rs");
      const render = block(text, "/// Renders", "}");
      const top = "use std::collections::HashMap;\n\n";
      await call("edit_file", {
        path: abs("parser.rs"),
        edits: [
          { oldText: `\n${render}`, newText: "" },
          { oldText: top, newText: `${top}${render}\n` },
        ],
      });
    },
    async edgeclip(call) {
      await call("move", {
        from: { path: "parser.rs", focus: "render_pairs" },
        to: { path: "parser.rs", focus: "parse_pairs", mode: "before_line" },
        transform: { append: "\n" },
      });
    },
  },
  {
    name: "copy a 300-line file's section into two files",
    language: "TypeScript",
    files: {
      "module.ts": bigModule(),
      "forms.ts": 'import { z } from "zod";\n',
      "api.ts": "// API validators\n",
    },
    async naive(call, abs) {
      const text = await read(call, abs, "module.ts");
      const section = block(text, "// ── Validation ──", "// ── End of validation ──");
      for (const [p, last] of [
        ["forms.ts", 'import { z } from "zod";\n'],
        ["api.ts", "// API validators\n"],
      ] as const) {
        await read(call, abs, p, { tail: 1 });
        await edit(call, abs, p, last, last + section);
      }
    },
    async edgeclip(call) {
      await call("paste", {
        ref: {
          path: "module.ts",
          start: "// ── Validation ──",
          end: "// ── End of validation ──\n",
        },
        targets: [{ path: "forms.ts" }, { path: "api.ts" }],
      });
    },
  },
  {
    name: "rename and move a method",
    language: "Java",
    files: { "Order.java": ORDER_JAVA, "Billing.java": BILLING_JAVA },
    async naive(call, abs) {
      const order = await read(call, abs, "Order.java");
      await read(call, abs, "Billing.java");
      const method = block(order, "    /**\n     * Sums the items", "    }");
      await edit(call, abs, "Order.java", `${method}\n`, "");
      const anchor = '        return amount.multiply(new BigDecimal("0.2"));\n    }\n';
      await edit(
        call,
        abs,
        "Billing.java",
        anchor,
        `${anchor}\n${method.replace("computeTotal", "calculateTotal")}`,
      );
    },
    async edgeclip(call) {
      await call("move", {
        from: { path: "Order.java", focus: "Order.computeTotal" },
        to: { path: "Billing.java", focus: "Billing.tax", mode: "after_line" },
        transform: { replace: [{ from: "computeTotal", to: "calculateTotal" }], prepend: "\n" },
      });
    },
  },
  {
    name: "replace a method's implementation",
    language: "TypeScript",
    files: { "service.ts": SERVICE_TS },
    async naive(call, abs) {
      const text = await read(call, abs, "service.ts");
      const old = block(text, "  async rename", "  }");
      await edit(
        call,
        abs,
        "service.ts",
        old,
        '  async rename(id: string, name: string): Promise<void> {\n    await this.db.transaction(async (tx) => {\n      await tx.query("UPDATE users SET name = $1 WHERE id = $2", [name, id]);\n    });\n  }\n',
      );
    },
    async edgeclip(call) {
      await call("paste", {
        text: 'async rename(id: string, name: string): Promise<void> {\n  await this.db.transaction(async (tx) => {\n    await tx.query("UPDATE users SET name = $1 WHERE id = $2", [name, id]);\n  });\n}\n',
        targets: [{ path: "service.ts", focus: "UserService.rename" }],
        transform: { indent: "auto" },
      });
    },
  },
  {
    name: "turn a function into a static method",
    language: "Python",
    files: { "helpers.py": HELPERS_PY },
    async naive(call, abs) {
      const text = await read(call, abs, "helpers.py");
      const fn = block(text, "def slugify", "    return cut.strip");
      await edit(call, abs, "helpers.py", `${fn}\n\n`, "");
      const method = fn
        .split("\n")
        .map((l) => (l ? `    ${l}` : l))
        .join("\n");
      const anchor = "        return text.title()\n";
      await edit(call, abs, "helpers.py", anchor, `${anchor}\n    @staticmethod\n${method}`);
    },
    async edgeclip(call) {
      await call("move", {
        from: { path: "helpers.py", focus: "slugify" },
        to: { path: "helpers.py", focus: "TextService.title", mode: "after_line" },
        transform: { prepend: "\n@staticmethod\n", indent: "auto" },
      });
    },
  },
  {
    name: "reuse lines of a file already read",
    language: "JavaScript",
    files: { "routes.js": ROUTES_JS, "admin.js": ADMIN_JS },
    async naive(call, abs) {
      const routes = await read(call, abs, "routes.js");
      const guard = block(routes, "function requireUser", "}");
      await read(call, abs, "admin.js");
      await edit(
        call,
        abs,
        "admin.js",
        "const admin = express.Router();\n",
        `const admin = express.Router();\n\n${guard}`,
      );
    },
    async edgeclip(call) {
      const text = await call("read", { path: "routes.js" });
      const id = /^(r\d+):/.exec(text)?.[1];
      await call("read", { path: "admin.js" });
      await call("paste", {
        text: `\n{{ref:lines=${id}:9..24}}`,
        targets: [
          { path: "admin.js", mode: "at_marker_after", marker: "const admin = express.Router();" },
        ],
      });
    },
  },
];
