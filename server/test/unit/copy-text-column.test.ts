import { Readable } from "node:stream";
import { CopyTextColumn } from "../../src/db/copy-text-column";

/** What PostgreSQL sends for `COPY (select …) TO STDOUT (FORMAT binary)` of one text column. */
function binaryCopy(rows: (string | null)[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(19);
  header.write("PGCOPY\n\xff\r\n\0", 0, "latin1");
  header.writeInt32BE(0, 11);
  header.writeInt32BE(extension.length, 15);
  const frames = rows.map((row) => {
    const data = row === null ? Buffer.alloc(0) : Buffer.from(row);
    const frame = Buffer.alloc(6);
    frame.writeInt16BE(1, 0);
    frame.writeInt32BE(row === null ? -1 : data.length, 2);
    return Buffer.concat([frame, data]);
  });
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([header, extension, ...frames, trailer]);
}

async function decode(chunks: Buffer[], first?: Buffer): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new CopyTextColumn(first))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

const ROWS = ["a,b\r\n", 'café "ünïcödé" 🎉\r\n', "", null, "two\nlines,x\r\n"];

it("gives the rows' bytes one after the other, however the network splits them", async () => {
  const bytes = binaryCopy(ROWS, Buffer.from("ext"));
  const expected = "head\r\n" + ROWS.filter(Boolean).join("");
  expect(await decode([bytes], Buffer.from("head\r\n"))).toBe(expected);
  // Every split point, and a byte at a time: the header, a length or a character cut in two.
  for (let at = 1; at < bytes.length; at++) {
    expect(await decode([bytes.subarray(0, at), bytes.subarray(at)], Buffer.from("head\r\n"))).toBe(expected);
  }
  const bytewise = Array.from(bytes, (byte) => Buffer.from([byte]));
  expect(await decode(bytewise)).toBe(ROWS.filter(Boolean).join(""));
});

it("fails on what is not a one-column binary COPY, or ends inside a row", async () => {
  await expect(decode([Buffer.from("time,kind\r\n".repeat(3))])).rejects.toThrow(/binary format/);
  const twoColumns = binaryCopy(["x"]);
  twoColumns.writeInt16BE(2, 19);
  await expect(decode([twoColumns])).rejects.toThrow(/2 columns/);
  const cut = binaryCopy(["a row"]);
  await expect(decode([cut.subarray(0, cut.length - 4)])).rejects.toThrow(/ended inside a row/);
});
