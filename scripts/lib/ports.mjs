// Which of the end-to-end stack's ports are already taken, so `npm test` can say so at once
// instead of letting Playwright fail half-way (or talk to some other program on that port).
import net from "node:net";

/** The stack's ports by role; mirrors e2e/fixtures/env.ts (same E2E_PORT_OFFSET shift). */
export function e2ePorts(offset = Number(process.env.E2E_PORT_OFFSET ?? 0)) {
  return {
    "web app": 3100 + offset,
    "web app without API": 3101 + offset,
    "web app behind a trusted proxy": 3102 + offset,
    "web app started by a test": 3103 + offset,
    "API server": 4100 + offset,
    "unreachable API server (must stay free)": 4199 + offset,
    "SMTP server": 2525 + offset,
    mailbox: 2526 + offset,
    "Twilio stand-in": 2527 + offset,
  };
}

/** True when something accepts connections on the port (any local address the stack uses). */
function inUse(port) {
  return Promise.all(
    ["127.0.0.1", "::1"].map(
      (host) =>
        new Promise((resolve) => {
          const socket = net.connect({ port, host });
          socket.setTimeout(1000);
          socket.once("connect", () => (socket.destroy(), resolve(true)));
          socket.once("timeout", () => (socket.destroy(), resolve(false)));
          socket.once("error", () => resolve(false));
        }),
    ),
  ).then((results) => results.some(Boolean));
}

/** Ports of `ports` ({role: port}) that are taken, as "port 3100 (web app)" strings. */
export async function busyPorts(ports) {
  const entries = Object.entries(ports);
  const taken = await Promise.all(entries.map(([, port]) => inUse(port)));
  return entries.filter((_, i) => taken[i]).map(([role, port]) => `port ${port} (${role})`);
}
