import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { SegmentCount } from "../../../../contract/customers";
import type { Db } from "../../db/client";
import { actingOwnerId } from "../../http/auth";
import { notFound } from "../../http/errors";
import { ownBusiness } from "../businesses/owned";
import { route } from "../../http/route";
import { secretsOf } from "../loyalty/cards/cards";
import { holderCard } from "../loyalty/cards/holder-card";
import { customerDetail, findCustomerCard, listCustomers } from "./directory";
import { deleteCustomer, deleteOwnCard, exportCustomer } from "./privacy";
import { countSegment } from "./segments";
import { updateCustomer } from "./update";
import { programmeWords } from "../../i18n/programme-words";

const NO_CARD = "wallet.noCardOnDevice";

/** A business filter must name one of the owner's businesses: another owner's is a 404. */
async function checkBusiness(db: Db, ownerId: number, businessId: number | undefined) {
  if (!businessId) return;
  await ownBusiness(db, ownerId, businessId);
}

/**
 * The customer directory, segments and privacy. Staff read their owner's directory
 * (actingOwnerId); everything else is the owner's. Another owner's serial is a 404, like an
 * unknown one: nothing tells whether it exists.
 */
export function customerRoutes(app: FastifyInstance) {
  route(app, calls.customerList, async ({ user, query, t }) => {
    await checkBusiness(app.db, actingOwnerId(user), query.business_id);
    const data = await listCustomers(app.db, actingOwnerId(user), query, programmeWords(t));
    return { message: "customers.list", data };
  });

  route(app, calls.customerDetail, async ({ user, query, t }) => {
    const row = await findCustomerCard(app.db, actingOwnerId(user), query.serial);
    return { message: "customers.detail", data: await customerDetail(app.db, row, programmeWords(t)) };
  });

  route(app, calls.segmentCount, async ({ user, query }) => {
    await checkBusiness(app.db, user.id, query.business_id);
    const n = await countSegment(app.db, user.id, query.business_id, query.segment, query.days, query.level);
    const data: SegmentCount = { segment: query.segment, days: query.days ?? null, count: n };
    return { message: "customers.segmentCount", data };
  });

  route(app, calls.customerExport, async ({ user, query, t }) => {
    const data = await exportCustomer(app.db, user.id, query.serial, programmeWords(t));
    return {
      message: "customers.data",
      file: {
        body: Buffer.from(JSON.stringify(data, null, 2), "utf8"),
        contentType: "application/json; charset=utf-8",
        headers: {
          "content-disposition": `attachment; filename="customer-${query.serial}.json"`,
          "cache-control": "no-store",
        },
      },
    };
  });

  route(app, calls.customerDelete, async ({ user, body }) => {
    const data = await deleteCustomer(app.db, app.events, user.id, body.serial);
    return { message: "customers.deleted", data };
  });

  /** The serial must be the card this device holds: a confirmation that this is the card meant. */
  route(app, calls.walletCardDelete, async ({ body, request }) => {
    const { card } = await holderCard(app.db, secretsOf(request.headers), body);
    if (!card || card.serial !== body.serial) throw notFound(NO_CARD);
    const data = await deleteOwnCard(app.db, app.events, card);
    return { message: "customers.ownCardDeleted", data };
  });

  route(app, calls.walletBirthday, async ({ body, request }) => {
    const { card } = await holderCard(app.db, secretsOf(request.headers), body);
    if (!card) throw notFound(NO_CARD);
    await updateCustomer(app.db, app.events, card.customerId, { birthday: body.birthday ?? null });
    return {
      message: body.birthday ? "customers.birthdaySaved" : "customers.birthdayRemoved",
      data: { birthday: body.birthday },
    };
  });
}
