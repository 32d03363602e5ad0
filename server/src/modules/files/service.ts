import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { files } from "../../db/schema";
import type { StoredImage } from "../../services/images";

/** A stored file by its id (files are public by id: logos and strips on cards). */
export async function findFile(db: Db, fileId: number) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return file;
}

/** Stores a processed image for an owner; answers its id. */
export async function storeImage(db: Db, userId: number, image: StoredImage): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      userId,
      contentType: image.contentType,
      bytes: image.bytes,
      sha256: createHash("sha256").update(image.bytes).digest("hex"),
      size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
    })
    .returning({ id: files.id });
  return row!.id;
}

/** Removes an owner's file (a replaced or deleted logo). */
export async function deleteFile(db: Db, userId: number, fileId: number) {
  await db.delete(files).where(and(eq(files.id, fileId), eq(files.userId, userId)));
}
