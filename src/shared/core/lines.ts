/**
 * Line positions in a text, shared by the edge (anchors over entries) and the
 * local agent (paste modes, selections over files).
 * Lines are 1-based; a line ends with "\n" or "\r\n" (a lone "\r" is not a
 * line break), and the last line may have no ending. `starts[i]` is where
 * line i+1 begins; `starts[count]` is the text's end.
 */
export class Lines {
  readonly text: string;
  readonly starts: number[];

  constructor(text: string) {
    this.text = text;
    const starts = [0];
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1))
      starts.push(at + 1);
    if (starts[starts.length - 1] !== text.length) starts.push(text.length);
    this.starts = starts;
  }

  get count(): number {
    return this.starts.length - 1;
  }

  start(line: number): number {
    return this.starts[line - 1] ?? this.text.length;
  }

  /** Where line `line` ends, its line ending included. */
  end(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** The line ending of line `line`: "\n", "\r\n", or "" for a last line without one. */
  eol(line: number): string {
    if (line < 1 || line > this.count) return "";
    const end = this.end(line);
    if (this.text[end - 1] !== "\n") return "";
    return end - 2 >= this.start(line) && this.text[end - 2] === "\r" ? "\r\n" : "\n";
  }

  /** The 1-based line holding offset `at`. */
  lineOf(at: number): number {
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= at) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  /** The first line ending in the file, or "\n". */
  firstEol(): string {
    const at = this.text.indexOf("\n");
    if (at === -1) return "\n";
    return at > 0 && this.text[at - 1] === "\r" ? "\r\n" : "\n";
  }

  /** The line ending for text inserted at line boundary `k` (before line k+1). */
  eolAt(k: number): string {
    return this.eol(k) || this.eol(k + 1) || this.firstEol();
  }

  lastLineLacksEol(): boolean {
    return this.count > 0 && this.eol(this.count) === "";
  }
}
