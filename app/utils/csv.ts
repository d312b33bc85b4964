/**
 * CSV as RFC 4180 describes it: fields separated by commas, records by CRLF; a field holding a comma, a double quote,
 * CR or LF is wrapped in double quotes, with each double quote inside doubled. A text field that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe: notes typed by a shop must never
 * become a formula on the operator's machine (OWASP "CSV injection"). Numbers are written as they are.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]) {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

function csvField(value: string | number | null | undefined) {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
