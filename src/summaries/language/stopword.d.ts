/** The `stopword` package ships no type declarations; we only read its per-language word lists. */
declare module 'stopword' {
  const lists: Record<string, readonly string[] | ((...args: unknown[]) => unknown) | undefined>;
  export = lists;
}
