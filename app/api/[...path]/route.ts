import type { NextRequest } from "next/server";
import { forward } from "@/lib/server/bff/forward";
import { forwardPublicApi } from "@/lib/server/bff/public-api";

type Params = { params: Promise<{ path: string[] }> };

// The public API (/api/v1/…) is the integrator's, with their own key: forwarded untouched, apart
// from the contract calls the BFF signs with the session.
const handle = async (request: NextRequest, { params }: Params) => {
  const { path } = await params;
  return path[0] === "v1" ? forwardPublicApi(request, path) : forward(request, path);
};

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
