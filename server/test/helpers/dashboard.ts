import sharp from "sharp";
import type { Address } from "../../../contract/address";
import type { Business } from "../../../contract/business";
import type { AddStaffResult } from "../../../contract/staff";
import type { TestApp } from "./app";

type Part = string | { data: Buffer; filename: string; type: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
export async function multipart(fields: Record<string, Part>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return { raw: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

/** A small solid image in one of sharp's output formats. */
export const image = (format: "png" | "jpeg" | "webp" | "gif", size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#4f46e5" } })
    .toFormat(format)
    .toBuffer();

export const BUSINESS_FIELDS = {
  business_name: "Blue Bean Café",
  address: "12 Market Street",
  business_category: "Café and Coffee Shop",
  state: "Greater London",
  city: "London",
  zip_code: "EC1A 1BB",
  country_name: "United Kingdom",
};

export const ADDRESS_FIELDS = {
  address: "3 Station Road",
  business_category: "Café and Coffee Shop",
  state: "Greater London",
  city: "London",
  zip_code: "N1 9GU",
  country_name: "United Kingdom",
};

/** Dashboard fixtures through the API, each expecting success. */
export function dashboardFixtures(t: TestApp) {
  const ok = <T>(res: { statusCode: number; text: string; body: { data: unknown } }, what: string) => {
    if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.text}`);
    return res.body.data as T;
  };
  return {
    async addBusiness(token: string, fields: Record<string, string> = {}, logo?: Buffer) {
      const body = await multipart({
        ...BUSINESS_FIELDS,
        ...fields,
        ...(logo && { business_logo: { data: logo, filename: "logo.png", type: "image/png" } }),
      });
      return ok<Business>(await t.post("/add-business", undefined, { token, ...body }), "add-business");
    },
    async addAddress(token: string, businessId: number, fields: Record<string, string> = {}) {
      const res = await t.post("/add-address", { ...ADDRESS_FIELDS, business_id: businessId, ...fields }, { token });
      return ok<Address>(res, "add-address");
    },
    async addCategory(token: string, name: string) {
      return ok<{ id: number }>(await t.post("/product-category-add", { name }, { token }), "product-category-add");
    },
    async addStaff(token: string, email: string, name = "Sam Staff") {
      return ok<AddStaffResult>(await t.post("/add-staff", { name, email }, { token }), "add-staff");
    },
    /** Invites and accepts: a signed-in staff member of the owner. */
    async staffOf(ownerToken: string, email: string) {
      const invite = await this.addStaff(ownerToken, email);
      const token = invite.invite_link.split("/add-user/")[1]!;
      const password = "staff password 123";
      ok(
        await t.post("/accept-invite", { token, name: "Sam Staff", password, password_confirmation: password }),
        "accept-invite",
      );
      return { invite, token: await t.login(email, password), password };
    },
  };
}
