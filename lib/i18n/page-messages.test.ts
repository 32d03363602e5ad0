import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { covers, pickMessages, type MessagePath } from "./message-paths";
import { messagesUsed } from "./messages-used";
import { PAGE_MESSAGES, SHELL_MESSAGES, type SignedInPage } from "./page-messages";

const APP = "app/(app)";
/** Every signed-in page, by its path, from its folder. */
const pages = fs
  .readdirSync(APP, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "page.tsx")
  .map((file) => `/${path.dirname(file)}`)
  .sort();

const missing = (used: Set<MessagePath>, given: readonly MessagePath[]) =>
  [...used].filter((p) => !covers(given, p)).sort();

describe("each signed-in page hands the browser the messages its components read", () => {
  it("the shell's: the top bar, the menu, the error and loading states", () => {
    const used = messagesUsed([`${APP}/layout.tsx`, `${APP}/error.tsx`, `${APP}/loading.tsx`]);
    expect(missing(used, SHELL_MESSAGES)).toEqual([]);
  });

  it("lists every page there is, and no other", () => {
    expect(Object.keys(PAGE_MESSAGES).sort()).toEqual(pages);
  });

  it.each(pages)("%s: what its imports read is in PAGE_MESSAGES, and the page is wrapped in it", (page) => {
    const file = `${APP}${page}/page.tsx`;
    const given = [...SHELL_MESSAGES, ...PAGE_MESSAGES[page as SignedInPage]];
    expect(missing(messagesUsed([file]), given)).toEqual([]);
    expect(fs.readFileSync(file, "utf8")).toContain(`<PageMessages page="${page}">`);
  });
});

describe("messagesUsed", () => {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "messages-used-"));
  const write = (name: string, source: string) => fs.writeFileSync(path.join(dir, name), source);
  afterAll(() => fs.rmSync(dir, { recursive: true }));

  it("follows relative imports and dynamic imports, by namespace or its first part", () => {
    write("a.tsx", 'import { B } from "./b";\nconst C = () => import("./c");\nuseTranslations("dashboard.main");');
    write("b.tsx", 'useTranslations("offers")');
    write("c.tsx", "useTranslations(`scanner.result`)");
    expect([...messagesUsed([path.join(dir, "a.tsx")])].sort()).toEqual(["dashboard.main", "offers", "scanner.result"]);
  });

  it("counts a kind's words as kinds, and refuses a namespace it cannot follow", () => {
    write("k.tsx", "useTranslations(webKind(card.kind));");
    expect([...messagesUsed([path.join(dir, "k.tsx")])]).toEqual(["kinds"]);
    write("x.tsx", "useTranslations(someNamespace);");
    expect(() => messagesUsed([path.join(dir, "x.tsx")])).toThrow(/cannot be followed/);
    write("y.tsx", 'useTranslations("nosuch.part");');
    expect(() => messagesUsed([path.join(dir, "y.tsx")])).toThrow(/no namespace "nosuch"/);
  });
});

describe("pickMessages", () => {
  const messages = {
    common: { ui: { ok: "OK" }, menu: { a: "A" } },
    dashboard: { main: { t: "T" }, chart: { c: "C" } },
  };

  it("gives whole namespaces and single parts, in the same shape, and nothing else", () => {
    expect(pickMessages(messages, ["common", "dashboard.main"])).toEqual({
      common: messages.common,
      dashboard: { main: { t: "T" } },
    });
    expect(pickMessages(messages, ["dashboard.main", "dashboard"])).toEqual({ dashboard: messages.dashboard });
    expect(pickMessages(messages, ["dashboard.nosuch" as MessagePath])).toEqual({});
  });

  it("covers a part by its namespace or itself", () => {
    expect(covers(["dashboard"], "dashboard.main")).toBe(true);
    expect(covers(["dashboard.main"], "dashboard.main")).toBe(true);
    expect(covers(["dashboard.chart"], "dashboard.main")).toBe(false);
  });
});
