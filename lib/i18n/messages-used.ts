import fs from "node:fs";
import path from "node:path";
import { NAMESPACES } from "./namespaces";
import type { MessagePath } from "./message-paths";

const ROOT = path.resolve(__dirname, "../..");
const EXTENSIONS = [".tsx", ".ts", ".mjs", ".js"];

/** The file an import names, inside this repository (null for a package or a file that is not code). */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ]) {
    if (
      EXTENSIONS.some((ext) => candidate.endsWith(ext)) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      return candidate;
    }
  }
  return null;
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s*["']([^"']+)["']/g;
/** `useTranslations`, which client components call; `getTranslations` is the server's alone. */
const TRANSLATIONS = /\buseTranslations\(\s*([^)]*)\)/g;
/** The helpers that name a programme kind's words: their namespace is always `kinds`. */
const KIND_WORDS = /\b(?:webKind|kindNs|ownerWords)\(/;

/**
 * The messages the code reachable from `entries` may read in the browser (useTranslations),
 * following every import inside the repository, as message paths: a namespace (`kinds`) or one
 * part of it (`dashboard.main`, the first two segments of what the code names). A kind's words
 * (webKind, kindNs, ownerWords, or the root translator in a file that names kinds) count as
 * `kinds`. Any other namespace the code computes is an error: the messages a page sends could
 * not be known.
 */
export function messagesUsed(entries: string[]): Set<MessagePath> {
  const used = new Set<MessagePath>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.resolve(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(IMPORT)) {
      const target = resolve(file, (match[1] ?? match[2] ?? match[3])!);
      if (target && !/\.test\.tsx?$/.test(target)) queue.push(target);
    }
    for (const match of source.matchAll(TRANSLATIONS)) {
      const argument = match[1]!.trim();
      const literal = argument.match(/^["'`]([A-Za-z]+)(\.[A-Za-z]+)?["'`.]/);
      if (literal) {
        if (!(NAMESPACES as readonly string[]).includes(literal[1]!)) {
          throw new Error(`${path.relative(ROOT, file)}: no namespace "${literal[1]}"`);
        }
        used.add(`${literal[1]}${literal[2] ?? ""}` as MessagePath);
      } else if (KIND_WORDS.test(argument) || (argument === "" && /\bwebKind\(/.test(source))) {
        used.add("kinds");
      } else {
        throw new Error(
          `${path.relative(ROOT, file)}: a namespace computed as ${argument || "the root"} cannot be followed`,
        );
      }
    }
  }
  return used;
}
