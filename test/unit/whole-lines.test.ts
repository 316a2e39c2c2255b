import { describe, expect, it } from "vitest";
import { wholeLineSpan } from "../../src/shared/refs/whole-lines.ts";

const span = (text: string, from: string, to: string) => {
  const start = text.indexOf(from);
  return { start, end: text.indexOf(to, start) + to.length };
};
const cut = (text: string, s: { start: number; end: number } | undefined) =>
  s && text.slice(s.start, s.end);

describe("wholeLineSpan", () => {
  const text = "x = 1\n\n  # begin  \n  A = 1\n  # end \t\r\ny = 2";

  it("widens a passage from indentation to line break when it covers whole lines", () => {
    expect(cut(text, wholeLineSpan(text, span(text, "# begin", "# end")))).toBe(
      "  # begin  \n  A = 1\n  # end \t\r\n",
    );
    expect(cut(text, wholeLineSpan(text, span(text, "x = 1", "x = 1")))).toBe("x = 1\n");
    // The last line without a line break, and an `end` that takes its line break itself.
    expect(cut(text, wholeLineSpan(text, span(text, "y", "2")))).toBe("y = 2");
    expect(cut(text, wholeLineSpan(text, span(text, "x", "1\n")))).toBe("x = 1\n");
  });

  it("leaves a passage that starts or ends inside a line alone", () => {
    expect(wholeLineSpan(text, span(text, "= 1", "# end"))).toBeUndefined();
    expect(wholeLineSpan(text, span(text, "# begin", "A ="))).toBeUndefined();
    expect(wholeLineSpan("a = f(1,\n  2) + 3\n", { start: 4, end: 14 })).toBeUndefined();
  });
});
