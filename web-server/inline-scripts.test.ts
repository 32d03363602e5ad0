import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { inlineScriptHashes, isFrameworkScript, reactRuntimes } from "./inline-scripts";

/** HTML as React streams it when a Suspense boundary resolves after the shell. */
async function streamedHtml(): Promise<string> {
  let resolve!: (value: string) => void;
  const later = new Promise<string>((r) => (resolve = r));
  const Late = () => createElement("p", null, use(later));
  const tree = createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement(Suspense, { fallback: createElement("p", null, "…") }, createElement(Late)),
    ),
  );
  return new Promise((done, fail) => {
    const out = new PassThrough();
    let html = "";
    out.on("data", (chunk: Buffer) => (html += chunk.toString()));
    out.on("end", () => done(html));
    const stream = renderToPipeableStream(tree, {
      onShellReady() {
        stream.pipe(out);
        setTimeout(() => resolve("arrived"), 5);
      },
      onError: fail,
    });
  });
}

describe("inline scripts a page may run", () => {
  it("finds React's streaming runtime in the installed react-dom builds", () => {
    const runtimes = reactRuntimes();
    expect(runtimes.some((r) => r.includes("$RC=function"))).toBe(true);
    expect(runtimes.some((r) => r.startsWith("$RX=function"))).toBe(true);
  });

  it("refuses to go on without them (the web server then does not start)", () => {
    expect(() => reactRuntimes(["/nonexistent/node_modules"])).toThrow(
      /React's streaming runtime \(\$RC\) was not found/,
    );
  });

  it("allows React's own streaming scripts (a Suspense boundary resolved late)", async () => {
    const html = await streamedHtml();
    expect(html).toContain("$RC");
    const { hashes, refused } = inlineScriptHashes(html);
    expect(refused).toBe(0);
    expect(hashes.length).toBeGreaterThan(0);
  });

  it.each([
    'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])',
    "(self.__next_f=self.__next_f||[]).push([0])",
    '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]})',
    '$RC("B:0","S:0")',
    // As Next 16 streams a partially prerendered page (/verify-otp).
    '$RS=function(a,b){a=document.getElementById(a);b=document.getElementById(b);for(a.parentNode.removeChild(a);a.firstChild;)b.parentNode.insertBefore(a.firstChild,b);b.parentNode.removeChild(b)};$RS("S:1","P:1")',
  ])("allows the framework's data script %s", (script) => {
    expect(isFrameworkScript(script)).toBe(true);
  });

  it.each([
    "alert(document.cookie)",
    'self.__next_f.push([1,"x"]);alert(1)',
    'self.__next_f.push([1,"x"]),alert(1)',
    "self.__next_f.push(alert(1))",
    '$RC("B:0",alert(1))',
    "$RC=alert;$RC(1)",
    '$RC("B:0","S:0");fetch("//evil.example")',
  ])("refuses anything else: %s", (script) => {
    expect(isFrameworkScript(script)).toBe(false);
  });

  it("hashes allowed scripts, skips data blocks and external scripts, and counts the refused", () => {
    const html = [
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
      "<script>alert(1)</script>",
    ].join("");
    const { hashes, refused } = inlineScriptHashes(html);
    expect(hashes).toEqual([
      "'sha256-" + createHash("sha256").update("(self.__next_f=self.__next_f||[]).push([0])").digest("base64") + "'",
    ]);
    expect(refused).toBe(1);
  });
});
