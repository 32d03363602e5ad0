import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { CardDesign } from "../../../contract/card-design";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { dashboardFixtures, image, multipart } from "../helpers/dashboard";

// card-design-get / card-design-update.

jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof dashboardFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = dashboardFixtures(t);
});
afterAll(() => t.close());

const owner = async () => {
  const user = await t.createUser();
  const token = await t.tokenFor(user.id);
  const business = await f.addBusiness(token, { business_name: "Blue Bean Café" });
  return { token, business };
};

const FIELDS = {
  title: "Blue Bean Club",
  background_color: "#1A2B3C",
  foreground_color: "#FFFFFF",
  label_color: "#eeeeee",
  locale: "fr",
};
const update = async (
  token: string,
  fields: Record<string, string | { data: Buffer; filename: string; type: string }>,
) => t.post<CardDesign>("/card-design-update", undefined, { token, ...(await multipart(fields)) });
const get = (token: string, businessId: number) =>
  t.get<CardDesign>("/card-design-get", { token, query: { business_id: String(businessId) } });
const row = async (businessId: number) =>
  (
    await t.query<Record<string, unknown>>(
      sql`select card_title, card_background_color, card_locale, strip_file_id, hero_file_id, updated_at from businesses where id = ${businessId}`,
    )
  )[0]!;
const count = async (table: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const png = (data: Buffer) => ({ data, filename: "strip.png", type: "image/png" });

it("answers today's look for a business never designed", async () => {
  const { token, business } = await owner();
  const res = await get(token, business.id);
  expect(res.statusCode).toBe(200);
  expect(res.body.data).toEqual({
    business_id: business.id,
    title: "Blue Bean Café",
    background_color: "#4f46e5",
    foreground_color: "#ffffff",
    label_color: "#e5e7eb",
    locale: null,
    logo_url: null,
    strip_url: null,
    google_hero_url: null,
  });
});

it("saves a design with colours lower-cased and a strip cut at Apple's and Google's sizes", async () => {
  const { token, business } = await owner();
  const strip = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#ff8800" } })
    .jpeg()
    .toBuffer();
  const res = await update(token, { ...FIELDS, business_id: String(business.id), strip: png(strip) });
  expect(res.statusCode).toBe(200);
  const design = res.body.data as CardDesign;
  expect(design).toMatchObject({
    title: "Blue Bean Club",
    background_color: "#1a2b3c",
    foreground_color: "#ffffff",
    label_color: "#eeeeee",
    locale: "fr",
  });
  expect(design.strip_url).toMatch(/^\/api\/files\/\d+$/);
  expect(design.google_hero_url).toMatch(/^https?:\/\/.+\/api\/files\/\d+$/);
  expect((await get(token, business.id)).body.data).toEqual(design);

  const stripFile = await t.get(design.strip_url!);
  expect(stripFile.statusCode).toBe(200);
  const stripMeta = await sharp(stripFile.rawPayload).metadata();
  expect(stripMeta).toMatchObject({ format: "png", width: 1125, height: 369 });
  const heroPath = new URL(design.google_hero_url!).pathname;
  const heroMeta = await sharp((await t.get(heroPath)).rawPayload).metadata();
  expect(heroMeta).toMatchObject({ format: "png", width: 1032, height: 336 });

  // A design without a strip keeps the strip; locale "" is the customer's browser.
  const kept = await update(token, { ...FIELDS, locale: "", business_id: String(business.id) });
  expect(kept.body.data).toMatchObject({ strip_url: design.strip_url, locale: null });
  // remove_strip drops it and its files.
  const files = await count("files");
  const removed = await update(token, { ...FIELDS, business_id: String(business.id), remove_strip: "1" });
  expect(removed.body.data).toMatchObject({ strip_url: null, google_hero_url: null });
  expect(await count("files")).toBe(files - 2);
});

it("deletes the strip's files with the business", async () => {
  const { token, business } = await owner();
  await update(token, { ...FIELDS, business_id: String(business.id), strip: png(await image("png", 400)) });
  const files = await count("files");
  expect((await t.post("/delete-business", { id: business.id }, { token })).statusCode).toBe(200);
  expect(await count("files")).toBe(files - 2);
});

describe("refuses bad input with 422 and writes nothing", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["an empty title", { title: "  " }, "title"],
    ["a title over 40 characters", { title: "x".repeat(41) }, "title"],
    ["a colour name", { background_color: "red" }, "background_color"],
    ["a short hex colour", { foreground_color: "#fff" }, "foreground_color"],
    ["a colour without #", { label_color: "eeeeee" }, "label_color"],
    ["an unknown locale", { locale: "xx" }, "locale"],
    ["a missing business", { business_id: "" }, "business_id"],
  ];
  it.each(cases)("%s", async (_what, fields, field) => {
    const { token, business } = await owner();
    const before = await row(business.id);
    const res = await update(token, { ...FIELDS, business_id: String(business.id), ...fields });
    expectInvalid(res, [field]);
    expect(await row(business.id)).toEqual(before);
  });

  it("a strip that is not an image, a GIF, or more than 2 MB", async () => {
    const { token, business } = await owner();
    const before = await row(business.id);
    const files = await count("files");
    const noise = Buffer.alloc(3 * 1024 * 1024, 7);
    for (const data of [Buffer.from("not an image at all"), await image("gif"), noise]) {
      const res = await update(token, { ...FIELDS, business_id: String(business.id), strip: png(data) });
      expectInvalid(res, ["strip"]);
    }
    expect(await row(business.id)).toEqual(before);
    expect(await count("files")).toBe(files);
  });
});

it("keeps other owners' businesses out (404) and staff out (403)", async () => {
  const a = await owner();
  const b = await owner();
  expectError(await get(b.token, a.business.id), 404);
  const before = await row(a.business.id);
  expectError(await update(b.token, { ...FIELDS, business_id: String(a.business.id) }), 404);
  const staff = await f.staffOf(a.token, `staff-${a.business.id}@example.com`);
  expectError(await get(staff.token, a.business.id), 403);
  expectError(await update(staff.token, { ...FIELDS, business_id: String(a.business.id) }), 403);
  expect(await row(a.business.id)).toEqual(before);
});
