import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Business } from "../../../contract/business";
import { imageQueue } from "../../src/services/images";
import { logoLimit } from "../../src/modules/businesses/service";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, image, multipart } from "../helpers/dashboard";

// Attacker's findings (logo processing): eight concurrent 6320 × 6320 PNGs (155 KB
// each) took the API server to 865 MB and /api/health to 1.9 s. The pixels are capped lower,
// images are processed one at a time, and logo uploads are rate-limited per owner.

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const owner = async () => {
  const user = await t.createUser();
  return { id: user.id, token: await t.tokenFor(user.id) };
};
const withLogo = (data: Buffer, fields: Record<string, string> = {}) =>
  multipart({ ...BUSINESS_FIELDS, ...fields, business_logo: { data, filename: "logo.png", type: "image/png" } });
const count = async (table: string) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

it("refuses an image of more than 4096 × 4096 pixels with 422 (small file, huge picture)", async () => {
  const { token } = await owner();
  const huge = await sharp({ create: { width: 4100, height: 4100, channels: 3, background: "#4f46e5" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(huge.length).toBeLessThan(200_000);
  const files = await count("files");
  const res = await t.post("/add-business", undefined, { token, ...(await withLogo(huge)) });
  expectInvalid(res, ["business_logo"]);
  expect(res.body.errors!.business_logo).toEqual(["The business logo may be at most 4096 × 4096 pixels."]);
  expect(await count("files")).toBe(files);
});

/** Lets the event loop run until `done()` holds (requests in flight reach the queue). */
async function until(done: () => boolean) {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}

it("processes concurrent uploads one at a time", async () => {
  const { token } = await owner();
  const logo = await image("png", 300);
  const businesses = await count("businesses");
  // The test holds the one slot: the uploads queue behind it and nothing is written meanwhile.
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = imageQueue.run(() => gate);
  const uploads = await Promise.all([1, 2, 3].map(async (n) => withLogo(logo, { business_name: `Shop ${n}` })));
  const answers = Promise.all(uploads.map((body) => t.post("/add-business", undefined, { token, ...body })));
  await until(() => imageQueue.stats.waiting === 3);
  expect(imageQueue.stats.active).toBe(1);
  expect(await count("businesses")).toBe(businesses);

  open();
  await held;
  const done = await answers;
  expect(done.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  expect(done.every((r) => (r.body.data as Business).business_logo)).toBe(true);
  expect(imageQueue.stats.peakActive).toBe(1);
  expect(imageQueue.stats).toMatchObject({ active: 0, waiting: 0 });
});

it("rate-limits logo uploads per owner (429), not edits without a new logo", async () => {
  const { id, token } = await owner();
  const logo = await image("png");
  const first = await t.post("/add-business", undefined, { token, ...(await withLogo(logo)) });
  expect(first.statusCode).toBe(201);
  const business = first.body.data as Business;
  // The owner has used the hour's allowance.
  await t.query(sql`update rate_limits set count = ${logoLimit.max} where key = ${`logo:owner:${id}`}`);
  const refused = await t.post("/add-business", undefined, {
    token,
    ...(await withLogo(logo, { id: String(business.id) })),
  });
  expectError(refused, 429, /Too many attempts/);
  const edit = await t.post(
    "/add-business",
    { ...BUSINESS_FIELDS, id: business.id, business_name: "Renamed" },
    { token },
  );
  expect(edit.statusCode).toBe(200);
  // Another owner still uploads.
  const other = await owner();
  expect((await t.post("/add-business", undefined, { token: other.token, ...(await withLogo(logo)) })).statusCode).toBe(
    201,
  );
});
