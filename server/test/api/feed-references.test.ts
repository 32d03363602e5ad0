import { sql } from "drizzle-orm";
import type { NotificationList } from "../../../contract/notifications";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

/**
 * The feed points at things and makes its sentences when read: a row names no one,
 * a renamed business reads with its new name, and erasing a customer changes only their entries.
 */
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

async function feedTexts(token: string) {
  await t.settle();
  const res = await t.get<NotificationList>("/notification-list", { token, query: { per_page: "50" } });
  expect(res.statusCode).toBe(200);
  return res.body.data.notificationData.map((e) => e.text).reverse();
}

const ownerIdOf = async (businessId: number) =>
  (await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${businessId}`))[0]!.id;

it('a customer named "joined" deletes their card: only their own entries change, and lose their name', async () => {
  const { token, qr, business } = await f.programme({ stamps_required: 2 });
  const ann = await f.join(qr.qr_token, { name: "Ann Archer" });
  await f.staffScan(token, ann.card.serial);
  await f.staffScan(token, ann.card.serial); // a reward redeemed: "Ann Archer redeemed …"
  await f.join(qr.qr_token, { name: "Bob Baker" });
  const joined = await f.join(qr.qr_token, { name: "joined" });
  const before = await feedTexts(token);
  expect(before).toEqual([
    `Ann Archer joined ${business.business_name} and collected a first stamp.`,
    `Ann Archer redeemed Free coffee at ${business.business_name}.`,
    `Bob Baker joined ${business.business_name} and collected a first stamp.`,
    `joined joined ${business.business_name} and collected a first stamp.`,
  ]);

  const res = await t.post(
    "/wallet-card-delete",
    { qr_token: qr.qr_token, serial: joined.card.serial },
    { headers: f.cardHeaders([joined.secret]) },
  );
  expect(res.body.data).toEqual({ cards_deleted: 1, customer_deleted: true });

  expect(await feedTexts(token)).toEqual([
    ...before.slice(0, 3),
    `A deleted customer joined ${business.business_name} and collected a first stamp.`,
  ]);
});

it("entries written before references keep their sentence; erasure changes only those opening with the name", async () => {
  const { token, qr, business } = await f.programme();
  const ownerId = await ownerIdOf(business.id);
  const legacy = [
    "Ann Archer joined Old Café and collected a first stamp.",
    "joined joined Old Café and collected a first stamp.",
    "joined redeemed Free coffee at Old Café.",
    "Bob joined the joined club and collected a first stamp.",
  ];
  for (const text of legacy) {
    await t.query(sql`insert into notifications (user_id, kind, title, text, business_id)
      values (${ownerId}, ${text.includes("redeemed") ? "reward_redeemed" : "card_joined"}, 'Legacy', ${text}, ${business.id})`);
  }
  const joined = await f.join(qr.qr_token, { name: "joined" });
  await t.settle();
  await t.post(
    "/wallet-card-delete",
    { qr_token: qr.qr_token, serial: joined.card.serial },
    { headers: f.cardHeaders([joined.secret]) },
  );
  expect(await feedTexts(token)).toEqual([
    "Ann Archer joined Old Café and collected a first stamp.",
    "A deleted customer joined Old Café and collected a first stamp.",
    "A deleted customer redeemed Free coffee at Old Café.",
    "Bob joined the joined club and collected a first stamp.",
    `A deleted customer joined ${business.business_name} and collected a first stamp.`,
  ]);
});

it("reads entries with the names as they are now: a renamed business shows its new name", async () => {
  const { token, qr, business } = await f.programme();
  await f.join(qr.qr_token, { name: "Cleo Clay" });
  expect(await feedTexts(token)).toEqual([`Cleo Clay joined ${business.business_name} and collected a first stamp.`]);
  await f.addBusiness(token, { id: String(business.id), business_name: "The Renamed Roastery" });
  expect(await feedTexts(token)).toEqual(["Cleo Clay joined The Renamed Roastery and collected a first stamp."]);
});

it("stores no name in a feed row: references and details only", async () => {
  const { token, qr, business } = await f.programme({ stamps_required: 2 });
  const card = await f.join(qr.qr_token, { name: "Dora Dunne-Unique" });
  await f.staffScan(token, card.card.serial);
  await f.staffScan(token, card.card.serial);
  await t.settle(); // the join's and redeem's entries are jobs: written before the message's
  await t.post("/notification-add", { business_id: business.id, title: "News", message: "Hi all" }, { token });
  await t.settle();
  const rows = await t.query<{ row: string; text: string | null; customer_id: number | null }>(
    sql`select row_to_json(n)::text as row, n.text, n.customer_id from notifications n
      where user_id = ${await ownerIdOf(business.id)} order by id`,
  );
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(row.text).toBeNull();
    expect(row.row).not.toContain("Dora");
    expect(row.row).not.toContain(business.business_name);
  }
  expect(rows.filter((r) => r.customer_id !== null)).toHaveLength(2);
  expect(await feedTexts(token)).toEqual([
    `Dora Dunne-Unique joined ${business.business_name} and collected a first stamp.`,
    `Dora Dunne-Unique redeemed Free coffee at ${business.business_name}.`,
    `To the card holders of ${business.business_name}: Hi all`,
  ]);
});

it("speaks the owner's language: titles and sentences made on reading, in the profile's locale", async () => {
  const { token, qr, business } = await f.programme({ stamps_required: 2 });
  await f.join(qr.qr_token, { name: "Dora Diaz" });
  const profile = await t.post(
    "/profile-update",
    { name: "Inhaberin", phone_number: "+49 30 123456", locale: "de" },
    { token },
  );
  expect(profile.statusCode).toBe(200);
  await t.settle();

  const res = await t.get<NotificationList>("/notification-list", { token });
  const [entry] = res.body.data.notificationData;
  expect(entry).toMatchObject({
    kind: "card_joined",
    title: "Neue Karte",
    text: `Dora Diaz ist ${business.business_name} beigetreten und hat einen ersten Stempel erhalten.`,
  });

  // Back to English: the same stored entry reads in English again.
  await t.post("/profile-update", { name: "Owner", phone_number: "+49 30 123456", locale: "en" }, { token });
  const again = await t.get<NotificationList>("/notification-list", { token });
  expect(again.body.data.notificationData[0]).toMatchObject({ title: "New card" });
});
