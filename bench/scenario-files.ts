/**
 * The files of bench/scenarios.ts: real-looking code and configuration in
 * several languages, each scenario's starting point.
 */

export const UTIL_TS = `import { DateTime } from "luxon";

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

export const DATES_TS = `import { DateTime } from "luxon";

export function startOfWeek(date: Date): Date {
  return DateTime.fromJSDate(date).startOf("week").toJSDate();
}
`;

export const CONFIG_PY = `"""Deployment settings, one dict per environment."""

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

export const MODELS_PY = `"""Billing models."""
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

export const HTTP_GO = `package httpx

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

export const RETRY_GO = `package retry

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

export const ERRORS_GO = `package errs

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

export const PARSER_RS = `use std::collections::HashMap;

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
export function bigModule(): string {
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

export const ORDER_JAVA = `package shop;

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
    public static BigDecimal computeTotal(List<LineItem> items) {
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

export const LINE_ITEM_JAVA = `package shop;

import java.math.BigDecimal;

public record LineItem(BigDecimal price, int quantity, BigDecimal discount) {}
`;

export const BILLING_JAVA = `package shop;

import java.math.BigDecimal;

public class Billing {
    public BigDecimal tax(BigDecimal amount) {
        return amount.multiply(new BigDecimal("0.2"));
    }
}
`;

export const SERVICE_TS = `export class UserService {
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

export const HELPERS_PY = `"""Text helpers."""
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

export const ROUTES_JS = `const express = require("express");

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

export const ADMIN_JS = `const express = require("express");

const admin = express.Router();

admin.get("/stats", (req, res) => {
  res.json({ users: 0 });
});

module.exports = admin;
`;

export const STORE_TS = `import { createHash } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./log";

/** One cached value, with the hash of its text. */
export interface Entry {
  key: string;
  value: string;
  hash: string;
}

/** The SHA-256 of a text, in hex. */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Entries in memory, for tests and short-lived processes. */
export class MemoryStore {
  private readonly entries = new Map<string, Entry>();

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: string): Entry {
    const entry = { key, value, hash: digest(value) };
    this.entries.set(key, entry);
    return entry;
  }
}

/**
 * Entries on disk, one JSON file per key under \`dir\`, written through a
 * temporary file so that a crash never leaves half an entry behind.
 */
