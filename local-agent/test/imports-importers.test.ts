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
const plan = (
  source: string,
  dest: string,
  moved: string[],
  files: Record<string, string>,
  more: { destCreated?: boolean; movedTypes?: string[]; movedDefault?: string } = {},
) =>
  planImporters({
    source: at(source),
    dest: at(dest),
    moved,
    ...more,
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

  it("follows a namespace import used for what moved with a named import (an alias where the name is taken), dropping the namespace once nothing else uses it", async () => {
    const out = await plan("store.ts", "cart.ts", ["Cart"], {
      "only.ts": 'import * as store from "./store";\n\nstore.Cart.empty();\nlet c: store.Cart;\n',
      "both.ts": 'import * as store from "./store";\n\nstore.Cart.empty();\nstore.load();\n',
      // The moved name is taken here: it is imported under a free alias.
      "taken.ts": 'import * as store from "./store";\n\nconst Cart = 1;\nstore.Cart.empty(Cart);\n',
      // The namespace itself passed on: what it is asked for is not known.
      "opaque.ts": 'import * as store from "./store";\n\nuse(store);\nstore.Cart.empty();\n',
    });
    expect(out.map((o) => o.text)).toEqual([
      'import { Cart } from "./cart";\n\nCart.empty();\nlet c: Cart;\n',
      'import * as store from "./store";\nimport { Cart } from "./cart";\n\nCart.empty();\nstore.load();\n',
      'import { Cart as _Cart } from "./cart";\n\nconst Cart = 1;\n_Cart.empty(Cart);\n',
      undefined,
    ]);
    // The old file re-exports it for that one (carry.ts carryReexport), else the receipt names it.
    expect(out.flatMap((o) => o.unresolved)).toEqual([]);
    expect(out.flatMap((o) => o.reexport ?? [])).toEqual([
      {
        names: ["Cart"],
        through: "opaque.ts: uses store.Cart through `import * as store`, which it also passes on",
      },
    ]);
  });

  it("re-exports what moved from the new file: a barrel's named re-export repointed or split in its layout, and `export *` joined by the new file", async () => {
    // query-core's index.ts and mobx's internal.ts, trimmed (MIT).
    const [barrel] = await plan(
      "src/store.ts",
      "src/cart/cart.ts",
      ["Cart"],
      {
        "src/index.ts": [
          "export { Cart } from './store'",
          "export {",
          "  load,",
          "  Cart as ShopCart,",
          "  save,",
          "} from './store'",
          "export * from './store'",
          "export * from './other'",
          "",
        ].join("\n"),
      },
      { destCreated: true },
    );
    expect(barrel?.text).toBe(
      [
        "export { Cart } from './cart/cart'",
        "export {",
        "  load,",
        "  save,",
        "} from './store'",
        "export { Cart as ShopCart } from './cart/cart'",
        "export * from './store'",
        "export * from './other'",
        "",
      ].join("\n"),
    );
    expect(barrel?.changes).toEqual(["src/index.ts: re-exports Cart from src/cart/cart.ts"]);
    const [star] = await plan(
      "src/store.ts",
      "src/cart/cart.ts",
      ["Cart", "CartLine"],
      {
        "src/internal.ts":
          'export * from "./money";\nexport * from "./store";\nexport * from "./view";\n',
      },
      { destCreated: true, movedTypes: ["CartLine"] },
    );
    expect(star?.text).toBe(
      'export * from "./money";\nexport * from "./store";\nexport * from "./cart/cart";\nexport * from "./view";\n',
    );
    // Into a file that holds more: only what moved, types with `type`.
    const [named] = await plan(
      "src/store.ts",
      "src/cart/cart.ts",
      ["Cart", "CartLine"],
      { "src/internal.ts": 'export * from "./store";\n' },
      { destCreated: false, movedTypes: ["CartLine"] },
    );
    expect(named?.text).toBe(
      'export * from "./store";\nexport { Cart } from "./cart/cart";\nexport type { CartLine } from "./cart/cart";\n',
    );
  });

  it("follows imports of the unit's own directory as `.` and `./`, and keeps a list written one name per line as it is", async () => {
    const out = await plan("src/util/index.ts", "src/dates/format.ts", ["formatDate"], {
      "src/util/index.test.ts": "import { formatDate, pad } from '.'\n\ntest(formatDate(pad()))\n",
      "src/util/other.test.ts": 'import { formatDate } from "./";\n\ntest(formatDate());\n',
      "src/app.ts": [
        "import {",
        "  alpha,",
        "  formatDate,",
        "  gamma,",
        "} from './util'",
        "",
        "formatDate(alpha, gamma)",
        "",
      ].join("\n"),
    });
    expect(out.map((o) => o.text)).toEqual([
      "import { pad } from '.'\nimport { formatDate } from '../dates/format'\n\ntest(formatDate(pad()))\n",
      'import { formatDate } from "../dates/format";\n\ntest(formatDate());\n',
      [
        "import {",
        "  alpha,",
        "  gamma,",
        "} from './util'",
        "import { formatDate } from './dates/format'",
        "",
        "formatDate(alpha, gamma)",
        "",
      ].join("\n"),
    ]);
  });

  it("names a namespace re-export and a dynamic import of the old file instead of guessing; leaves its default import, which stayed", async () => {
    const files = {
      "index.ts": 'export * as store from "./store";\n',
      "lazy.js": 'const s = await import("./store");\n',
      "default.ts": 'import Cart from "./store";\n\nnew Cart();\n',
      "other.ts": 'import * as store from "./other-store";\n\nstore.Cart.empty();\n',
    };
    const out = await plan("store.ts", "cart.ts", ["Cart"], files);
    expect(out.every((o) => o.text === undefined)).toBe(true);
    expect(out.flatMap((o) => o.unresolved)).toEqual([
      'index.ts: export * as store from "./store"; no longer holds Cart; not rewritten',
      'lazy.js: import("./store") may reach what moved; not rewritten',
    ]);
  });

  it("follows the old file's default export when it was the unit: default imports, and re-exports of the default", async () => {
    const out = await plan(
      "store.ts",
      "cart.ts",
      ["Cart"],
      {
        "use.ts": 'import Store, { load } from "./store";\n\nnew Store(load());\n',
        "only.ts": "import Cart from './store'\n\nnew Cart()\n",
        "index.ts": 'export { default as Cart, load } from "./store";\n',
      },
      { movedDefault: "Cart" },
    );
    expect(out.map((o) => o.text)).toEqual([
      'import { load } from "./store";\nimport Store from "./cart";\n\nnew Store(load());\n',
      "import Cart from './cart'\n\nnew Cart()\n",
      'export { load } from "./store";\nexport { default as Cart } from "./cart";\n',
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

  it("follows a use through the old module with a named import (an alias where the name is taken; the old import dropped once unused); names a star import", async () => {
    const out = await plan("shop/store.py", "shop/cart.py", ["Cart"], {
      "a.py": "from shop.store import *\n",
      "b.py": "import shop.store\n\nshop.store.Cart()\n",
      "c.py": "from shop import store\n\nstore.Cart()\nstore.load()\n",
      // Markdown's shape (BSD-3-Clause): `from . import util` … `util.deprecated`.
      "shop/views.py": "from . import store\n\n\n@store.Cart\ndef view():\n    pass\n",
      // urllib3's appengine.py shape: the name is taken (kept as public API), so an alias.
      "d.py": "from shop import store\n\nCart = 1\nstore.Cart()\n",
      // urllib3's shape (MIT): the name in a comment does not take it.
      "e.py":
        "import warnings\n\nfrom shop import store\n\n# Cart's warnings stay.\nwarnings.simplefilter('default', store.Cart)\n",
    });
    expect(out.map((o) => o.text)).toEqual([
      undefined,
      "from shop.cart import Cart\n\nCart()\n",
      "from shop import store\nfrom shop.cart import Cart\n\nCart()\nstore.load()\n",
      "from .cart import Cart\n\n\n@Cart\ndef view():\n    pass\n",
      "from shop.cart import Cart as _Cart\n\nCart = 1\n_Cart()\n",
      "import warnings\n\nfrom shop.cart import Cart\n\n# Cart's warnings stay.\nwarnings.simplefilter('default', Cart)\n",
    ]);
    expect(out.flatMap((o) => o.unresolved)).toEqual([
      "a.py: from shop.store import * no longer binds Cart; not rewritten",
    ]);
  });

  it("names no private name a star import never took (pyparsing's `_MAX_INT`, moved with `ParserElement`)", async () => {
    const out = await plan("shop/store.py", "shop/cart.py", ["Cart", "_LIMIT"], {
      "a.py": "from shop.store import *\n",
    });
    expect(out.flatMap((o) => o.unresolved)).toEqual([
      "a.py: from shop.store import * no longer binds Cart; not rewritten",
    ]);
  });
});
