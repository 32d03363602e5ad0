import { useTranslations } from "next-intl";
import type { RewardKind } from "@/contract/rewards";
import { webKind } from "@/components/kinds";

/** The programme a card collects for: "Free coffee (Stamps)". */
export function Programme({ kind, title, className }: { kind: RewardKind; title: string | null; className?: string }) {
  const t = useTranslations("kinds");
  const kt = useTranslations(webKind(kind).ns);
  if (!title) return null;
  return (
    <span className={className} data-testid="card-programme">
      {t("programmeLine", { title, programme: kt("programme") })}
    </span>
  );
}
