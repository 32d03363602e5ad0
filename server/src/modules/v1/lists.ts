import type { FastifyInstance } from "fastify";
import { endpoints } from "../../../../contract/v1/endpoints";
import { sendBusinessMessage } from "../notifications/send";
import { customerPage, eventPage } from "./list-pages";
import { v1Route } from "./route";

export function v1ListRoutes(app: FastifyInstance) {
  v1Route(app, endpoints.customers, async ({ caller, query }) => ({
    data: await customerPage(app.db, caller.ownerId, query),
  }));

  v1Route(app, endpoints.events, async ({ caller, query }) => ({
    data: await eventPage(app.db, caller.ownerId, query),
  }));

  v1Route(app, endpoints.message, async ({ caller, body }) => {
    const { db, limiter, events, jobs, config } = app;
    const sent = await sendBusinessMessage({ db, limiter, events, jobs, config }, caller.ownerId, body);
    const data = sent.data!;
    return {
      data: {
        id: data.id,
        business_id: data.business_id,
        title: data.title,
        message: data.message,
        segment: data.segment,
        recipients: data.recipients,
        channels: data.channels,
      },
    };
  });
}
