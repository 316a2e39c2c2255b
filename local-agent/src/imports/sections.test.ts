import { describe, expect, it } from "vitest";
import { markedSection, pathNamed } from "./sections.ts";

describe("sections a tool copies out of a file by its marker lines", () => {
  const lexer = [
    "import re",
    "",
    "###{standalone",
    "class Pattern:",
    "    pass",
    "",
    "###}",
    "",
    "class Scanner:",
    "    pass",
    "",
  ].join("\n");
  const unit = (name: string) => {
    const start = lexer.indexOf(`class ${name}`);
    return [start, lexer.indexOf("pass", start) + 4] as const;
  };

  it("finds the section holding a unit (lark's `###{standalone` … `###}`), and none outside one", () => {
    expect(markedSection(lexer, ...unit("Pattern"))).toBe("standalone");
    expect(markedSection(lexer, ...unit("Scanner"))).toBeUndefined();
    // A unit the close marker cuts: its first part is what the tool copies (lark's `Tree`).
    const cut =
      "###{standalone\nclass Tree:\n    def a(self):\n        pass\n\n###}\n\n    def b(self):\n        pass\n";
    expect(markedSection(cut, cut.indexOf("class"), cut.length - 1)).toBe("standalone");
    // A section never closed is no section; a line of `#` alone is no marker.
    expect(markedSection("###{open\nclass A:\n    pass\n", 9, 25)).toBeUndefined();
    expect(markedSection("###\nclass A:\n    pass\n###\n", 4, 20)).toBeUndefined();
  });

  it("finds a string naming a file by its path's tail, and not one naming another file", () => {
    const tool = "FILES = [\n    'lexer.py',\n    \"parsers/lalr_parser.py\",\n]\n";
    expect(pathNamed(tool, "lark/lexer.py")).toBe("'lexer.py'");
    expect(pathNamed(tool, "lark/parsers/lalr_parser.py")).toBe('"parsers/lalr_parser.py"');
    expect(pathNamed(tool, "lark/parser_frontends.py")).toBeUndefined();
    // Only at a path's boundary: `lexer.py` does not name `mylexer.py`.
    expect(pathNamed(tool, "lark/mylexer.py")).toBeUndefined();
  });
});
