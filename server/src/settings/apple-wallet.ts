import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";

/** Apple Wallet, when configured: every variable below, or none (a half setup refuses to start). */
export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  /** PEM texts. The pass certificate signs passes and is the APNs client certificate. */
  passCert: string;
  passKey: string;
  passKeyPassphrase?: string;
  wwdrCert: string;
  apnsEndpoint: string;
  /** Extra CA to trust for APNS_ENDPOINT (a local stand-in, an inspecting proxy); unset: the system's. */
  apnsCa?: string;
};

const REQUIRED = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERT",
  "APPLE_PASS_KEY",
  "APPLE_WWDR_CERT",
] as const;
const OPTIONAL = ["APPLE_PASS_KEY_PASSPHRASE", "APNS_ENDPOINT", "APNS_CA"] as const;

/** A PEM given as is, with `\n` escapes (one-line .env values), or base64-encoded. */
function pem(name: string, value: string): string {
  const text = value.includes("-----BEGIN")
    ? value.replace(/\\n/g, "\n")
    : Buffer.from(value.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!text.includes("-----BEGIN")) throw new Error(`${name}: must be a PEM text, or a base64-encoded PEM`);
  return text;
}

function certificate(name: string, value: string): string {
  const text = pem(name, value);
  try {
    new X509Certificate(text);
  } catch {
    throw new Error(`${name}: is not a readable X.509 certificate`);
  }
  return text;
}

/**
 * Reads Apple Wallet's variables. Returns undefined when none is set; throws an Error
 * naming the variable when only some are set or one does not read (certificate, key, passphrase).
 */
export function appleWalletFromEnv(env: Record<string, string | undefined>): AppleWalletConfig | undefined {
  const set = [...REQUIRED, ...OPTIONAL].filter((name) => env[name]);
  if (set.length === 0) return undefined;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(", ")}: Apple Wallet is partly configured (${set.join(", ")} set); set all or none`,
    );
  }
  const value = (name: (typeof REQUIRED)[number]) => env[name]!;
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(value("APPLE_PASS_TYPE_ID"))) {
    throw new Error("APPLE_PASS_TYPE_ID: must look like pass.com.example.loyalty");
  }
  if (!/^[A-Z0-9]{10}$/.test(value("APPLE_TEAM_ID"))) {
    throw new Error("APPLE_TEAM_ID: must be the 10-character team identifier");
  }
  const passKey = pem("APPLE_PASS_KEY", value("APPLE_PASS_KEY"));
  const passphrase = env.APPLE_PASS_KEY_PASSPHRASE;
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: passKey, passphrase });
  } catch {
    throw new Error("APPLE_PASS_KEY: does not open (not a private key, or APPLE_PASS_KEY_PASSPHRASE is wrong)");
  }
  const passCert = certificate("APPLE_PASS_CERT", value("APPLE_PASS_CERT"));
  if (!new X509Certificate(passCert).checkPrivateKey(key)) {
    throw new Error("APPLE_PASS_KEY: is not the key of APPLE_PASS_CERT");
  }
  const endpoint = env.APNS_ENDPOINT ?? "https://api.push.apple.com";
  if (!/^https:\/\/[^/]+$/.test(endpoint.replace(/\/$/, ""))) {
    throw new Error("APNS_ENDPOINT: must be an https:// origin, e.g. https://api.push.apple.com");
  }
  return {
    passTypeId: value("APPLE_PASS_TYPE_ID"),
    teamId: value("APPLE_TEAM_ID"),
    passCert,
    passKey,
    passKeyPassphrase: passphrase,
    wwdrCert: certificate("APPLE_WWDR_CERT", value("APPLE_WWDR_CERT")),
    apnsEndpoint: endpoint.replace(/\/$/, ""),
    apnsCa: env.APNS_CA ? certificate("APNS_CA", env.APNS_CA) : undefined,
  };
}
