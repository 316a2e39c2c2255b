import { describe, expect, it } from "vitest";
import { Knowledge, partsOf, stringsOf, wordsOf } from "../../bench/knowledge.ts";

describe("the token bench's knowledge check", () => {
  it("splits text into words, with letters beyond ASCII and without numbers", () => {
    expect(wordsOf('import { DateTime } from "luxon"; // ÉtÉ 2026, x_1')).toEqual([
      "import",
      "DateTime",
      "from",
      "luxon",
      "ÉtÉ",
      "x_1",
    ]);
  });

  it("reads every string of a call's arguments, not their parameter names", () => {
    expect(
      stringsOf({ path: "a.ts", targets: [{ path: "b.ts", line: 4, marker: "m" }], dry: true }),
    ).toEqual(["a.ts", "b.ts", "m"]);
  });

  it("flags an import line the model never read, and passes once it has read it", () => {
    const known = new Knowledge("Move Invoice from models.py into invoice.py.");
    const call = { text: "from decimal import Decimal\n", to: { path: "invoice.py" } };
    expect(known.unknown(call)).toEqual(["decimal", "import", "Decimal"]);
    known.learn('"""Billing models."""\nfrom decimal import Decimal\n');
    expect(known.unknown(call)).toEqual([]);
  });
});

describe("compound words", () => {
  it("split at underscores and case changes", () => {
    expect(partsOf("app_staging_session")).toEqual(["app", "staging", "session"]);
    expect(partsOf("calculateTotal")).toEqual(["calculate", "total"]);
    expect(partsOf("HTTPServer2")).toEqual(["httpserver2"]);
  });

  it("pass when each part is known, and not otherwise", () => {
    const known = new Knowledge('"session_cookie": {"name": "app_dev_session"}', "dev → staging");
    expect(known.unknown(["app_staging_session"])).toEqual([]);
    expect(known.unknown(["app_prod_session"])).toEqual(["app_prod_session"]);
  });
});
