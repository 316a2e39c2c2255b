/** The agent's log style: one line on stderr, after the program's name. */
export function log(line: string): void {
  process.stderr.write(`edgeclip-agent: ${line}\n`);
}