export class FileCache {
  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  private file(key: string): string {
    return path.join(this.dir, \`\${digest(key)}.json\`);
  }

  async get(key: string): Promise<Entry | undefined> {
    try {
      return JSON.parse(await readFile(this.file(key), "utf8")) as Entry;
    } catch {
      this.log.debug(\`cache miss: \${key}\`);
      return undefined;
    }
  }

  async set(key: string, value: string): Promise<Entry> {
    const entry = { key, value, hash: digest(value) };
    const temp = \`\${this.file(key)}.tmp\`;
    await writeFile(temp, JSON.stringify(entry));
    await rename(temp, this.file(key));
    return entry;
  }
}

/** Reads the JSON settings kept beside a cache directory. */
export async function loadSettings(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(dir, "settings.json"), "utf8"));
}
`;

/** A program that caches through store.ts's FileCache. */
export const APP_TS = `import { createServer } from "node:http";
import { FileCache, loadSettings } from "./store";
import { consoleLogger } from "./log";

const dir = process.env.CACHE_DIR ?? ".cache";
const settings = await loadSettings(dir);
const cache = new FileCache(dir, consoleLogger);

/** Serves cached values: GET /key answers the value, PUT /key stores the body. */
const server = createServer(async (req, res) => {
  const key = decodeURIComponent((req.url ?? "/").slice(1));
  if (req.method === "PUT") {
    let body = "";
    for await (const chunk of req) body += chunk;
    const entry = await cache.set(key, body);
    res.writeHead(201, { etag: entry.hash }).end();
    return;
  }
  const entry = await cache.get(key);
  if (!entry) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { etag: entry.hash }).end(entry.value);
});

server.listen(Number(settings.port ?? 8080));
`;

/** A command-line tool that reads and writes the cache. */
export const CACHE_TOOL_TS = `import { parseArgs } from "node:util";
import { digest, FileCache } from "../store";
import { consoleLogger } from "../log";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: "string", default: ".cache" } },
});
const [command, key, value] = positionals;
const cache = new FileCache(values.dir ?? ".cache", consoleLogger);

if (command === "get" && key) {
  const entry = await cache.get(key);
  console.log(entry ? entry.value : "(missing)");
} else if (command === "set" && key && value !== undefined) {
  const entry = await cache.set(key, value);
  console.log(entry.hash === digest(value) ? "stored" : "stored (hash differs)");
} else {
  console.error("usage: cache-tool get KEY | set KEY VALUE [--dir DIR]");
  process.exitCode = 2;
}
`;

export const COMPOSE_YAML = `# Local development stack: docker compose up
name: shop

services:
  api:
    build: ./api
    ports:
      - "8080:8080"
    environment:
      DATABASE_URL: postgres://shop:shop@db:5432/shop
      REDIS_URL: redis://cache:6379/0
      LOG_LEVEL: debug
    depends_on:
      - db
      - cache

  worker:
    build: ./api
    command: ["node", "dist/worker.js"]
    environment:
      DATABASE_URL: postgres://shop:shop@db:5432/shop
      REDIS_URL: redis://cache:6379/0
      QUEUE: default
      CONCURRENCY: "4"
      REGION: us
    depends_on:
      - db
      - cache
    restart: unless-stopped

  db:
    image: postgres:17
    environment:
      POSTGRES_USER: shop
      POSTGRES_PASSWORD: shop
    volumes:
      - db-data:/var/lib/postgresql/data

  cache:
    image: redis:8

volumes:
  db-data:
`;

export const HANDLERS_PY = `"""HTTP handlers for the shop API."""
from datetime import datetime, timezone
from decimal import Decimal

from flask import Blueprint, abort, jsonify, request

from .db import session
from .models import Order, User

api = Blueprint("api", __name__)


# region users
@api.get("/users/<int:user_id>")
def get_user(user_id):
    user = session.get(User, user_id) or abort(404)
    return jsonify(id=user.id, name=user.name, email=user.email)


@api.post("/users")
def create_user():
    body = request.get_json()
    user = User(name=body["name"], email=body["email"], created_at=datetime.now(timezone.utc))
    session.add(user)
    session.commit()
    return jsonify(id=user.id), 201
# endregion


# region orders
@api.get("/orders/<int:order_id>")
def get_order(order_id):
    order = session.get(Order, order_id) or abort(404)
    return jsonify(id=order.id, total=str(order.total), placed_at=order.placed_at.isoformat())


@api.post("/orders/<int:order_id>/refund")
def refund_order(order_id):
    order = session.get(Order, order_id) or abort(404)
    amount = Decimal(request.get_json().get("amount", str(order.total)))
    if amount <= 0 or amount > order.total:
        abort(400, "the refund must be positive and at most the order's total")
    order.refunded = amount
    order.refunded_at = datetime.now(timezone.utc)
    session.commit()
    return jsonify(id=order.id, refunded=str(amount))
# endregion
`;

export const NGINX_CONF = `events {
    worker_connections 1024;
}

http {
    include mime.types;
    sendfile on;
    keepalive_timeout 65;

    server {
        listen 80;
        server_name example.com;

        location / {
            root /srv/www;
            try_files $uri $uri/ /index.html;
        }

        location /api/ {
            proxy_pass http://127.0.0.1:8080/;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 60s;
        }
    }

    server {
        listen 80;
        server_name staging.example.com;

        location / {
            root /srv/staging;
            try_files $uri $uri/ /index.html;
        }
    }
}
`;

export const README_MD = `# shop

The shop's API and worker.

## Install

Run \`npm install\`, then \`docker compose up\`.

## Troubleshooting

- **The API answers 502.** The API container is still starting: wait for
  \`api  | listening on 8080\` in \`docker compose logs api\`.
- **Migrations fail with "relation exists".** The database volume is from an
  older schema: \`docker compose down -v\` drops it (and its data).
- **Emails never arrive.** In development they are printed to the worker's
  log instead of being sent: \`docker compose logs worker\`.

## License

MIT
`;

/** Shared helpers, one of which (parse_money) moves out, with two importers. */
export const UTILS_PY = `"""Small helpers shared by the shop."""
import re
from decimal import ROUND_HALF_UP, Decimal

_SPACES = re.compile(r"\\s+")


def normalize(text: str) -> str:
    """Collapses runs of whitespace and trims the ends."""
    return _SPACES.sub(" ", text).strip()


def parse_money(text: str) -> Decimal:
    """Parses "1,234.50" or "$12" into a Decimal rounded to cents."""
    cleaned = text.strip().replace("$", "").replace(",", "")
    return Decimal(cleaned).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def chunks(items: list, size: int) -> list:
    """Splits items into lists of at most size items."""
    return [items[i : i + size] for i in range(0, len(items), size)]
`;

/** Money amounts: where parse_money goes. */
export const MONEY_PY = `"""Money amounts."""
from decimal import Decimal

ZERO = Decimal("0.00")


def total(amounts: list[Decimal]) -> Decimal:
    """Sums amounts, starting from ZERO."""
    return sum(amounts, ZERO)
`;

/** Imports parse_money from utils, with another name that stays. */
export const ORDERS_PY = `"""Order intake."""
from utils import chunks, parse_money


def batch_totals(rows: list[dict], size: int = 50) -> list:
    """Parses each row's amount, in batches of size rows."""
    return [[parse_money(r["amount"]) for r in batch] for batch in chunks(rows, size)]
`;

/** Imports parse_money from utils, and from money already. */
export const REPORTS_PY = `"""Monthly reports."""
from money import total
from utils import parse_money


def month_total(lines: list[str]) -> str:
    """The month's total of amounts written as text."""
    return str(total([parse_money(line) for line in lines]))
`;

/** Prices: formatPrice uses two of its three imports. */
export const PRICING_TS = `import Decimal from "decimal.js";
import { CURRENCY } from "./config";
import type { LineItem } from "./types";

/** The price of one line: quantity times unit price. */
export function lineTotal(item: LineItem): Decimal {
  return new Decimal(item.unitPrice).times(item.quantity);
}

/** Formats an amount in the shop's currency, e.g. "EUR 12.50". */
export function formatPrice(amount: Decimal): string {
  return \`\${CURRENCY} \${amount.toFixed(2)}\`;
}
`;

/** Where a copy of formatPrice goes. */
export const INVOICE_PDF_TS = `import { renderTable } from "./pdf";

/** The invoice's table of lines, as PDF drawing commands. */
export function invoiceTable(rows: string[][]): string {
  return renderTable(rows);
}
`;

/** Order checks: three assert* functions among others, found by an outline. */
export const CHECKS_TS = `import { DateTime } from "luxon";
import { z } from "zod";
import { logger } from "./log";
import type { Order } from "./types";

/** An order as the API accepts it. */
export const orderSchema = z.object({
  id: z.string().min(1),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int().positive() })),
  currency: z.string().length(3),
  shipBy: z.string().datetime(),
});

/** Whether a string is a well-formed SKU, e.g. "AB-1234". */
export function isSku(value: string): boolean {
  return /^[A-Z]{2}-\\d{4}$/.test(value);
}

/** Throws unless the order has between 1 and 200 items. */
export function assertItemCount(order: Order): void {
  if (order.items.length === 0 || order.items.length > 200) {
    throw new Error(\`order \${order.id}: \${order.items.length} items\`);
  }
}

/** Parses a request body into an order, or throws with the first problem. */
export function parseOrder(body: unknown): Order {
  const parsed = orderSchema.safeParse(body);
  if (!parsed.success) {
    throw new Error(parsed.error.issues[0]?.message ?? "invalid order");
  }
  return parsed.data;
}

/** Throws unless the order ships within the next 30 days. */
export function assertShipDate(order: Order): void {
  const shipBy = DateTime.fromISO(order.shipBy);
  const latest = DateTime.now().plus({ days: 30 });
  if (!shipBy.isValid || shipBy > latest) {
    throw new Error(\`order \${order.id}: cannot ship by \${order.shipBy}\`);
  }
}

/** One line about the order, for the log. */
export function summarize(order: Order): string {
  const line = \`\${order.id}: \${order.items.length} items in \${order.currency}\`;
  logger.debug(line);
  return line;
}

/** Throws unless the order's currency is one the shop sells in. */
export function assertCurrency(order: Order): void {
  if (!["EUR", "USD", "GBP"].includes(order.currency)) {
    throw new Error(\`order \${order.id}: currency \${order.currency}\`);
  }
}

/** Whether every item of the order has a well-formed SKU. */
export function hasValidSkus(order: Order): boolean {
  return order.items.every((item) => isSku(item.sku));
}
`;
