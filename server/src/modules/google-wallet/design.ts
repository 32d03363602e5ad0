import { eq } from "drizzle-orm";
import { fileUrl } from "../../../../contract/files";
import { businesses } from "../../db/schema";
import { designOf, lookColumns, type DesignRow } from "../card-design/service";
import type { GoogleWalletDeps } from "./deps";
import type { ClassDesign } from "./passes";

/** The class's design: none for a business never designed (its class keeps today's look). */
export function classDesign(publicAppUrl: string, row: DesignRow): ClassDesign | undefined {
  const design = designOf(row);
  if (!design.designed) return undefined;
  const heroUrl = row.heroFileId ? `${publicAppUrl}${fileUrl(row.heroFileId)}` : null;
  return { title: design.title, backgroundColor: design.background_color, heroUrl };
}

/**
 * A business's design as it is now, read when a job sends it: a job run late sends the
 * latest design, never an older one. `exists: false` for a business that is gone.
 */
export async function businessDesign(
  { db, publicAppUrl }: Pick<GoogleWalletDeps, "db" | "publicAppUrl">,
  businessId: number,
) {
  const [row] = await db
    .select({ businessName: businesses.businessName, ...lookColumns })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row ? { exists: true as const, design: classDesign(publicAppUrl, row) } : { exists: false as const };
}
