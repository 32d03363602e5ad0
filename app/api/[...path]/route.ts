import type { NextRequest } from "next/server";
import { forward } from "@/lib/bff";

type Params = { params: Promise<{ path: string[] }> };

const handle = async (request: NextRequest, { params }: Params) => forward(request, (await params).path);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
