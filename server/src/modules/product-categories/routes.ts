import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { deleteCategory, listCategories, saveCategory } from "./service";

export function productCategoryRoutes(app: FastifyInstance) {
  route(app, calls.productCategoryList, async ({ user, query }) => ({
    message: "categories.list",
    data: await listCategories(app.db, user.id, query),
  }));

  route(app, calls.productCategoryAdd, async ({ user, body }) => {
    const data = await saveCategory(app.db, user.id, body);
    // Adding answers a fixed success text; an edit says what it did.
    return body.id ? { message: "categories.updated", data } : { statusCode: 201, message: "categories.added", data };
  });

  route(app, calls.productCategoryDelete, async ({ user, body }) => {
    await deleteCategory(app.db, user.id, body.id);
    return { message: "categories.deleted" };
  });
}
