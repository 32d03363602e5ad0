import { count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  AUTOMATION_DEFAULTS,
  AUTOMATION_KINDS,
  type Automation,
  type AutomationKind,
  type AutomationLogEntry,
} from "../../../../contract/automations";
import { calls } from "../../../../contract/calls";
import { automations, automationSends, businesses, businessMessages, cards, customers } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";

/** The automations of a business: the four kinds, saved or as their defaults (off). */
export function automationRoutes(app: FastifyInstance) {
  route(app, calls.automationList, async ({ user, query }) => {
    await ownBusiness(app.db, user.id, query.business_id);
    const saved = await app.db.select().from(automations).where(eq(automations.businessId, query.business_id));
    const data: Automation[] = AUTOMATION_KINDS.map((kind) => {
      const row = saved.find((a) => a.kind === kind);
      const defaults = AUTOMATION_DEFAULTS[kind];
      return {
        business_id: query.business_id,
        kind,
        enabled: row?.enabled ?? false,
        days: row ? row.days : defaults.days,
        title: row?.title ?? defaults.title,
        message: row?.message ?? defaults.message,
      };
    });
    return { message: "automations.list", data };
  });

  route(app, calls.automationSave, async ({ user, body }) => {
    await ownBusiness(app.db, user.id, body.business_id);
    const values = {
      enabled: body.enabled,
      days: body.kind === "win_back" ? (body.days ?? null) : null,
      title: body.title,
      message: body.message,
    };
    await app.db
      .insert(automations)
      .values({ userId: user.id, businessId: body.business_id, kind: body.kind, ...values })
      .onConflictDoUpdate({
        target: [automations.businessId, automations.kind],
        set: { ...values, updatedAt: sql`now()` },
      });
    const data: Automation = { business_id: body.business_id, kind: body.kind, ...values };
    return { message: body.enabled ? "automations.on" : "automations.off", data };
  });

  route(app, calls.automationLog, async ({ user, query }) => {
    const where = eq(automations.userId, user.id);
    const data = await paginate(
      query,
      async () =>
        (
          await app.db
            .select({ n: count() })
            .from(automationSends)
            .innerJoin(automations, eq(automations.id, automationSends.automationId))
            .where(where)
        )[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select({
              id: automationSends.id,
              kind: automations.kind,
              businessName: businesses.businessName,
              customerName: customers.name,
              title: businessMessages.title,
              message: businessMessages.message,
              sentAt: automationSends.createdAt,
            })
            .from(automationSends)
            .innerJoin(automations, eq(automations.id, automationSends.automationId))
            .innerJoin(businesses, eq(businesses.id, automations.businessId))
            .leftJoin(cards, eq(cards.id, automationSends.cardId))
            .leftJoin(customers, eq(customers.id, cards.customerId))
            .leftJoin(businessMessages, eq(businessMessages.id, automationSends.messageId))
            .where(where)
            .orderBy(desc(automationSends.id))
            .limit(limit)
            .offset(offset)
        ).map((r): AutomationLogEntry => ({
          id: r.id,
          kind: r.kind as AutomationKind,
          business_name: r.businessName,
          customer_name: r.customerName,
          title: r.title ?? "",
          message: r.message,
          sent_at: r.sentAt.toISOString(),
        })),
    );
    return { message: "automations.log", data };
  });
}
