import "./zod-setup";
import { z } from "zod";
import { confirmed, email, name, password } from "./fields";
import { pageQuery, paginated } from "./pagination";

/** A staff invite's link works for 7 days, and once. */
export const INVITE_DAYS = 7;

export const addStaffBody = z.object({ name, email });
export type AddStaffBody = z.input<typeof addStaffBody>;

export const staffListQuery = pageQuery;

const inviteToken = z
  .string({ error: "This invitation link is not valid." })
  .trim()
  .min(20, "This invitation link is not valid.")
  .max(200, "This invitation link is not valid.");

export const staffInviteQuery = z.object({ token: inviteToken });

export const acceptInviteBody = z
  .object({
    token: inviteToken,
    name,
    password,
    password_confirmation: z.string({ error: "Please confirm the password." }),
  })
  .check(confirmed);
export type AcceptInviteBody = z.input<typeof acceptInviteBody>;
/** The invite page's form: the token comes from the URL. */
export const acceptInviteForm = z
  .object({ name, password, password_confirmation: z.string({ error: "Please confirm the password." }) })
  .check(confirmed);

/**
 * One member of an owner's team: an invite, then (once accepted) the staff account it created.
 * The id is the team entry's; delete-staff takes it and revokes the invite or the account.
 */
export const staffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(["invited", "expired", "active"]),
  user_id: z.number().int().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** add-staff's answer: the entry and the link (shown once: only its hash is stored). */
export const addStaffAnswer = staffMember.extend({ invite_link: z.string() });
export type AddStaffResult = z.infer<typeof addStaffAnswer>;

/** staff-invite's answer, for the invite page: `team` is the owner's business (or name). */
export const staffInviteAnswer = z.object({
  team: z.string(),
  owner_name: z.string(),
  name: z.string(),
  email: z.string(),
  expires_at: z.string(),
});
export type StaffInvite = z.infer<typeof staffInviteAnswer>;

export const staffListAnswer = paginated(staffMember);
export const acceptInviteAnswer = z.object({ email: z.string() });
