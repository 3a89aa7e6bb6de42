/** A result table, rendered as aligned text for the console and as Markdown for RESULTS.md. */

export interface Column {
  header: string;
  align: 'left' | 'right';
}

export interface Table {
  title: string;
  columns: Column[];
  rows: string[][];
}

export const left = (header: string): Column => ({ header, align: 'left' });
export const right = (header: string): Column => ({ header, align: 'right' });

function pad(text: string, width: number, align: Column['align']): string {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

export function renderText(table: Table): string {
  const widths = table.columns.map((column, c) =>
    Math.max(column.header.length, ...table.rows.map((row) => (row[c] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => pad(cell, widths[c], table.columns[c].align))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [table.title, line(table.columns.map((c) => c.header)), rule, ...table.rows.map(line)].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function renderMarkdown(table: Table): string {
  const row = (cells: string[]): string => `| ${cells.map(escapeCell).join(' | ')} |`;
  const rule = `| ${table.columns.map((c) => (c.align === 'right' ? '---:' : '---')).join(' | ')} |`;
  return [
    `## ${table.title}`,
    '',
    row(table.columns.map((c) => c.header)),
    rule,
    ...table.rows.map(row),
  ].join('\n');
}
