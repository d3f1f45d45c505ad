import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Reading an input binary file as the text of a knowledge document. The API takes text only, and
 * the package ships no parser (its only runtime dependencies are n8n-workflow and zod), so only
 * text formats are read here; PDF, Word and other files go through n8n's Extract From File node.
 */

/**
 * Largest file read: 1 MB. A knowledge document is split into chunks for retrieval, and 1 MB of
 * text is already some 500 pages; more is better split into several documents (one per chapter
 * or page), and the whole file is held in memory and sent in one request body.
 */
export const MAX_FILE_BYTES = 1024 * 1024;

const TEXT_MIME_TYPES = new Set([
	'text/plain',
	'text/markdown',
	'text/x-markdown',
	'text/html',
	'application/xhtml+xml',
	'text/csv',
	'application/csv',
	'application/json',
	'text/json',
]);
const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown', 'html', 'htm', 'csv', 'json']);

/**
 * Formats this node refuses, with the way through n8n. Extract From File reads PDF ("Extract From
 * PDF") but has no Word operation, so a Word file is first saved or converted as PDF or text.
 */
const EXTRACT_FIRST: Array<{
	kind: string;
	mimeTypes: string[];
	extensions: string[];
	advice: string;
}> = [
	{
		kind: 'PDF',
		mimeTypes: ['application/pdf'],
		extensions: ['pdf'],
		advice:
			"Put n8n's Extract From File node (operation Extract From PDF) before this node, then create the document from Text with its text as Content.",
	},
	{
		kind: 'Word (DOCX)',
		mimeTypes: [
			'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
			'application/msword',
		],
		extensions: ['docx', 'doc'],
		advice:
			"n8n's Extract From File node has no Word operation: save or export the file as plain text (TXT, then use it here as a Binary File) or as PDF (then put Extract From File, operation Extract From PDF, before this node and create the document from Text).",
	},
];

export const SUPPORTED_FILES_HINT = `TXT, MD, HTML, CSV or JSON, up to 1 MB, read as UTF-8 text. For a PDF, put n8n's Extract From File node (Extract From PDF) before this one and create from Text; save Word files as PDF or TXT first.`;

export interface FileText {
	fileName?: string;
	content: string;
}

function extensionOf(binary: IBinaryData): string {
	const fromName = /\.([^./\\]+)$/.exec(binary.fileName ?? '')?.[1];
	return (binary.fileExtension ?? fromName ?? '').toLowerCase();
}

function mimeOf(binary: IBinaryData): string {
	return (binary.mimeType ?? '').split(';')[0].trim().toLowerCase();
}

function refuse(
	ctx: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description: string,
): never {
	throw new NodeOperationError(
		ctx.getNode(),
		`Invalid knowledge document in item ${itemIndex}: ${message}`,
		{ itemIndex, description },
	);
}

function bytesText(bytes: number): string {
	return `${bytes.toLocaleString('en-US')} bytes`;
}

/** The text of the item's binary property, or a clear error naming the item, the file and the rule. */
export async function readFileText(
	ctx: IExecuteFunctions,
	itemIndex: number,
	property: string,
): Promise<FileText> {
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		refuse(
			ctx,
			itemIndex,
			`binaryPropertyName: the item has no binary property "${property}"`,
			'Check Input Binary Field: it must name the binary property that holds the file (often "data").',
		);
	}
	const label = `file ${binary.fileName ? `"${binary.fileName}"` : `in "${property}"`}`;
	const mime = mimeOf(binary);
	const extension = extensionOf(binary);
	const extractFirst = EXTRACT_FIRST.find(
		(format) => format.mimeTypes.includes(mime) || format.extensions.includes(extension),
	);
	if (extractFirst) {
		refuse(
			ctx,
			itemIndex,
			`${label} is a ${extractFirst.kind} file, which this node cannot read: ${extractFirst.advice}`,
			extractFirst.advice,
		);
	}
	if (!TEXT_MIME_TYPES.has(mime) && !TEXT_EXTENSIONS.has(extension)) {
		refuse(
			ctx,
			itemIndex,
			`${label} (${mime || 'unknown type'}) is not a text file this node reads (TXT, MD, HTML, CSV or JSON)`,
			"Convert it to text first, e.g. with n8n's Extract From File node, then create the document from Text.",
		);
	}
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	if (buffer.length > MAX_FILE_BYTES) {
		refuse(
			ctx,
			itemIndex,
			`${label} is ${bytesText(buffer.length)}; the limit is 1 MB (${bytesText(MAX_FILE_BYTES)})`,
			'Split it into several documents (e.g. one per chapter or page), or send a summary.',
		);
	}
	let content: string;
	try {
		content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
	} catch {
		refuse(
			ctx,
			itemIndex,
			`${label} is not valid UTF-8 text`,
			"Save it as UTF-8, or read it with n8n's Extract From File node (Extract From Text File, which takes other encodings) and create the document from Text.",
		);
	}
	if (content.includes('\u0000')) {
		refuse(
			ctx,
			itemIndex,
			`${label} holds binary data, not text`,
			'Check that the file really is a text file.',
		);
	}
	return { fileName: binary.fileName, content };
}
