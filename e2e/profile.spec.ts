import { expect, test } from "@playwright/test";
import { logIn, PASSWORD, registerOwner, uniqueEmail } from "./fixtures/auth";

test("an owner edits their details, changes the password and deletes the account", async ({ page }) => {
  const email = uniqueEmail("profile");
  await registerOwner(page, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/);

  await page.goto("/dashboard/profile");
  const details = page.getByRole("region", { name: "Your details" });
  await expect(details.getByLabel("Full name")).toHaveValue("Ada Owner");
  await details.getByLabel("Full name").fill("Ada Lovelace");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Profile updated successfully.")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Ada Lovelace")).toBeVisible();

  const password = page.getByRole("region", { name: "Change password" });
  const newPassword = "another-long-password-9";
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password", { exact: true }).fill(newPassword);
  await password.getByLabel("Confirm new password").fill(newPassword);
  await password.getByRole("button", { name: "Update password" }).click();
  await expect(password.getByText("The current password is incorrect.")).toBeVisible();
  await expect(password.getByLabel("Current password")).toBeFocused();

  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully.")).toBeVisible();
  await expect(password.getByLabel("Current password")).toHaveValue("");

  const danger = page.getByRole("region", { name: "Delete account" });
  await danger.getByLabel("Password to confirm").fill(newPassword);
  // The button waits for the typed confirmation.
  await expect(danger.getByRole("button", { name: "Delete my account" })).toBeDisabled();
  await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, email, newPassword);
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
});
