import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * Moves the headers given to `writeHead(status, [message], headers)` into the response's own
 * header list (`setHeader`), where the layers that wrap a response can read and change them.
 */
export function adoptWriteHeadHeaders(res: ServerResponse, args: unknown[]) {
  const headers = args.find((arg) => arg && typeof arg === "object") as OutgoingHttpHeaders | string[] | undefined;
  if (Array.isArray(headers))
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
  else if (headers)
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
}
