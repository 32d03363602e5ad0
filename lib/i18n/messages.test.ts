import fs from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES } from "../../contract/locales";
import { NAMESPACES } from "./namespaces";

type Tree = { [key: string]: string | Tree };
const root = path.join(__dirname, "../../messages");
const read = (locale: string, namespace: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(root, locale, `${namespace}.json`), "utf8")) as Tree;

/** Every message of a file as `a.b.c → text`. */
const flatten = (tree: Tree, prefix = ""): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );

/** The arguments a message takes (`{count}`, `{name}`), which every translation must keep. */
const argumentsOf = (message: string, locale: string) => {
  const names = new Set<string>();
  const walk = (nodes: unknown[]) => {
    for (const node of nodes as {
      value?: unknown;
      options?: Record<string, { value: unknown[] }>;
      children?: unknown[];
    }[]) {
      if (typeof node.value === "string" && "type" in node && (node as { type: number }).type !== 0)
        names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
};

describe("messages", () => {
  it("every namespace has a file in every locale, and no locale has a file the code does not load", () => {
    for (const locale of LOCALES) {
      const files = fs.readdirSync(path.join(root, locale)).map((file) => file.replace(/\.json$/, ""));
      expect({ locale, files: files.sort() }).toEqual({ locale, files: [...NAMESPACES].sort() });
    }
  });

  it.each(NAMESPACES)(
    "%s: every locale has exactly the English keys, valid ICU and the same arguments",
    (namespace) => {
      const english = flatten(read("en", namespace));
      for (const locale of LOCALES) {
        const messages = flatten(read(locale, namespace));
        expect({ locale, keys: [...messages.keys()].sort() }).toEqual({ locale, keys: [...english.keys()].sort() });
        for (const [key, message] of messages) {
          expect({ locale, key, args: argumentsOf(message, locale) }).toEqual({
            locale,
            key,
            args: argumentsOf(english.get(key)!, "en"),
          });
        }
      }
    },
  );
});
