/** The `wink-porter2-stemmer` package ships no type declarations: one function, word in, stem out. */
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
