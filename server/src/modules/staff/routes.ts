import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { acceptInvite, addStaff, deleteStaff, inviteDetails, listStaff, type StaffDeps } from "./service";

/** The public invite calls are guessing targets: a few dozen tries per address and quarter hour. */
export const staffLimits = {
  invitePerIp: { max: 30, windowSeconds: 15 * 60 },
  /**
   * Each invite sends a mail to any address: an owner cannot turn the product into a mailer. A
   * business hires a few people at a time; the day's cap is what stops a steady trickle.
   */
  addStaffPerOwner: { max: 10, windowSeconds: 60 * 60 },
  addStaffPerOwnerDay: { max: 20, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;

export function staffRoutes(app: FastifyInstance, deps: StaffDeps) {
  route(app, calls.staffList, async ({ user, query }) => ({
    message: "staff.list",
    data: await listStaff(deps.db, user.id, query),
  }));

  route(app, calls.addStaff, async ({ user, body }) => {
    await deps.limiter.hit(`add-staff:owner:${user.id}`, staffLimits.addStaffPerOwner);
    await deps.limiter.hit(`add-staff-day:owner:${user.id}`, staffLimits.addStaffPerOwnerDay);
    const data = await addStaff(deps, user, body);
    // The call's fixed success text.
    return { statusCode: 201, message: "staff.added", data };
  });

  route(app, calls.deleteStaff, async ({ user, body }) => {
    await deleteStaff(deps.db, user.id, body.id);
    return { message: "staff.deleted" };
  });

  route(app, calls.staffInvite, async ({ query, request }) => {
    await deps.limiter.hit(`invite:ip:${request.ip}`, staffLimits.invitePerIp);
    return { message: "staff.invite", data: await inviteDetails(deps.db, query.token) };
  });

  route(app, calls.acceptInvite, async ({ body, request }) => {
    await deps.limiter.hit(`invite:ip:${request.ip}`, staffLimits.invitePerIp);
    const email = await acceptInvite(deps, body);
    return { statusCode: 201, message: "staff.accountReady", data: { email } };
  });
}
