import type { AbstractIntlMessages } from "next-intl";
import type { CompiledMessage } from "icu-minify/format";

/**
 * The test-only pseudo-locale (`NEXT_LOCALE=en-XA`, honoured only when the web server runs with
 * `I18N_PSEUDO=1`): English with accented letters in brackets, "[Ŝķîƥ ţö ċöñţéñţ]". A page in it
 * that still shows plain English words has text that does not come from the messages
 * (e2e/pseudo-locale.spec.ts). ICU arguments, plural/select keys and rich-text tags stay intact.
 */
export const PSEUDO_LOCALE = "en-XA";

const ACCENTS: Record<string, string> = {
  a: "à",
  b: "ƀ",
  c: "ċ",
  d: "ď",
  e: "é",
  f: "ƒ",
  g: "ğ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "ƥ",
  q: "ʠ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "À",
  B: "Ɓ",
  C: "Ċ",
  D: "Ď",
  E: "É",
  F: "Ƒ",
  G: "Ğ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Ƥ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Ŝ",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};
const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);

/** Accents the text of an ICU message, from `i` up to an unmatched `}`; returns the end. */
function message(src: string, i: number, out: string[]): number {
  while (i < src.length && src[i] !== "}") {
    const c = src[i]!;
    if (c === "{") i = argument(src, i, out);
    else if (c === "<") {
      const end = src.indexOf(">", i);
      out.push(src.slice(i, end + 1)); // a rich-text tag: its name is code
      i = end + 1;
    } else {
      out.push(c === "#" ? c : accent(c));
      i += 1;
    }
  }
  return i;
}

/** `{name}`, `{n, number}`, `{count, plural, one {…} other {…}}`: names and keys kept, inner messages accented. */
function argument(src: string, i: number, out: string[]): number {
  const close = (from: number) => {
    let depth = 0;
    for (let j = from; j < src.length; j++) {
      if (src[j] === "{") depth++;
      else if (src[j] === "}" && depth-- === 0) return j;
    }
    return src.length - 1;
  };
  const header = /^\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?(,)?/.exec(src.slice(i));
  const type = header?.[2];
  if (!header || !["plural", "select", "selectordinal"].includes(type ?? "")) {
    const end = close(i + 1);
    out.push(src.slice(i, end + 1));
    return end + 1;
  }
  out.push(header[0]);
  let j = i + header[0].length;
  while (j < src.length && src[j] !== "}") {
    const option = /^\s*([^\s{]+)\s*\{/.exec(src.slice(j));
    if (!option) break;
    out.push(option[0]);
    j = message(src, j + option[0].length, out);
    out.push("}");
    j += 1;
  }
  const rest = /^\s*\}/.exec(src.slice(j));
  out.push(rest ? rest[0] : "}");
  return j + (rest ? rest[0].length : 1);
}

/**
 * A message as the build compiles the catalogues (next.config.mjs: next-intl's `precompile`,
 * icu-minify's form): plain text stays a string; a message with arguments, plurals or tags is a list
 * of parts, each a string, 0 (a plural's `#`) or a node.
 */
type Compiled = string | number | Compiled[] | { [key: string]: Compiled };

const pseudoParts = (parts: Compiled[]): Compiled[] =>
  parts.map((part) => (typeof part === "string" ? accent(part) : Array.isArray(part) ? pseudoNode(part) : part));

/**
 * A node: `[name]` an argument, `[name, 1 | 2 | 3, options]` a select or plural, `[name, 4 | 5 | 6,
 * style]` a number or date, `[tag, ...children]` a rich-text tag. Names, keys and styles are kept.
 */
function pseudoNode([name, type, ...rest]: Compiled[]): Compiled[] {
  if (type === undefined) return [name!];
  if (typeof type !== "number" || type === 0) return [name!, ...pseudoParts([type, ...rest])];
  if (type > 3) return [name!, type, ...rest];
  const [options, ...more] = rest as [Record<string, Compiled>, ...Compiled[]];
  const branches = Object.entries(options).map(([key, value]) => [
    key,
    typeof value === "string" ? accent(value) : Array.isArray(value) ? pseudoParts(value) : value,
  ]);
  return [name!, type, Object.fromEntries(branches) as Compiled, ...more];
}

/** A message in the pseudo-locale: ICU source (as the catalogue files hold it) or compiled (as the build loads it). */
export function pseudoMessage<M extends string | CompiledMessage>(text: M): M {
  if (Array.isArray(text)) return ["[", ...pseudoParts(text as Compiled[]), "]"] as M;
  const out: string[] = [];
  message(text as string, 0, out);
  return `[${out.join("")}]` as M;
}

export function pseudoMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      typeof value === "string" || Array.isArray(value)
        ? pseudoMessage(value as CompiledMessage)
        : pseudoMessages(value as AbstractIntlMessages),
    ]),
  ) as AbstractIntlMessages;
}
