import { createSign } from "node:crypto";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** An RS256 JSON Web Token (node's crypto: the two JWTs Google needs do not justify a library). */
export function signRs256(claims: Record<string, unknown>, privateKeyPem: string): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = base64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(privateKeyPem);
  return `${head}.${body}.${base64url(signature)}`;
}
