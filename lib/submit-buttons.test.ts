// The lint rule that keeps plain submit buttons out of the web app (eslint.config.mjs).
import { lintRuleIds } from "../scripts/lib/lint-imports.mjs";

const form = (button: string) =>
  `"use client";\nimport { Button } from "@/components/ui/button";\nexport const F = () => <form>${button}</form>;\nexport { Button };\n`;

it("refuses a plain submit button in app/ and components/, and allows Button and other plain buttons", () => {
  const cases = [
    { file: "components/wallet/x.tsx", source: form('<button type="submit">Join</button>') },
    { file: "app/x/page.tsx", source: form('<button className="btn" type="submit">Send</button>') },
    { file: "components/wallet/x.tsx", source: form('<Button type="submit">Join</Button>') },
    { file: "components/wallet/x.tsx", source: form('<button type="button">Close</button>') },
  ];
  const refused = lintRuleIds(cases).map((ids: string[]) => ids.includes("no-restricted-syntax"));
  expect(refused).toEqual([true, true, false, false]);
});
