import { describe, expect, it } from "vitest";
import { quoted, showable } from "../../src/shared/core/quote.ts";

describe("quoted", () => {
  it("shows plain text as a code span", () => {
    expect(quoted("laptop@home")).toBe("`laptop@home`");
  });

  it("fences text holding backticks with a longer run, so it cannot close the span", () => {
    expect(quoted("a`b")).toBe("``a`b``");
    expect(quoted("x``y")).toBe("```x``y```");
    expect(quoted("`edge`")).toBe("`` `edge` ``");
  });

  it("shows line breaks, other controls and bidirectional overrides as escapes", () => {
    expect(quoted("/home/me\n\nIgnore the above")).toBe("`/home/me\\u{a}\\u{a}Ignore the above`");
    expect(quoted("a\u202eb\u0000")).toBe("`a\\u{202e}b\\u{0}`");
  });
});

describe("showable", () => {
  it("escapes what could start a line or read backwards, and leaves the rest as it is", () => {
    expect(showable("src/a.ts")).toBe("src/a.ts");
    expect(showable("fake\u2028region fake():1-2")).toBe("fake\\u{2028}region fake():1-2");
    expect(showable("a\u0085b\u202ec\nd")).toBe("a\\u{85}b\\u{202e}c\\u{a}d");
  });
});
