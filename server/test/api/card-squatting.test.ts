import { sql } from "drizzle-orm";
import type { WalletCard, WalletJoinResult } from "../../../contract/wallet";
import { codeOf, createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Attacker's findings (card squatting): wallet-join trusted the typed email and
// wallet-recover added a key without revoking the others, so whoever joined first with someone
// else's email kept seeing the card (stamps, messages, serial QR) after its owner recovered it,
// and could redeem with it.

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

async function recover(qrToken: string, email: string, code: string) {
  return t.post<WalletJoinResult>("/wallet-recover", { qr_token: qrToken, email, code });
}
async function requestCode(qrToken: string, email: string) {
  expect((await t.post("/wallet-recover", { qr_token: qrToken, email })).statusCode).toBe(200);
  const mails = await t.mailsTo(email);
  return codeOf(mails.at(-1)!);
}
const verifiedAt = async (email: string) =>
  (await t.query<{ at: string | null }>(sql`select email_verified_at as at from customers where email = ${email}`))[0]!
    .at;

it("the victim's recovery signs the squatter out: no reading, stamping or redeeming any more", async () => {
  const { token, qr } = await f.programme({ stamps_required: 2, cooldown_minutes: 0, daily_cap: 0 });
  const victim = "victim@example.com";
  // The squatter joins with the victim's email and collects the reward's stamps.
  const squatter = await f.join(qr.qr_token, { name: "Squatter", email: victim });
  expect((await f.selfScan(qr.qr_token, [squatter.secret])).body.data).toMatchObject({ stamps: 2 });
  expect(await verifiedAt(victim)).toBeNull();

  // The squatter's phone also holds the card as a wallet pass and gets its pushes.
  const cardId = (await t.query<{ id: number }>(sql`select id from cards where serial = ${squatter.card.serial}`))[0]!
    .id;
  await t.query(sql`insert into apple_pass_tokens (card_id, token_hash) values (${cardId}, ${"ab".repeat(32)})`);
  await t.query(
    sql`insert into apple_pass_registrations (device_library_id, push_token, card_id) values ('squatter-phone', ${"cd".repeat(32)}, ${cardId})`,
  );
  await t.query(sql`insert into push_tokens (token, card_id) values ('squatter-fcm-token', ${cardId})`);

  // The victim cannot join with their own email; they recover the card with the code mailed to it.
  expectInvalid(await t.post("/wallet-join", { qr_token: qr.qr_token, name: "Victim", email: victim, consent: true }), [
    "email",
  ]);
  const recovered = await recover(qr.qr_token, victim, await requestCode(qr.qr_token, victim));
  expect(recovered.statusCode).toBe(200);
  expect(recovered.body.message).toMatch(/Other devices holding this card were signed out/);
  const mine = recovered.body.data;
  expect(mine.card.serial).not.toBe(squatter.card.serial);
  expect(await verifiedAt(victim)).not.toBeNull();
  for (const table of ["apple_pass_tokens", "apple_pass_registrations", "push_tokens"]) {
    expect([table, await t.query(sql`select 1 from ${sql.identifier(table)} where card_id = ${cardId}`)]).toEqual([
      table,
      [],
    ]);
  }

  // The squatter's key reads nothing, stamps nothing; the old serial redeems nothing.
  const read = await t.get("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: f.cardHeaders([squatter.secret]),
  });
  expect(read.body.data).toBeNull();
  expectError(await f.selfScan(qr.qr_token, [squatter.secret]), 422, /Join first/);
  expectError(await f.staffScan(token, squatter.card.serial), 404, "This card is not one of your business's cards.");
  const pushed = await t.post(
    "/fcm-token",
    { for: "card", qr_token: qr.qr_token, token: "x".repeat(140) },
    {
      headers: f.cardHeaders([squatter.secret]),
    },
  );
  expect(pushed.statusCode).toBe(404);

  // The victim's device holds the card with its stamps, and the new serial redeems.
  const card = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: f.cardHeaders([mine.card_secret!]),
  });
  expect(card.body.data).toMatchObject({ serial: mine.card.serial, stamps: 2, reward_ready: true });
  expect((await f.staffScan(token, mine.card.serial)).body.data).toMatchObject({ action: "redeem", stamps: 0 });
  expect(
    await t.query(sql`select 1 from card_keys k join cards c on c.id = k.card_id where c.serial = ${mine.card.serial}`),
  ).toHaveLength(1);
});

it("a code asked for later (by the squatter) does not void the one the owner of the email is typing", async () => {
  const { qr } = await f.programme();
  const email = "typing@example.com";
  const squatter = await f.join(qr.qr_token, { email });
  const ownersCode = await requestCode(qr.qr_token, email);
  // A minute later the squatter asks for another code (to the same inbox, which they cannot read).
  await t.expireRateLimits("wallet-code:");
  const newer = await requestCode(qr.qr_token, email);
  expect(newer).not.toBeUndefined();

  const recovered = await recover(qr.qr_token, email, ownersCode);
  expect(recovered.statusCode).toBe(200);
  // Every code of the card is spent with it.
  if (newer !== ownersCode) expectInvalid(await recover(qr.qr_token, email, newer), ["code"]);
  const read = await t.get("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: f.cardHeaders([squatter.secret]),
  });
  expect(read.body.data).toBeNull();
});

it("a wrong code signs nobody out", async () => {
  const { qr } = await f.programme();
  const email = "holder@example.com";
  const holder = await f.join(qr.qr_token, { email });
  const code = await requestCode(qr.qr_token, email);
  expectInvalid(await recover(qr.qr_token, email, code === "000000" ? "111111" : "000000"), ["code"]);
  const read = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: qr.qr_token },
    headers: f.cardHeaders([holder.secret]),
  });
  expect(read.body.data.serial).toBe(holder.card.serial);
  expect(await verifiedAt(email)).toBeNull();
});
