import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Which inline <script> elements of a prerendered page are the framework's own, so that the page's
 * CSP can allow exactly those by hash (no 'unsafe-inline', and static pages stay static: a nonce
 * would force every page to render per request). Scripts Next.js renders for a request, after the
 * first part of the page, carry that request's nonce instead (page-policy.ts).
 *
 * A script is allowed when it is pure data or React's fixed runtime, never code that page content
 * could have supplied:
 * - Next.js's RSC payload and Turbopack's chunk list: `self.__next_f.push(<JSON>)`,
 *   `(self.__next_f=self.__next_f||[]).push(<JSON>)`, `(globalThis["TURBOPACK"] || …).push(<JSON>)`,
 *   whose argument must parse as JSON;
 * - React's streaming runtime (`$RC=function…` and the others, read verbatim from the react-dom
 *   server builds installed here) followed only by calls like `$RC("B:0","S:0")` with literal args.
 * Anything else, such as a script that slipped through an HTML sanitiser, gets no hash and does
 * not run.
 */

const PUSHES = [
  /^self\.__next_f\.push\(([\s\S]*)\);?$/,
  /^\(self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\)\.push\(([\s\S]*)\);?$/,
  /^\(globalThis\["TURBOPACK"\]\s*\|\|\s*\(globalThis\["TURBOPACK"\]\s*=\s*\[\]\)\)\.push\(([\s\S]*)\);?$/,
];

const LITERAL = String.raw`(?:"(?:[^"\\]|\\.)*"|-?\d+|null|true|false)`;
const RUNTIME_CALLS = new RegExp(String.raw`^(?:;?\$R[A-Z]\(${LITERAL}(?:,${LITERAL})*\))+;?$`);

/** The react-dom server builds whose runtime strings React may inline (Next's copy and the package's). */
const SERVER_BUILDS = [
  "next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js",
  "next/dist/compiled/react-dom/cjs/react-dom-server.edge.production.js",
  "react-dom/cjs/react-dom-server.node.production.js",
];

const escapedAt = (source: string, i: number) => {
  let slashes = 0;
  while (source[i - 1 - slashes] === "\\") slashes++;
  return slashes % 2 === 1;
};

/**
 * The JS string literal around position `at` of a minified `source`, unescaped, or null. A quote
 * opens a literal only where an expression may start (after `=`, `(`, `,`, `+` …), which tells the
 * opening quote from quotes inside the literal.
 */
function literalAround(source: string, at: number): string | null {
  for (let start = at - 1; start >= Math.max(0, at - 20_000); start--) {
    const quote = source[start];
    if ((quote !== "'" && quote !== '"') || escapedAt(source, start)) continue;
    if (!/[=(,+:?;[\s]/.test(source[start - 1] ?? "")) continue;
    let end = at;
    while (end < source.length && !(source[end] === quote && !escapedAt(source, end))) end++;
    if (!/[,;)+\]:}\s]/.test(source[end + 1] ?? "")) continue;
    try {
      // Evaluated as a JSON string: a single-quoted body has its \' unescaped and its " escaped.
      const body = source.slice(start + 1, end);
      const json = quote === '"' ? body : body.replace(/\\'/g, "'").replace(/(?<!\\)"/g, '\\"');
      return JSON.parse(`"${json}"`) as string;
    } catch {
      return null;
    }
  }
  return null;
}

/** The snippets found, by the folders searched (read once: the installed builds do not change). */
const runtimesIn = new Map<string, string[]>();

/**
 * React's inline runtime snippets, longest first (some contain others). Throws when none is found
 * (react-dom moved or minified differently): every page that streams a Suspense boundary would
 * then be blocked by its own policy, so the web server calls this at start and refuses to run.
 */
export function reactRuntimes(moduleDirs = [path.join(process.cwd(), "node_modules")]): string[] {
  const cached = runtimesIn.get(moduleDirs.join("\n"));
  if (cached) return cached;
  const found = new Set<string>();
  for (const dir of moduleDirs) {
    for (const build of SERVER_BUILDS) {
      let source: string;
      try {
        source = fs.readFileSync(path.join(dir, build), "utf8");
      } catch {
        continue;
      }
      for (const match of source.matchAll(/\$R[A-Z]=function|requestAnimationFrame\(function\(\)\{\$RT=/g)) {
        // Some constants end with the opening of their first call (`…};$RS("`): the call, with
        // its literal arguments, is matched on its own below.
        const literal = literalAround(source, match.index)?.replace(/\$R[A-Z]\("$/, "");
        if (literal) found.add(literal);
      }
    }
  }
  if (![...found].some((runtime) => runtime.includes("$RC=function"))) {
    throw new Error(
      `React's streaming runtime ($RC) was not found in ${SERVER_BUILDS.join(", ")} under ${moduleDirs.join(", ")}: ` +
        "pages would be blocked by their Content-Security-Policy (refusing to start)",
    );
  }
  const runtimes = [...found].sort((a, b) => b.length - a.length);
  runtimesIn.set(moduleDirs.join("\n"), runtimes);
  return runtimes;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** True when an inline script's text is the framework's own (see above). */
export function isFrameworkScript(text: string, known = reactRuntimes()): boolean {
  const code = text.trim();
  for (const pattern of PUSHES) {
    const match = pattern.exec(code);
    if (match) return isJson(match[1]!);
  }
  let rest = code;
  for (let progressed = true; progressed;) {
    progressed = false;
    for (const runtime of known) {
      if (rest.startsWith(runtime)) {
        rest = rest.slice(runtime.length);
        progressed = true;
      }
    }
  }
  return rest === "" || RUNTIME_CALLS.test(rest);
}

/** The CSP hash sources of a page's allowed inline scripts (and how many were refused). */
export function inlineScriptHashes(html: string): { hashes: string[]; refused: number } {
  const hashes = new Set<string>();
  let refused = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, text] = match;
    if (!text || /\bsrc\s*=/i.test(attributes!)) continue;
    // A nonce attribute does not matter here: a static page that Next.js rebuilt in the background
    // keeps the nonce of the visit that asked for it, which is no secret (page-policy.ts).
    // Data blocks (JSON-LD) are never executed, so CSP does not apply to them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
    if (type && type !== "module" && !type.includes("javascript")) continue;
    if (isFrameworkScript(text)) hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    else refused++;
  }
  return { hashes: [...hashes], refused };
}
