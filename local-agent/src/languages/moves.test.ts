import { describe, expect, it } from "vitest";
import { CODE_LANGUAGES, followsImporters } from "../syntax/languages.ts";
import { moveLanguage } from "./moves.ts";

describe("moveLanguage: one interface for every language's moves", () => {
  it("gives each code language whose importers a move follows one planner, the same for any pair of scripts", () => {
    for (const lang of CODE_LANGUAGES)
      expect(moveLanguage(lang, lang) !== undefined, lang).toBe(followsImporters(lang));
    expect(moveLanguage("typescript", "tsx")).toBe(moveLanguage("javascript", "typescript"));
    expect(moveLanguage("go", "go")).not.toBe(moveLanguage("java", "java"));
  });

  it("plans no move between two languages (a Python unit into a Go file): the move goes ahead without imports", () => {
    expect(moveLanguage("python", "go")).toBeUndefined();
    expect(moveLanguage("typescript", "python")).toBeUndefined();
    expect(moveLanguage(undefined, "rust")).toBeUndefined();
  });
});
