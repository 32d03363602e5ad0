import { createSign } from "node:crypto";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * An RS256 JSON Web Token (node's crypto) for the "Save to Google Wallet" link, which is not an
 * OAuth grant: the OAuth tokens come from google-auth-library (services/google-auth.ts).
 */
export function signRs256(claims: Record<string, unknown>, privateKeyPem: string): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(privateKeyPem);
  return `${head}.${body}.${base64url(signature)}`;
}
