import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { checkPassword, deleteAccount, profileOf, updatePassword, updateProfile, type UserDeps } from "./service";

export function userRoutes(app: FastifyInstance, deps: UserDeps) {
  route(app, calls.userProfile, async ({ user }) => ({
    message: "profile.show",
    data: await profileOf(deps.db, user),
  }));

  route(app, calls.profileUpdate, async ({ user, body }) => ({
    message: "profile.updated",
    data: await updateProfile(deps.db, user, body),
  }));

  route(app, calls.passwordUpdate, async ({ user, body }) => {
    await checkPassword(deps, user, body.current_password, "current_password", "profile.wrongCurrentPassword");
    await updatePassword(deps.db, user, body.password);
    return { message: "profile.passwordUpdated" };
  });

  route(app, calls.userSoftDelete, async ({ user, body }) => {
    await checkPassword(deps, user, body.password, "password", "profile.wrongPassword");
    await deleteAccount(deps.db, user.id);
    return { message: "profile.deleted" };
  });
}
