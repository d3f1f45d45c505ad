import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';
import { lazy } from '../../shared/contracts/lazy';
import { secretsIn } from '../../shared/secrets';
import { validate } from './parameters';

/** How an export hands its records on: one item each, or one file in a binary field. */
export type OutputMode = 'items' | 'csvFile' | 'jsonFile';

export const MODE_NAMES: Record<OutputMode, { name: string; description: string }> = {
	items: { name: 'Items', description: 'One output item per record' },
	csvFile: { name: 'CSV File', description: 'One item with a CSV file in a binary field' },
	jsonFile: { name: 'JSON File', description: 'One item with a JSON file in a binary field' },
};
const fileSchema = lazy(() =>
	z.object({
		output: z.enum(['items', 'csvFile', 'jsonFile'], {
			errorMap: () => ({ message: 'must be items, csvFile or jsonFile' }),
		}),
		binaryField: z
			.string({ invalid_type_error: 'must be text' })
			.trim()
			.min(1, 'must name the binary field to put the file in (e.g. data)'),
	}),
);

export function readBinaryField(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { output: OutputMode; binaryField: string } {
	const output = ctx.getNodeParameter('output', itemIndex, 'items');
	const binaryField =
		output === 'items' ? 'data' : ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data');
	return validate(ctx, fileSchema, { output, binaryField }, itemIndex, 'output');
}

function cell(value: unknown): string {
	if (value === undefined || value === null) return '';
	const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
	return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV: one column per field any record has, in order of first appearance. */
export function toCsv(records: Array<Record<string, unknown>>): string {
	const columns: string[] = [];
	const seen = new Set<string>();
	for (const record of records) {
		for (const key of Object.keys(record)) {
			if (seen.has(key)) continue;
			seen.add(key);
			columns.push(key);
		}
	}
	return [
		columns.map(cell).join(','),
		...records.map((record) => columns.map((column) => cell(record[column])).join(',')),
	].join('\n');
}

/** CSV text as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cellText = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cellText += '"';
				i++;
			} else if (char === '"') quoted = false;
			else cellText += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			row.push(cellText);
			cellText = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			row.push(cellText);
			rows.push(row);
			row = [];
			cellText = '';
		} else cellText += char;
	}
	if (cellText !== '' || row.length) {
		row.push(cellText);
		rows.push(row);
	}
	return rows;
}

/** A cell that holds JSON (a nested record the export flattened into text), parsed; else undefined. */
function jsonCell(text: string): unknown {
	if (!/^\s*[[{]/.test(text)) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/**
 * A CSV export with its secrets out, as the JSON export has them (`redact`: the same record
 * redaction): every cell of a column whose name marks a secret (`twilioAuthToken`) is blanked,
 * a cell holding JSON is redacted field by field, and each value removed is also removed wherever
 * else it appears. A file with nothing to hide comes back unchanged, byte for byte.
 */
export function redactCsv(
	csv: string,
	isSecretColumn: (name: string) => boolean,
	redact: <T>(value: T, known: ReadonlySet<string>) => T,
): string {
	if (!csv) return csv;
	const rows = parseCsv(csv);
	const [header, ...records] = rows;
	if (!header) return csv;
	const secretColumns = new Set(
		header
			.map((name, index) => (isSecretColumn(name.trim()) ? index : -1))
			.filter((index) => index >= 0),
	);
	const found = new Set<string>();
	let changed = false;
	const redactedRecords = records.map((record) =>
		record.map((text, index) => {
			if (secretColumns.has(index)) {
				if (text.trim().length >= 6) found.add(text.trim());
				if (text !== '') changed = true;
				return '';
			}
			const parsed = jsonCell(text);
			if (parsed === undefined) return text;
			for (const secret of secretsIn(parsed)) found.add(secret);
			const redacted = JSON.stringify(redact(parsed, new Set()));
			if (redacted === JSON.stringify(parsed)) return text;
			changed = true;
			return redacted;
		}),
	);
	const rebuilt = [header, ...redactedRecords].map((row) => row.map((text) => redact(text, found)));
	if (!changed && rebuilt.every((row, r) => row.every((text, c) => text === rows[r][c])))
		return csv;
	const lineBreak = csv.includes('\r\n') ? '\r\n' : '\n';
	const trailing = /\r?\n$/.test(csv) ? lineBreak : '';
	return rebuilt.map((row) => row.map(cell).join(',')).join(lineBreak) + trailing;
}
