import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import type { Pool } from "pg";
import { to as copyTo } from "pg-copy-streams";

/** PostgreSQL's binary COPY header: its signature, flags (int32), then an extension of int32 length. */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const FIXED_HEADER = SIGNATURE.length + 8;

/**
 * The bytes of a one-column `COPY … TO STDOUT (FORMAT binary)` of text, row after row, without the
 * format's framing (a header, then per row a field count and the field's length before its bytes).
 * Binary, not CSV: COPY's CSV ends every row in a bare "\n" and quotes by its own rules, while a
 * line made whole in SQL (quoting, line ending) comes through binary COPY byte for byte. Each input
 * chunk becomes one output chunk; only an unfinished row's bytes wait for the next.
 */
export class CopyTextColumn extends Transform {
  private rest: Buffer = Buffer.alloc(0);
  private headerDone = false;

  constructor(first?: Buffer) {
    super();
    if (first) this.push(first);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const data = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    let at = 0;
    if (!this.headerDone) {
      if (data.length < FIXED_HEADER) return this.wait(data, 0, callback);
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
        return callback(new Error("COPY: not PostgreSQL's binary format"));
      }
      const extension = data.readUInt32BE(SIGNATURE.length + 4);
      if (data.length < FIXED_HEADER + extension) return this.wait(data, 0, callback);
      at = FIXED_HEADER + extension;
      this.headerDone = true;
    }
    const rows: Buffer[] = [];
    while (data.length - at >= 2) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        at = data.length; // the trailer: nothing follows
        break;
      }
      if (fields !== 1) return callback(new Error(`COPY: a row of ${fields} columns, one expected`));
      if (data.length - at < 6) break;
      const length = data.readInt32BE(at + 2);
      const size = Math.max(length, 0);
      if (data.length - at - 6 < size) break;
      if (length > 0) rows.push(data.subarray(at + 6, at + 6 + size));
      at += 6 + size;
    }
    if (rows.length > 0) this.push(rows.length === 1 ? rows[0] : Buffer.concat(rows));
    this.wait(data, at, callback);
  }

  override _flush(callback: TransformCallback) {
    callback(this.rest.length > 0 ? new Error("COPY: the data ended inside a row") : null);
  }

  /** Keeps the bytes from `at` on (an unfinished row) for the next chunk. */
  private wait(data: Buffer, at: number, callback: TransformCallback) {
    // A copy: a subarray would keep the whole chunk alive.
    this.rest = at < data.length ? Buffer.from(data.subarray(at)) : Buffer.alloc(0);
    callback();
  }
}

/**
 * A COPY runs as long as its reader takes (a large export to a slow client): its own limit, still
 * finite, so a client that stops reading does not hold a connection for good.
 */
export const COPY_TIMEOUT_MS = 10 * 60_000;

export type CopyOptions = {
  /** Bytes the stream gives before the rows (a header). */
  first?: Buffer;
  /** Planner settings for this COPY only (e.g. enable_sort), reset afterwards. */
  settings?: Record<string, string>;
};

/**
 * `COPY (query) TO STDOUT (FORMAT binary)` on a connection of the pool, as a stream of the one
 * text column's bytes (CopyTextColumn). The connection goes back to the pool after COPY's end with
 * its settings reset; a COPY stopped midway (the reader went away, an error) leaves its connection
 * in COPY mode, so it is closed instead, which ends the COPY on the server.
 */
export async function copyTextColumn(pool: Pool, query: string, options: CopyOptions = {}): Promise<Readable> {
  const settings: Record<string, string> = { statement_timeout: String(COPY_TIMEOUT_MS), ...options.settings };
  for (const name of Object.keys(settings)) if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a setting: ${name}`);
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    if (error) return client.release(error);
    client
      .query(
        Object.keys(settings)
          .map((name) => `reset ${name}`)
          .join("; "),
      )
      .then(
        () => client.release(),
        (failed: Error) => client.release(failed),
      );
  };
  try {
    const set = Object.entries(settings).map(([name, value]) => `set ${name} = '${value.replaceAll("'", "''")}'`);
    await client.query(set.join("; "));
  } catch (error) {
    release(error as Error);
    throw error;
  }
  const rows = client.query(copyTo(`copy (${query}) to stdout (format binary)`));
  rows.on("end", () => release());
  rows.on("close", () => release(new Error("COPY stopped before its end")));
  return pipeline(rows, new CopyTextColumn(options.first), (error) => {
    if (error) release(error);
  });
}
