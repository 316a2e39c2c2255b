import { describe, expect, it } from "vitest";
import { planMove } from "../../../test/support/plan-move.ts";
import { planGoImports } from "./move.ts";

const move = (
  files: { sourcePath: string; source: string; destPath: string; dest: string },
  symbol: string,
) => planMove("go", files, symbol, planGoImports);

const HTTP_GO = `package httpx

import (
\t"fmt"
\t"net/http"
\t"time"
)

// NewClient returns a client with a timeout.
func NewClient(timeout time.Duration) *http.Client {
\treturn &http.Client{Timeout: timeout}
}

// Describe names a client.
func Describe(c *http.Client) string {
\treturn fmt.Sprintf("client %v", c.Timeout)
}
`;

describe("import-aware moves in Go", () => {
  it("adds the unit's packages to the destination's block in gofmt order; the old file drops what it no longer uses", async () => {
    const plan = await move(
      {
        sourcePath: "httpx/http.go",
        source: HTTP_GO,
        destPath: "httpx/client.go",
        dest: 'package httpx\n\nimport (\n\t"errors"\n\t"strings"\n)\n\nvar ErrX = errors.New(strings.ToLower("X"))\n',
      },
      "NewClient",
    );
    expect(plan.destination.split("\n").slice(0, 8)).toEqual([
      "package httpx",
      "",
      "import (",
      '\t"errors"',
      '\t"net/http"',
      '\t"strings"',
      '\t"time"',
      ")",
    ]);
    // time was NewClient's alone; net/http is still used by Describe.
    expect(plan.source.split("\n").slice(0, 6)).toEqual([
      "package httpx",
      "",
      "import (",
      '\t"fmt"',
      '\t"net/http"',
      ")",
    ]);
    expect(plan.changes).toEqual([
      "httpx/client.go: imports net/http, time",
      "httpx/http.go: drops imports time",
    ]);
    expect(plan.unresolved).toEqual([]);
  });

  it("makes a single import a block, creates one where there is none, and reports its own package's names across directories", async () => {
    const single = await move(
      {
        sourcePath: "a/a.go",
        source: HTTP_GO,
        destPath: "a/b.go",
        dest: 'package httpx\n\nimport "errors"\n\nvar E = errors.New("e")\n',
      },
      "Describe",
    );
    expect(single.destination.split("\n").slice(2, 7)).toEqual([
      "import (",
      '\t"errors"',
      '\t"fmt"',
      '\t"net/http"',
      ")",
    ]);
    const none = await move(
      { sourcePath: "a/a.go", source: HTTP_GO, destPath: "b/b.go", dest: "package b\n" },
      "Describe",
    );
    expect(none.destination.split("\n").slice(0, 7)).toEqual([
      "package b",
      "",
      "import (",
      '\t"fmt"',
      '\t"net/http"',
      ")",
      "",
    ]);
    const across = await move(
      {
        sourcePath: "a/a.go",
        source: `package a\n\nconst limit = 3\n\nfunc Check(n int) bool {\n\treturn n < limit\n}\n`,
        destPath: "b/b.go",
        dest: "package b\n",
      },
      "Check",
    );
    expect(across.unresolved).toEqual([
      "limit from a/a.go's package: another directory needs its import path (go.mod), so it was not added",
    ]);
  });
});
