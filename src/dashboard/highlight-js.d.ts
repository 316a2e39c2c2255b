/**
 * The part of highlight.js the dashboard uses. The package's own types
 * reference the DOM library, which would give the whole Worker DOM globals;
 * tsconfig's `paths` sends its imports here instead.
 */
interface HighlightLanguage {
  name?: string;
}
type LanguageFn = (hljs: unknown) => HighlightLanguage;

declare const module: {
  registerLanguage(name: string, language: LanguageFn): void;
  highlight(
    code: string,
    options: { language: string; ignoreIllegals?: boolean },
  ): { value: string };
} & LanguageFn;
export default module;
