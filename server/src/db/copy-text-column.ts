import { Transform, type TransformCallback } from "node:stream";

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
