import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { parse, type Parser } from "csv-parse";
import type { CsvTable } from "../../../contract/customer-import";
import { HttpError } from "./errors";
import { sentence } from "../i18n/sentence";

/** The header line is looked for within this many characters (a header longer than that is not a CSV's). */
const HEADER_SEARCH = 64 * 1024;

/** `;` when the header line holds more semicolons than commas (Excel's CSV in many locales), else `,`. */
export function delimiterOf(headerLine: string): "," | ";" {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

const tooLarge = () => new HttpError(413, "imports.tooLarge", { file: ["imports.tooLarge"] });
const badEncoding = () => new HttpError(422, "imports.badEncoding", { file: ["imports.badEncoding"] });

/**
 * Reads an uploaded CSV as it streams in: bytes are decoded as UTF-8 (a BOM or none; anything else
 * is refused) and parsed chunk by chunk, so only the cells are kept, never the file's bytes. The
 * delimiter is the header line's. A file over busboy's size limit (the call's) is a 413; either
 * refusal comes before anything is written.
 */
export async function readCsv(file: Readable): Promise<CsvTable> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const records: { line: number; cells: string[] }[] = [];
  let parser: Parser | undefined;
  let parsed: Promise<void> = Promise.resolve();
  let pending = "";
  let truncated = false;
  // The first failure; the rest of the upload is then read and dropped, so the request ends cleanly.
  let failure: unknown;
  file.on("limit", () => (truncated = true));

  const start = (delimiter: string) => {
    const p = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true });
    parsed = new Promise<void>((resolve) => {
      p.on("readable", () => {
        let item: { record: string[]; info: { lines: number } } | null;
        while ((item = p.read() as typeof item) !== null) records.push({ line: item.info.lines, cells: item.record });
      });
      p.on("end", resolve);
      p.on("error", (error) => {
        failure ??= unreadable(error);
        resolve();
      });
    });
    return p;
  };
  const feed = (text: string) => {
    if (!parser) {
      pending += text;
      const end = pending.search(/\r?\n/);
      if (end < 0 && pending.length < HEADER_SEARCH) return;
      parser = start(delimiterOf(end < 0 ? pending : pending.slice(0, end)));
      text = pending;
      pending = "";
    }
    if (!failure) parser.write(text);
  };

  try {
    for await (const chunk of file) {
      if (truncated || failure) continue;
      try {
        feed(decoder.decode(chunk as Buffer, { stream: true }));
      } catch (error) {
        failure = isEncodingError(error) ? badEncoding() : error;
      }
    }
  } catch (error) {
    // @fastify/multipart ends the file's stream with its own error at the size limit.
    if ((error as { statusCode?: unknown } | null)?.statusCode !== 413) throw error;
    truncated = true;
  }
  // busboy marks a file cut at the size limit (its "limit" event may come before this reader listens).
  if (truncated || (file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  if (!failure) {
    try {
      const rest = decoder.decode();
      parser ??= start(delimiterOf(pending));
      parser.write(pending + rest);
      parser.end();
    } catch (error) {
      failure = isEncodingError(error) ? badEncoding() : error;
    }
  }
  await parsed;
  if (failure) throw failure;
  const [header, ...rows] = records;
  return { kind: "csv-table", header: (header?.cells ?? []).map((cell) => cell.trim()), rows };
}

const isEncodingError = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "ERR_ENCODING_INVALID_ENCODED_DATA";

/** csv-parse's own error (an unclosed quote): a 422 with the line, not a 500. */
function unreadable(error: unknown) {
  const line = (error as { lines?: number }).lines ?? 0;
  const said = sentence("imports.unreadable", { line });
  return new HttpError(422, said, { file: [said] });
}

/** The route config a call with a CSV `upload` gets (route.ts): multipart's per-route options and the mark. */
export const csvUploadConfig = (maxBytes: number) => ({
  csvUpload: true,
  // The size limit is this reader's to answer (a 413 in the API's words), not multipart's.
  multipartOptions: { limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false },
});

/** Whether the request's route reads its file as a CSV stream (`csvUploadConfig`). */
export const isCsvUploadRoute = (request: FastifyRequest) =>
  (request.routeOptions.config as { csvUpload?: boolean } | undefined)?.csvUpload === true;
