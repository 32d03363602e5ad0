/**
 * The guide's drawings: inline SVG (no external images, nothing for the CSP to allow). Each has a
 * title, so it reads as one image with a description.
 */

import { useTranslations } from "next-intl";

const INK = "#1c2030";
const BRAND = "#4f46e5";
const SOFT = "#eef0ff";
const PAPER = "#ffffff";

/** A simple QR-like pattern: three finder squares and a fixed scatter of modules. */
function QrMark({ x, y, size }: { x: number; y: number; size: number }) {
  const u = size / 7;
  const finder = (fx: number, fy: number) => (
    <g key={`${fx}-${fy}`}>
      <rect x={fx} y={fy} width={u * 2} height={u * 2} fill={INK} />
      <rect x={fx + u * 0.5} y={fy + u * 0.5} width={u} height={u} fill={PAPER} />
    </g>
  );
  const dots: [number, number][] = [
    [3, 0],
    [4, 1],
    [3, 2],
    [0, 3],
    [2, 3],
    [4, 3],
    [6, 3],
    [3, 4],
    [5, 4],
    [3, 5],
    [6, 5],
    [4, 6],
    [6, 6],
  ];
  return (
    <g>
      <rect x={x - u * 0.5} y={y - u * 0.5} width={size + u} height={size + u} fill={PAPER} />
      {finder(x, y)}
      {finder(x + u * 5, y)}
      {finder(x, y + u * 5)}
      {dots.map(([dx, dy]) => (
        <rect key={`${dx}-${dy}`} x={x + dx * u} y={y + dy * u} width={u} height={u} fill={INK} />
      ))}
    </g>
  );
}

export function SetUpIllustration() {
  const t = useTranslations("dashboardMore.guide.pictures");
  return (
    <svg viewBox="0 0 240 150" role="img" aria-labelledby="ill-setup">
      <title id="ill-setup">{t("setup")}</title>
      <rect width="240" height="150" rx="12" fill={SOFT} />
      <rect x="20" y="50" width="90" height="80" rx="4" fill={PAPER} stroke={INK} strokeWidth="2" />
      <path d="M14 52 L30 28 H100 L116 52 Z" fill={BRAND} />
      <path
        d="M30 52 v-0 M44 28 L40 52 M58 28 L56 52 M72 28 L72 52 M86 28 L88 52 M100 28 L104 52"
        stroke={PAPER}
        strokeWidth="3"
      />
      <rect x="34" y="78" width="26" height="52" fill={BRAND} opacity="0.85" />
      <rect x="70" y="70" width="30" height="24" fill={SOFT} stroke={INK} strokeWidth="2" />
      <rect x="130" y="24" width="94" height="106" rx="8" fill={PAPER} stroke={INK} strokeWidth="2" />
      <circle cx="150" cy="44" r="10" fill={BRAND} />
      <rect x="166" y="38" width="46" height="6" rx="3" fill={INK} />
      <rect x="166" y="48" width="30" height="4" rx="2" fill="#9aa0b4" />
      {[66, 82, 98].map((y) => (
        <rect key={y} x="142" y={y} width="70" height="10" rx="3" fill={SOFT} stroke="#c7cbe0" />
      ))}
      <rect x="142" y="114" width="40" height="10" rx="5" fill={BRAND} />
    </svg>
  );
}

export function PrintQrIllustration() {
  const t = useTranslations("dashboardMore.guide.pictures");
  return (
    <svg viewBox="0 0 240 150" role="img" aria-labelledby="ill-print">
      <title id="ill-print">{t("print")}</title>
      <rect width="240" height="150" rx="12" fill={SOFT} />
      <rect x="20" y="118" width="200" height="14" rx="3" fill={INK} />
      <path d="M82 118 L90 30 H150 L158 118 Z" fill={PAPER} stroke={INK} strokeWidth="2" />
      <rect x="96" y="38" width="48" height="8" rx="4" fill={BRAND} />
      <QrMark x={98} y={54} size={44} />
      <rect x="100" y="106" width="40" height="4" rx="2" fill="#9aa0b4" />
      <rect x="170" y="92" width="34" height="26" rx="4" fill={BRAND} />
      <path d="M176 92 v-10 h22 v10" fill="none" stroke={INK} strokeWidth="2" />
      <rect x="176" y="104" width="22" height="4" fill={PAPER} />
    </svg>
  );
}

export function CollectStampsIllustration() {
  const t = useTranslations("dashboardMore.guide.pictures");
  const stamps = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  return (
    <svg viewBox="0 0 240 150" role="img" aria-labelledby="ill-collect">
      <title id="ill-collect">{t("collect")}</title>
      <rect width="240" height="150" rx="12" fill={SOFT} />
      <rect x="70" y="10" width="100" height="132" rx="14" fill={INK} />
      <rect x="76" y="20" width="88" height="112" rx="6" fill={PAPER} />
      <rect x="84" y="28" width="72" height="20" rx="4" fill={BRAND} />
      <rect x="90" y="35" width="40" height="6" rx="3" fill={PAPER} />
      {stamps.map((i) => {
        const cx = 92 + (i % 5) * 14;
        const cy = 64 + Math.floor(i / 5) * 16;
        return i < 6 ? (
          <circle key={i} cx={cx} cy={cy} r="5.5" fill={BRAND} />
        ) : (
          <circle key={i} cx={cx} cy={cy} r="5" fill="none" stroke="#9aa0b4" strokeWidth="1.5" strokeDasharray="2 2" />
        );
      })}
      <rect x="84" y="98" width="72" height="6" rx="3" fill="#c7cbe0" />
      <rect x="84" y="98" width="43" height="6" rx="3" fill={BRAND} />
      <rect x="92" y="112" width="56" height="12" rx="6" fill={SOFT} stroke={BRAND} />
      <path d="M186 46 l10 -10 m0 0 h-7 m7 0 v7" stroke={BRAND} strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="200" cy="70" r="14" fill={PAPER} stroke={BRAND} strokeWidth="2" />
      <path d="M193 70 l5 5 l9 -10" stroke={BRAND} strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function StaffScanIllustration() {
  const t = useTranslations("dashboardMore.guide.pictures");
  return (
    <svg viewBox="0 0 240 150" role="img" aria-labelledby="ill-scan">
      <title id="ill-scan">{t("scan")}</title>
      <rect width="240" height="150" rx="12" fill={SOFT} />
      <rect x="20" y="30" width="80" height="100" rx="12" fill={INK} />
      <rect x="26" y="38" width="68" height="84" rx="4" fill={PAPER} />
      <QrMark x={40} y={56} size={40} />
      <rect x="36" y="106" width="48" height="6" rx="3" fill={BRAND} />
      <rect x="138" y="24" width="84" height="112" rx="12" fill={INK} />
      <rect x="144" y="32" width="72" height="96" rx="4" fill="#2c3248" />
      <path
        d="M154 46 v-8 h8 M198 38 h8 v8 M206 100 v8 h-8 M162 108 h-8 v-8"
        stroke={PAPER}
        strokeWidth="3"
        fill="none"
      />
      <line x1="150" y1="73" x2="210" y2="73" stroke="#ef4444" strokeWidth="2" />
      <path d="M104 80 h26" stroke={BRAND} strokeWidth="3" strokeDasharray="4 4" />
      <circle cx="200" cy="118" r="12" fill="#1b7f4b" />
      <path d="M194 118 l4 4 l8 -9" stroke={PAPER} strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}
