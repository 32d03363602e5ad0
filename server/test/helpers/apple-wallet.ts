import { execFileSync } from "node:child_process";
import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import forge from "node-forge";

export const PASS_TYPE_ID = "pass.com.example.loyalty-test";
export const TEAM_ID = "ABCDE12345";

type Issued = { certPem: string; keyPem: string };

/** An RSA key (node's crypto: fast) and a certificate for it, issued by `issuer` or self-signed. */
function issue(commonName: string, issuer: Issued | null, extensions: object[]): Issued {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = forge.util.bytesToHex(forge.random.getBytesSync(8)).replace(/^[89a-f]/, "1");
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: "commonName", value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? forge.pki.certificateFromPem(issuer.certPem).subject.attributes : subject);
  cert.setExtensions(extensions);
  cert.sign(forge.pki.privateKeyFromPem(issuer?.keyPem ?? keyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem };
}

/**
 * Certificates made in the test: a CA standing in for Apple's WWDR, the pass certificate it issues
 * (signs passes, and is the APNs client certificate), and a TLS certificate for the APNs stand-in.
 */
export function makeAppleCertificates() {
  const wwdr = issue("Test WWDR Certification Authority", null, [
    { name: "basicConstraints", cA: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true },
  ]);
  const pass = issue(`Pass Type ID: ${PASS_TYPE_ID}`, wwdr, [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true },
    { name: "extKeyUsage", clientAuth: true },
  ]);
  const server = issue("localhost", wwdr, [
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [
        { type: 7, ip: "127.0.0.1" },
        { type: 2, value: "localhost" },
      ],
    },
  ]);
  return { wwdr, pass, server };
}

export type AppleCertificates = ReturnType<typeof makeAppleCertificates>;

/** The environment that configures Apple Wallet with the test certificates. */
export const appleEnv = (certs: AppleCertificates, extra: Record<string, string> = {}) => ({
  APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
  APPLE_TEAM_ID: TEAM_ID,
  APPLE_PASS_CERT: certs.pass.certPem,
  APPLE_PASS_KEY: certs.pass.keyPem,
  APPLE_WWDR_CERT: certs.wwdr.certPem,
  ...extra,
});

/** The files of a zip (stored or deflated entries), read from its central directory. */
export function readZip(zip: Buffer): Record<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    out[name] = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/**
 * Verifies a detached PKCS#7 signature over `content` with OpenSSL against `caPem`, and answers the
 * certificate that signed (PEM), or throws when it does not verify.
 */
export function verifyDetachedSignature(signature: Buffer, content: Buffer, caPem: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pkpass-"));
  try {
    const file = (name: string, data: Buffer | string) => {
      writeFileSync(path.join(dir, name), data);
      return path.join(dir, name);
    };
    const signer = path.join(dir, "signer.pem");
    execFileSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        file("signature", signature),
        "-content",
        file("manifest.json", content),
        "-CAfile",
        file("ca.pem", caPem),
        "-purpose",
        "any",
        "-signer",
        signer,
        "-out",
        path.join(dir, "out"),
      ],
      { stdio: "pipe" },
    );
    return new X509Certificate(readFileSync(signer)).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ApnsRequest = {
  path: string;
  topic: string | undefined;
  pushType: string | undefined;
  body: string;
  /** The fingerprint of the TLS client certificate the sender presented. */
  clientCert: string | undefined;
};

/**
 * A local HTTP/2 TLS server speaking APNs' push protocol: records each push and answers 200, or
 * what `answers` says for a device token (410 Unregistered, …).
 */
export async function startApnsStandIn(certs: AppleCertificates) {
  const requests: ApnsRequest[] = [];
  const answers = new Map<string, { status: number; reason: string }>();
  const server = http2.createSecureServer({
    cert: certs.server.certPem,
    key: certs.server.keyPem,
    requestCert: true,
    rejectUnauthorized: false,
  });
  const sessions: http2.ServerHttp2Session[] = [];
  server.on("session", (session) => sessions.push(session));
  server.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (body += chunk));
    stream.on("end", () => {
      const socket = stream.session?.socket as import("node:tls").TLSSocket | undefined;
      const peer = socket?.getPeerX509Certificate?.();
      const requestPath = String(headers[":path"]);
      requests.push({
        path: requestPath,
        topic: headers["apns-topic"] as string | undefined,
        pushType: headers["apns-push-type"] as string | undefined,
        body,
        clientCert: peer?.fingerprint256,
      });
      const answer = answers.get(requestPath.split("/").pop() ?? "");
      if (answer) {
        stream.respond({ ":status": answer.status, "content-type": "application/json" });
        stream.end(JSON.stringify({ reason: answer.reason }));
      } else {
        stream.respond({ ":status": 200, "apns-id": "00000000-0000-0000-0000-000000000000" });
        stream.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `https://127.0.0.1:${port}`,
    requests,
    answers,
    /** HTTP/2 connections the sender opened so far. */
    connections: () => sessions.length,
    /** Tells every open connection to go away (as APNs does before closing one). */
    goAway: () => sessions.filter((s) => !s.closed).forEach((s) => s.goaway()),
    close: () =>
      new Promise<void>((resolve) => {
        sessions.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
