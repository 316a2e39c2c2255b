/** Vite's `?raw` imports: a file's text, for tests that check what the docs say. */
declare module "*?raw" {
  const text: string;
  export default text;
}
