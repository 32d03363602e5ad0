import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { notFound } from "../../http/errors";
import { route } from "../../http/route";
import { verbatim } from "../../i18n/sentence";
import { findFile } from "./service";

/** A stored file never changes (a new logo is a new file), so caches may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function fileRoutes(app: FastifyInstance) {
  route(app, calls.file, async ({ params, request }) => {
    const file = await findFile(app.db, params.id);
    if (!file) throw notFound("files.notFound");
    const etag = `"${file.sha256}"`;
    const headers = { etag, "cache-control": IMMUTABLE };
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
      return {
        message: verbatim(""),
        statusCode: 304,
        file: { body: Buffer.alloc(0), contentType: file.contentType, headers },
      };
    }
    return { message: verbatim(""), file: { body: file.bytes, contentType: file.contentType, headers } };
  });
}
