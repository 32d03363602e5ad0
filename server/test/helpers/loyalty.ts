import { CARD_SECRETS_HEADER, type WalletJoinResult, type ScanResult } from "../../../contract/wallet";
import type { QrCode } from "../../../contract/qr-codes";
import type { Reward } from "../../../contract/rewards";
import type { RequestOptions, TestApp } from "./app";
import { dashboardFixtures } from "./dashboard";

/** Loyalty fixtures through the API, each expecting success. */
export function loyaltyFixtures(t: TestApp) {
  const f = dashboardFixtures(t);
  const ok = <T>(res: { statusCode: number; text: string; body: { data: unknown } }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.text}`);
    return res.body.data as T;
  };
  let customer = 0;
  const fixtures = {
    ...f,
    async owner() {
      return t.tokenFor((await t.createUser()).id);
    },
    async addReward(token: string, businessId: number, fields: Record<string, unknown> = {}) {
      const body = {
        business_id: businessId,
        title: "Free coffee",
        stamps_required: 5,
        cooldown_minutes: 240,
        ...fields,
      };
      return ok<Reward>(await t.post("/add-reward", body, { token }), "add-reward");
    },
    async generateQr(token: string, businessId: number, fields: Record<string, unknown> = {}) {
      return ok<QrCode>(
        await t.post("/generate-qr", { business_id: businessId, label: "Counter", ...fields }, { token }),
        "generate-qr",
      );
    },
    /** An owner with a business, a reward and a QR code. */
    async programme(rewardFields: Record<string, unknown> = {}) {
      const token = await fixtures.owner();
      const business = await f.addBusiness(token);
      const reward = await fixtures.addReward(token, business.id, rewardFields);
      const qr = await fixtures.generateQr(token, business.id, { reward_id: reward.id });
      return { token, business, reward, qr };
    },
    /** `options.headers`: the device's card secrets (more than 3 joins from one device in 10 minutes raise an alert). */
    async join(qrToken: string, fields: Record<string, unknown> = {}, options: RequestOptions = {}) {
      customer++;
      const body = {
        qr_token: qrToken,
        name: `Customer ${customer}`,
        email: `customer-${customer}-${Date.now()}@example.com`,
        consent: true,
        ...fields,
      };
      const data = ok<WalletJoinResult>(await t.post("/wallet-join", body, options), "wallet-join");
      return { ...data, email: body.email as string, secret: data.card_secret! };
    },
    /** A self-scan of a business QR code from a device holding these card secrets. */
    selfScan(qrToken: string, secrets: string[], code = qrToken) {
      return t.post<ScanResult>(
        "/qr-code-scanner",
        { code },
        { headers: { [CARD_SECRETS_HEADER]: secrets.join(",") } },
      );
    },
    staffScan(token: string, serial: string) {
      return t.post<ScanResult>("/qr-code-scanner", { code: serial }, { token });
    },
    cardHeaders: (secrets: string[]) => ({ [CARD_SECRETS_HEADER]: secrets.join(",") }),
  };
  return fixtures;
}
