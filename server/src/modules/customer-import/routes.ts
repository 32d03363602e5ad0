import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { importStatus, previewImport, startImport, type ImportDeps } from "./service";

export function customerImportRoutes(app: FastifyInstance, deps: ImportDeps) {
  route(app, calls.customerImportPreview, async ({ user, body, t }) => ({
    message: "imports.previewed",
    data: await previewImport(deps, user.id, body, t),
  }));

  route(app, calls.customerImport, async ({ user, body, t }) => ({
    message: "imports.started",
    data: await startImport(deps, user.id, body.import_id, t),
  }));

  route(app, calls.customerImportStatus, async ({ user, query, t }) => ({
    message: "imports.status",
    data: await importStatus(app.db, user.id, query.import_id, t),
  }));
}
