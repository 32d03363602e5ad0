import { memoryStore, queuedScan, scanQueue, shouldKeep, type QueuedScan, type Sent } from "./queue";

/** A server stand-in: stamps once per key (as the idempotency layer does) and may be unreachable. */
function server() {
  const stamped = new Map<string, string>();
  const state = { reachable: true, sends: 0, loseNextAnswer: false };
  const send = async (scan: QueuedScan): Promise<Sent<string>> => {
    state.sends++;
    if (!state.reachable) return { keep: true };
    if (!stamped.has(scan.key)) stamped.set(scan.key, `stamped ${scan.code}`);
    if (state.loseNextAnswer) {
      // The server did it, the answer never came back: to the scanner, a network error.
      state.loseNextAnswer = false;
      return { keep: true };
    }
    return { answer: stamped.get(scan.key)! };
  };
  return { stamped, state, send };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute));

describe("the staff scanner's offline queue", () => {
  it("keeps scans while the server is unreachable, then sends them in the order they were made", async () => {
    const store = memoryStore();
    const s = server();
    const queue = scanQueue(store, s.send);
    s.state.reachable = false;
    for (const [i, code] of ["LC-A", "LC-B", "LC-C"].entries()) await queue.add(queuedScan(code, undefined, at(i)));
    expect(await queue.flush(() => {})).toEqual({ answered: 0, left: 3 });
    // Stopped at the first: the others did not overtake it.
    expect(s.state.sends).toBe(1);
    expect(await queue.count()).toBe(3);

    s.state.reachable = true;
    const answers: string[] = [];
    expect(await queue.flush((_scan, answer) => answers.push(answer))).toEqual({ answered: 3, left: 0 });
    expect(answers).toEqual(["stamped LC-A", "stamped LC-B", "stamped LC-C"]);
    expect(await queue.count()).toBe(0);
  });

  it("sends a scan again with the same key when its answer was lost, so the server stamps it once", async () => {
    const store = memoryStore();
    const s = server();
    const queue = scanQueue(store, s.send);
    const scan = queuedScan("LC-A", "12.50");
    await queue.add(scan);
    s.state.loseNextAnswer = true;
    expect(await queue.flush(() => {})).toEqual({ answered: 0, left: 1 });
    const [kept] = await store.all();
    expect(kept).toMatchObject({ key: scan.key, code: "LC-A", amount: "12.50" });

    const answers: string[] = [];
    await queue.flush((_scan, answer) => answers.push(answer));
    expect(answers).toEqual(["stamped LC-A"]);
    expect([...s.stamped.keys()]).toEqual([scan.key]);
    expect(s.state.sends).toBe(2);
  });

  it("keeps a purchase split by category with its lines, and no lines without an amount to split", async () => {
    const store = memoryStore();
    const queue = scanQueue(store, server().send);
    const lines = [{ product_category_id: 7, amount: "4.00" }];
    await queue.add(queuedScan("LC-A", { amount: "10.00", lines }));
    await queue.add(queuedScan("LC-B", { amount: "", lines }));
    const [split, none] = await store.all();
    expect(split).toMatchObject({ code: "LC-A", amount: "10.00", lines });
    expect(none).not.toHaveProperty("lines");
    expect(none).not.toHaveProperty("amount");
  });

  it("runs one flush at a time, and that one also sends what is kept while it runs", async () => {
    const store = memoryStore();
    const s = server();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const queue = scanQueue(store, async (scan) => {
      sent.push(scan.code);
      if (scan.code === "LC-A") await gate;
      return s.send(scan);
    });
    await queue.add(queuedScan("LC-A", undefined));
    const first = queue.flush(() => {});
    const second = queue.flush(() => {});
    expect(second).toBe(first);
    await queue.add(queuedScan("LC-B", undefined));
    release();
    expect(await first).toEqual({ answered: 2, left: 0 });
    expect(sent).toEqual(["LC-A", "LC-B"]);
  });

  it("tries once more when asked while a run stopped for the network: the connection came back meanwhile", async () => {
    const store = memoryStore();
    const s = server();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const queue = scanQueue(store, async (scan) => {
      if (first) {
        // The first try fails for want of a network, slowly, as a request does when it times out.
        first = false;
        await gate;
        return { keep: true };
      }
      return s.send(scan);
    });
    await queue.add(queuedScan("LC-A", undefined));
    const running = queue.flush(() => {});
    // Back online while that try is still under way: the `online` event asks for a flush.
    const online = queue.flush(() => {});
    release();
    expect(await online).toEqual({ answered: 1, left: 0 });
    expect(await running).toEqual({ answered: 1, left: 0 });
    expect([...s.stamped.values()]).toEqual(["stamped LC-A"]);
  });

  it("makes a new key for each scan, even of the same card", () => {
    const a = queuedScan("LC-A", undefined);
    const b = queuedScan("LC-A", undefined);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(a).not.toHaveProperty("amount");
  });

  it("keeps a scan on no network, a server away, a key still running or a lapsed session; any other answer is final", () => {
    for (const status of [0, 401, 409, 429, 502, 503, 504]) expect(shouldKeep(status)).toBe(true);
    for (const status of [200, 403, 404, 422, 500]) expect(shouldKeep(status)).toBe(false);
  });
});
