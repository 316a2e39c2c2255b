import { describe, expect, it } from "vitest";
import { planImporters } from "../src/imports/importers.ts";

/**
 * A move's importers (imports/importers.ts): each file that imports what
 * moved from its old file imports it from the new one; what it cannot
 * follow is named. Scripts resolve specifiers from real paths, Python names
 * modules from root-relative ones.
 */
const ROOT = "/p";
const at = (path: string) => ({ abs: `${ROOT}/${path}`, path });
const plan = (source: string, dest: string, moved: string[], files: Record<string, string>) =>
  planImporters({
    source: at(source),
    dest: at(dest),
    moved,
    files: Object.entries(files).map(([path, text]) => ({ ...at(path), text })),
  });

describe("a move's importers in TypeScript and JavaScript", () => {
  it("splits an import of the old file, merging the moved names into an import of the new one", async () => {
    const [use] = await plan("src/store.ts", "src/cart/cart.ts", ["Cart", "CartLine"], {
      "src/views/page.tsx": [
        'import React from "react";',
        'import { type CartLine, Cart, loadStore } from "../store";',
        'import { total } from "../cart/cart";',
        "",
        "export const Page = () => <p>{total(new Cart())}</p>;",
        "",
      ].join("\n"),
    });
    expect(use?.text).toBe(
      [
        'import React from "react";',
        'import { loadStore } from "../store";',
        'import { total, type CartLine, Cart } from "../cart/cart";',
        "",
        "export const Page = () => <p>{total(new Cart())}</p>;",
        "",
      ].join("\n"),
    );
    expect(use?.changes).toEqual([
      "src/views/page.tsx: imports CartLine, Cart from src/cart/cart.ts",
    ]);
  });

  it("keeps an alias, a type-only import and the file's .js style; drops the destination's own import of the unit", async () => {
    const out = await plan("lib/a.ts", "lib/b.ts", ["f"], {
      "lib/x.ts":
        'import { f as g } from "./a.js";\nimport type { f as F } from "./a.js";\n\ng();\n',
      "lib/b.ts": 'import { f } from "./a.js";\n\nexport const y = 1;\n\nexport function f() {}\n',
    });
    expect(out.map((o) => o.text)).toEqual([
      'import { f as g } from "./b.js";\nimport type { f as F } from "./b.js";\n\ng();\n',
      "export const y = 1;\n\nexport function f() {}\n",
    ]);
    expect(out[1]?.changes).toEqual(["lib/b.ts: drops its import of f"]);
  });

  it("follows an import of a directory to its index file", async () => {
    const [use] = await plan("src/util/index.ts", "src/util/dates.ts", ["formatDate"], {
      "src/app.ts": 'import { formatDate, pad } from "./util";\n\nformatDate(pad());\n',
    });
    expect(use?.text).toBe(
      'import { pad } from "./util";\nimport { formatDate } from "./util/dates";\n\nformatDate(pad());\n',
    );
  });

  it("names a namespace import, a re-export and a dynamic import of the old file instead of guessing", async () => {
    const files = {
      "ns.ts": 'import * as store from "./store";\n\nstore.Cart.empty();\n',
      "index.ts": 'export { Cart } from "./store";\nexport * from "./store";\n',
      "lazy.js": 'const s = await import("./store");\n',
      "default.ts": 'import Cart from "./store";\n\nnew Cart();\n',
      "other.ts": 'import * as store from "./other-store";\n\nstore.Cart.empty();\n',
    };
    const out = await plan("store.ts", "cart.ts", ["Cart"], files);
    expect(out.every((o) => o.text === undefined)).toBe(true);
    expect(out.flatMap((o) => o.unresolved)).toEqual([
      "ns.ts: uses store.Cart through `import * as store`; not rewritten",
      'index.ts: export { Cart } from "./store" re-exports from store.ts; not rewritten',
      'index.ts: export * from "./store" re-exports from store.ts; not rewritten',
      'lazy.js: import("./store") may reach what moved; not rewritten',
      "default.ts: imports the default export of store.ts as Cart; if that is what moved, import it from cart.ts",
    ]);
  });
});

describe("a move's importers in Python", () => {
  it("rewrites absolute and relative imports of the old module, keeping the rest", async () => {
    const out = await plan("shop/store.py", "shop/cart/cart.py", ["Cart"], {
      "shop/api/views.py": [
        "from flask import abort",
        "",
        "from shop.store import Cart as C, load",
        "",
        "def view():",
        "    return C(load())",
        "",
      ].join("\n"),
      "shop/orders.py": "from .store import Cart\n\n\ndef order():\n    return Cart()\n",
    });
    expect(out.map((o) => o.text)).toEqual([
      [
        "from flask import abort",
        "",
        "from shop.store import load",
        "from shop.cart.cart import Cart as C",
        "",
        "def view():",
        "    return C(load())",
        "",
      ].join("\n"),
      "from .cart.cart import Cart\n\n\ndef order():\n    return Cart()\n",
    ]);
    expect(out[1]?.changes).toEqual(["shop/orders.py: imports Cart from shop/cart/cart.py"]);
  });

  it("names a star import and a use through the module instead of guessing", async () => {
    const out = await plan("shop/store.py", "shop/cart.py", ["Cart"], {
      "a.py": "from shop.store import *\n",
      "b.py": "import shop.store\n\nshop.store.Cart()\n",
      "c.py": "from shop import store\n\nstore.Cart()\n",
    });
    expect(out.flatMap((o) => o.unresolved)).toEqual([
      "a.py: from shop.store import * no longer binds Cart; not rewritten",
      "b.py: uses Cart through `import shop.store`; not rewritten",
      "c.py: uses Cart through `from shop import store`; not rewritten",
    ]);
  });
});
