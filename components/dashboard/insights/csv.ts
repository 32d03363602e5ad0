/** One CSV field: quoted when it holds a comma, quote or line break; a leading formula sign is defused. */
const field = (value: string | number) => {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A table as CSV (RFC 4180, CRLF line ends). */
export const toCsv = (rows: readonly (readonly (string | number)[])[]) =>
  rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";

/** Has the browser save `rows` as `name` (a UTF-8 file with a byte-order mark, so spreadsheets read accents). */
export function downloadCsv(name: string, rows: readonly (readonly (string | number)[])[]) {
  const url = URL.createObjectURL(new Blob(["\uFEFF", toCsv(rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
