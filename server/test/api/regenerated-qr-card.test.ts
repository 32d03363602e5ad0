import { sql } from "drizzle-orm";
import type { QrCode } from "../../../contract/qr-codes";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Regenerating a QR code orphans no card holder. The card page finds the card by the
// card (its serial and the device's key); only joining and stamping need the current token.
jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const UNKNOWN_QR = /This QR code is not valid any more/;

const walletCard = (query: Record<string, string>, secrets: string[]) =>
  t.get<(WalletCard & { birthday: string | null }) | null>("/wallet-card", { query, headers: f.cardHeaders(secrets) });

const cardRow = async (serial: string) => {
  const [row] = await t.query<{ stamps: number; events: number; birthday: string | null }>(
    sql`select c.stamps, (select count(*)::int from card_events e where e.card_id = c.id) as events,
          cu.birthday::text as birthday
        from cards c join customers cu on cu.id = c.customer_id where c.serial = ${serial}`,
  );
  return { stamps: Number(row!.stamps), events: Number(row!.events), birthday: row!.birthday };
};

/** A card joined at a QR code that its owner then regenerated. */
async function regenerated() {
  const programme = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  const joined = await f.join(programme.qr.qr_token);
  const res = await t.post<QrCode>("/qr-regenerate", { qr_id: programme.qr.id }, { token: programme.token });
  expect(res.statusCode).toBe(200);
  return { ...programme, joined, oldToken: programme.qr.qr_token, fresh: res.body.data };
}

describe("after qr-regenerate", () => {
  it("the device's card key and the old token still open the card, without a stamp", async () => {
    const { joined, oldToken, business, reward } = await regenerated();
    const before = await cardRow(joined.card.serial);
    // With the card's serial (the card page's call) and without (a link saved before: the newest card).
    const queries: Record<string, string>[] = [
      { qr_token: oldToken, serial: joined.card.serial },
      { qr_token: oldToken },
    ];
    for (const query of queries) {
      const res = await walletCard(query, [joined.secret]);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({
        serial: joined.card.serial,
        stamps: 1,
        business_name: business.business_name,
        reward_title: reward.title,
        place: {
          business: { id: business.id, name: business.business_name },
          reward: { title: reward.title, stamps_required: reward.stamps_required },
        },
      });
    }
    // The card alone (the installed app's start page, which has no token).
    const bySerial = await walletCard({ serial: joined.card.serial }, [joined.secret]);
    expect(bySerial.body.data).toMatchObject({ serial: joined.card.serial, stamps: 1 });
    expect(await cardRow(joined.card.serial)).toEqual(before);
  });

  it("without the card's key on the device the old token is not valid any more", async () => {
    const { joined, oldToken } = await regenerated();
    const other = await regenerated();
    expectError(await walletCard({ qr_token: oldToken }, []), 404, UNKNOWN_QR);
    expectError(await walletCard({ qr_token: oldToken, serial: joined.card.serial }, []), 404, UNKNOWN_QR);
    // Another device's key does not open this card by its serial.
    expectError(
      await walletCard({ qr_token: oldToken, serial: joined.card.serial }, [other.joined.secret]),
      404,
      UNKNOWN_QR,
    );
    const foreign = await walletCard({ serial: joined.card.serial }, [other.joined.secret]);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body.data).toBeNull();
    expectInvalid(await t.get("/wallet-card", { query: {} }), ["qr_token"]);
    expectInvalid(await t.get("/wallet-card", { query: { serial: "nope" } }), ["serial"]);
  });

  it("the old token neither stamps nor joins; the new one does both", async () => {
    const { joined, oldToken, fresh } = await regenerated();
    const before = await cardRow(joined.card.serial);
    expectError(await f.selfScan(oldToken, [joined.secret]), 404);
    const join = await t.post("/wallet-join", {
      qr_token: oldToken,
      name: "Late Comer",
      email: `late-${Date.now()}@example.com`,
      consent: true,
    });
    expectError(join, 404, UNKNOWN_QR);
    expect(await cardRow(joined.card.serial)).toEqual(before);
    expect((await f.selfScan(fresh.qr_token, [joined.secret])).body.data).toMatchObject({ action: "stamp", stamps: 2 });
    expect((await f.join(fresh.qr_token)).card.stamps).toBe(1);
  });

  it("the card page's buttons work on the card by its serial: birthday and delete", async () => {
    const { joined, oldToken } = await regenerated();
    const headers = f.cardHeaders([joined.secret]);
    const serial = joined.card.serial;
    const saved = await t.post("/wallet-birthday", { qr_token: oldToken, serial, birthday: "1990-04-02" }, { headers });
    expect(saved.statusCode).toBe(200);
    expect((await cardRow(serial)).birthday).toBe("1990-04-02");
    expectError(await t.post("/wallet-birthday", { qr_token: oldToken, serial, birthday: null }), 404, UNKNOWN_QR);
    expectInvalid(await t.post("/wallet-birthday", { birthday: null }, { headers }), ["qr_token"]);
    expect((await t.post("/wallet-card-delete", { serial }, { headers })).statusCode).toBe(200);
    expect(await t.query(sql`select id from cards where serial = ${serial}`)).toHaveLength(0);
  });
});
