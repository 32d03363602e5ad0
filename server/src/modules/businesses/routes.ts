import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import {
  addAddress,
  addBusiness,
  deleteAddress,
  deleteBusiness,
  listAddresses,
  listBusinesses,
  logoLimit,
  updateAddress,
  updateBusiness,
} from "./service";

/** Businesses and their locations: owner-only (staff get 403 from `route`). */
export function businessRoutes(app: FastifyInstance) {
  route(app, calls.businessList, async ({ user, query }) => ({
    message: "business.list",
    data: await listBusinesses(app.db, user.id, query),
  }));

  route(app, calls.addBusiness, async ({ user, body }) => {
    if (body.business_logo) await app.limiter.hit(`logo:owner:${user.id}`, logoLimit);
    return body.id
      ? { message: "business.updated", data: await updateBusiness(app.db, user.id, body.id, body) }
      : {
          statusCode: 201,
          message: "business.added",
          data: await addBusiness(app.db, user.id, body),
        };
  });

  route(app, calls.deleteBusiness, async ({ user, body }) => {
    await deleteBusiness(app.db, user.id, body.id);
    return { message: "business.deleted" };
  });

  route(app, calls.addressList, async ({ user, query }) => ({
    message: "address.list",
    data: await listAddresses(app.db, user.id, query),
  }));

  route(app, calls.addAddress, async ({ user, body }) =>
    body.id
      ? { message: "address.updated", data: await updateAddress(app.db, user.id, body.id, body) }
      : { statusCode: 201, message: "address.added", data: await addAddress(app.db, user.id, body) },
  );

  route(app, calls.deleteAddress, async ({ user, body }) => {
    await deleteAddress(app.db, user.id, body.id);
    return { message: "address.deleted" };
  });
}
