import { createPrivateKey } from "node:crypto";
import { z } from "zod";

/** Where Google's libraries send the JWT-bearer grant (fixed in google-auth-library). */
export const GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token";

/** Google Wallet: present only when the issuer id and the service account are both set. */
export type GoogleWalletConfig = {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
  /** Where the OAuth access token comes from (the service account's `token_uri`). */
  tokenUri: string;
  /** The Wallet REST API's base URL, without a trailing slash. */
  apiUrl: string;
};

export const GOOGLE_WALLET_API_URL = "https://walletobjects.googleapis.com/walletobjects/v1";

export const googleWalletEnv = {
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{6,25}$/, "must be the numeric issuer id from the Google Pay & Wallet console")
    .optional(),
  /** The service account's JSON key file, as JSON or base64 of it. */
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().optional(),
  GOOGLE_WALLET_API_URL: z.url().optional(),
};

const serviceAccount = z.object({
  client_email: z.email(),
  private_key: z.string().includes("PRIVATE KEY"),
  token_uri: z.url().optional(),
});

/** Reads the block; answers the problem (a message naming the variable) or the configuration. */
export function readGoogleWalletConfig(env: {
  GOOGLE_WALLET_ISSUER_ID?: string;
  GOOGLE_WALLET_SERVICE_ACCOUNT?: string;
  GOOGLE_WALLET_API_URL?: string;
}): { error: string } | { config: GoogleWalletConfig | undefined } {
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT: raw } = env;
  // All or nothing: half a configuration would show a button whose link Google refuses.
  if (Boolean(issuerId) !== Boolean(raw)) {
    return { error: "GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT must be set together" };
  }
  if (!issuerId || !raw) return { config: undefined };
  const text = raw.trim().startsWith("{") ? raw : Buffer.from(raw, "base64").toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: "GOOGLE_WALLET_SERVICE_ACCOUNT: must be the service account's JSON key (or base64 of it)" };
  }
  const parsed = serviceAccount.safeParse(json);
  if (!parsed.success) {
    return { error: "GOOGLE_WALLET_SERVICE_ACCOUNT: needs client_email and private_key (a JSON key file)" };
  }
  try {
    createPrivateKey(parsed.data.private_key);
  } catch {
    return { error: "GOOGLE_WALLET_SERVICE_ACCOUNT: private_key is not a readable PEM private key" };
  }
  return {
    config: {
      issuerId,
      clientEmail: parsed.data.client_email,
      privateKey: parsed.data.private_key,
      tokenUri: parsed.data.token_uri ?? GOOGLE_TOKEN_URI,
      apiUrl: (env.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL).replace(/\/$/, ""),
    },
  };
}
