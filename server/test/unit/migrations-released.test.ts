import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Migrations already released have run on databases we do not control: drizzle's migrator records
 * each by its position and creation time, so one edited after release would never run again where it
 * ran, and a renamed one breaks the journal. Their names and bytes are pinned here; a new migration
 * is added to this list when it is released.
 */
const RELEASED: Record<string, string> = {
  "0000_init.sql": "86dd919e067177373e0c4cb1feb646305beaffb4cb96bdb47f0243eca5fc0b46",
  "0001_pending_registration.sql": "f0c79e3d184e4bdb2a2dd56973e9a1597a747bb35b8f891013ecde9d7becafbd",
  "0002_dashboard.sql": "836aed53c134a8735f3c00491eee2d8c99b4bb9f655e1348c1dcdb2ba1917861",
  "0003_site.sql": "beee80ab212a5d5a04f6301d523783b50af9428fa8bcc35a82787799f36d639d",
  "0004_payments.sql": "d717378cd31edb29ad19c78b602d5e86e0c13227a215d27b8ae6ec9433ebecf4",
  "0005_loyalty.sql": "23fe4facd3798113868a36fcfe57d67e948bff5ba1abab640658b59273b59209",
  "0006_apple-wallet.sql": "9dde89b9fe897571e340e670e13fa743e205d208002678e09834545e87f5693d",
  "0007_notifications.sql": "59e9393aa7e28d5109aa878b1a315a408881ae5515d1cc276bc38b5692648f21",
  "0008_trgm_custom.sql": "22151ce5cdd42ea00cbf9b54cec62b5637d1ee4c316514a248fdf0cce690b5ec",
  "0009_issues.sql": "a69df9d3d2ce403d7abb50350255ba3ce9a07504cdfcdbfedcb6017648e696dd",
  "0010_security_custom.sql": "47de661ec1a093a16d172a8e23189662d762451151d03eda59e0f6b7848495eb",
  "0011_scan_days_custom.sql": "44ac0a5fe2d25c5d7cd8d1b81f3c034a6e1fb6c65320628a2a5b07addb59f6f1",
  "0012_last_visit_custom.sql": "6c71c337346c2831ad6864a5a5a956895a502c59f7faa5f93d9f141a1ef92b13",
  "0013_payment-event-order.sql": "3488473d7e5449588b9caeec41088bfdd2125e86e6ad33dd5e85693e9d827e85",
  "0014_message-passes.sql": "14afbc5991a9311fc78cf778c59ebb4273bb92241defd4be2eac107ddf5460c2",
  "0015_job-effects.sql": "ff5dea828b62dd0f6639106cf9176bd6f1abdb67fe3daf82bbd23d92dfa390f5",
  "0016_feed-references.sql": "40ff74ae31e36775bb3fdf2eb9a726ae50768e45a21ed30b674c810c8e9fdcd7",
  "0017_counter-streams.sql": "ae5c748ad8e17d023e417ce19c8ae50c28e96368b9b68714cfaf1b4a77d38128",
  "0018_billing-anchor-and-fk-indexes.sql": "a8f87ec45b3cdcfc182dfbec30a966932c15dd5963c7efa23d4015837439ad75",
  "0019_programme-kinds.sql": "9228cac658378a30e39f6661e565b86fb6af86dc1b939be20f093adb06f7d54b",
  "0020_currency-from-country.sql": "ccf30bee6fb3ba914e54c7829b69201e9502bb9538e6f8d8a6372302e8aa1ce8",
  "0021_programme-totals.sql": "e4b6c3591967685af7c8954375d7fc3de4999b22a1b967c3cc186c7566fbb07d",
  "0022_programme-totals-trigger.sql": "17a5efbfe9327270d78756889882735c3b9fe39525f0057e98680741e1d99a8d",
  "0023_till.sql": "e4983f4e3512abdc9a37c6a19a96e176ee0b121751ae48228d41096f7d8fed39",
  "0024_api-keys.sql": "e69800574e7bc520159cfc492e76e7e9ba6a27d6c5d6606286601e4846130c22",
  "0025_integrations-plan-feature.sql": "d6bf5fb072f81c36ebf2674d5af79cb4aa2544c2e4a1ea23d792a59b4c049eba",
  "0026_webhooks.sql": "a092b455b57c046935981bb9d3b56e2da4eb9bc325185ac44c0e3db5dacedcd3",
  "0027_card_design.sql": "3c3b91064c731add269cefddcdebbdec14f2eab446a2fb44be261b23e470bfbb",
  "0028_user-locale.sql": "09c36173302522bd06a2d5e5045da2c0b12099a7206443040cd058b730566700",
  "0029_till-refunds-square-customers.sql": "edf953b01b213b0634ef8fcf6d9d97cfc112ceda2c53541a5d7ecb2928083dbb",
  "0030_referral-bonuses.sql": "eb2e1033f8cf35a28afc874546a8292eb885a9cc43b41b466ad958081ec3759b",
  "0031_site-translations.sql": "83baaaf94d3c7d4455b21586c46a5f9edd86d376fc275a6f54f54a17c4c462b5",
  "0032_own-job-outbox.sql": "5fbde51b304fa1f8b4e96c3db4caedb243500c7565d7f965d63f30da92b2d7cf",
  "0033_points-per-unit-decimal-max-purchase.sql": "8503f15a33093ffa7b27ca96a683d3e23c24dd7778a52bb3b80ab5d84544fff1",
  "0034_expiry-forward.sql": "eb8a2c7b701b8799be2e69ba0fbac8a814213feb5b3f320ee6ccbe282702ec93",
  "0035_record-the-actor.sql": "2055cc3d8d73b7b2bae46725356a5e54dd1a7d2cb234e0e928fc6d82e4bbeba9",
  "0036_programme-totals-from-its-declaration.sql": "88861e48158cccf721f57bd50dfa9c9172562dea071d50271b07ab12ee739171",
  "0037_plan-offer-features.sql": "b7a529eed02b769ff8b0534110bfab72bd5c32cf9d735d68d7af87558efb2d3d",
  "0038_consent-and-channels.sql": "97187de054afa39bee0297fccdecc907de034d88ff03a58d16e2038b06eee259",
  "0039_happy-hours.sql": "db72316fe547f3d00e08199d01e54dce5a5250d17f2ab60a20f213ae0772e595",
  "0040_vouchers.sql": "f7ed4d3016a8cd66c53b275eb8e72c8d4438b0705d59ee17890477cb22a37c3d",
  "0041_sales-and-control-group.sql": "c1be85b85eb2579f6d30d4499b6ff670dfdb8666b856be0e2594607d4f31dc9c",
  "0042_channel-sends.sql": "8fc611d209a241d4dbc2961bf69726937c0ef389b891b4cb05577fd31498dbb4",
  "0043_customer-import.sql": "ef9c97ff5614eeb5237c61e34fa245efad9e4677881b8223f05c3e046d308dae",
  "0044_automation-offers.sql": "105c02fc142c34a2417a37420686660bd7aa51baa803debcadbf59ba7814090f",
  "0045_levels.sql": "53518de58e258888e016c3411b9cdc9f6e2b21e53942ab4598dd06472807642e",
  "0046_message-channels.sql": "bb2e12c969d961788db747e28fbc419128bc23f389ec829f84b7ec0d4e85ea52",
  "0047_product-category-rules.sql": "5e38b555981b12cf5bc414a191807fa9dd423626b6356ad14368cecffdf4f7fc",
  "0048_sms-through-twilio.sql": "2670947dd4ca302bf73ba0147d4eaf0daf356e03b9a2aeffa1b835a4405de375",
  "0049_promotion-extra.sql": "0317b2638752b24199608f7a0203d1e1396a8a8a26c72d2002703ea7caac0103",
  "0050_staff-alert-threshold.sql": "d6b4be0bcf30fdf39524f9094fc8852fc4827d24156c16af417ee3d6e627cc68",
  "0051_rollup-parts.sql": "50d2f5cb89239f339b10a22c64b38909f760c90a670aba93c6975c24b0007879",
  "0052_offer-cost.sql": "62ae340a376f45d040f1794decfd3417f057d401a54bea893d0b975b8ef930aa",
  "0053_history-reason-parts.sql": "2b055e383e94075638e5ce3a3f660e1f8f4c059f341e6e9aeccda3b6ac8f2bf7",
  "0054_message-marketing.sql": "b6704e11f5b1a5b07be47a092155455b02c6da3dd3dacfd494b9e70da5582e4c",
  "0055_insight-figures.sql": "b0127bb904d7331b732af78d9f93884290aefd615a305875eba945410e1f5c28",
  "0056_insight-period-rollups.sql": "34cd3eba3317f218bbadf343f383f297e3b960851ca873d3e7d4010dca7ef836",
  "0057_happy-hour-figure-index.sql": "b6bb5e95a02cfa173a3a6cca471ac595073bb6dc375a58d68306232f362eb67a",
  "0058_insight-pair-sums.sql": "348fe2ce60d9e940729aa7fa6110050fd8a4c637f4c53eab93084cff12f828f5",
  "0059_drop-insight-pairs-by-bucket.sql": "e9bd156c6e3f95a0a09fe8224666410ebab317634efd493202915e9883d0d77b",
  "0060_insight-cards-one-card.sql": "a51a666e5234e6ffa24ad42ac240f611859dd464bc148fbf0d1bbc341551aea7",
};

const folder = path.join(__dirname, "../../migrations");
const sha256 = (file: string) =>
  createHash("sha256")
    .update(fs.readFileSync(path.join(folder, file)))
    .digest("hex");

describe("released migrations", () => {
  it.each(Object.entries(RELEASED))("%s keeps its name and bytes", (file, hash) => {
    expect(fs.existsSync(path.join(folder, file))).toBe(true);
    expect(sha256(file)).toBe(hash);
  });

  it("every migration in the journal has its file, in the journal's order", () => {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
      entries: { idx: number; tag: string; when: number }[];
    };
    const files = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    const whens = journal.entries.map((e) => e.when);
    expect([...whens].sort((a, b) => a - b)).toEqual(whens);
  });
});
