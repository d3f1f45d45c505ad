import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	IExecuteFunctions,
	INodeCredentialTestResult,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { Show } from '../../descriptions/displayOptions';

/**
 * Header Authentication of Tool > Create and Update: Convocore documents tool fields sent `in:
 * header` and a field's fixed `value`, so the node adds one such field, name and value from a
 * Convocore Tool Header credential, for the tool's server to check (an n8n Webhook node's Header
 * Auth with the same pair). The value lives in n8n's encrypted credentials, never in the workflow.
 * How Convocore presents `serverUrlSecret` is not published, so that stays a separate option.
 */

export const TOOL_HEADER_CREDENTIAL_TYPE = 'convocoreToolHeaderApi';
/** The credential test's name in the node's methods (Convocore.node.ts: testedBy). */
export const TOOL_HEADER_CREDENTIAL_TEST = 'convocoreToolHeaderTest';

const MIN_VALUE_LENGTH = 12;
/** A header name that is also a tool field key (contracts: a letter or _ first). */
const HEADER_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Headers the HTTP client or Convocore set themselves: a tool field there would clash. */
const RESERVED = new Set([
	'content-type',
	'content-length',
	'host',
	'connection',
	'transfer-encoding',
	'accept',
	'accept-encoding',
	'user-agent',
]);

export function headerAuthProperty(show: Show): INodeProperties {
	return {
		displayName: 'Header Authentication',
		name: 'headerAuthentication',
		type: 'boolean',
		default: false,
		description:
			"Whether the tool sends a header with a fixed value from a Convocore Tool Header credential (a tool field in: header that the agent never fills), for the tool's server to check, e.g. with a Webhook node's Header Auth holding the same name and value",
		displayOptions: { show },
	};
}

/** What is wrong with a credential's pair, or undefined when it can be sent as a header. */
export function headerPairProblem(
	data: ICredentialDataDecryptedObject | undefined,
): string | undefined {
	const name = typeof data?.headerName === 'string' ? data.headerName.trim() : '';
	const value = typeof data?.headerSecret === 'string' ? data.headerSecret : '';
	if (!name) return 'Header Name is required';
	if (!HEADER_NAME.test(name))
		return 'Header Name must start with a letter or _ and hold only letters, digits, _, - or . (e.g. X-Tool-Key)';
	if (RESERVED.has(name.toLowerCase()))
		return `Header Name ${name} is set by the HTTP client itself: choose your own, e.g. X-Tool-Key`;
	if (value.length < MIN_VALUE_LENGTH)
		return `Header Value must be at least ${MIN_VALUE_LENGTH} characters long`;
	if (/[\r\n\0]/.test(value) || value.trim() !== value)
		return 'Header Value must be one line without leading or trailing spaces';
	return undefined;
}

/** The credential's "Test": nothing is sent (the tool's server is not known here), the pair is checked. */
export async function testToolHeaderCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const problem = headerPairProblem(credential.data);
	return problem
		? { status: 'Error', message: problem }
		: {
				status: 'OK',
				message:
					'The header can be sent. Use the same name and value in the Header Auth credential of the Webhook node that serves the tool.',
			};
}

export interface HeaderPair {
	name: string;
	value: string;
}

/** The pair of the item's Convocore Tool Header credential when Header Authentication is on. */
export async function readHeaderPair(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<HeaderPair | undefined> {
	if (ctx.getNodeParameter('headerAuthentication', itemIndex, false) !== true) return undefined;
	const data = await ctx.getCredentials(TOOL_HEADER_CREDENTIAL_TYPE, itemIndex);
	const problem = headerPairProblem(data);
	if (problem) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Convocore Tool Header credential: ${problem}`,
			{ itemIndex, description: `• credential: ${problem}\nIn item ${itemIndex}.` },
		);
	}
	return { name: (data.headerName as string).trim(), value: data.headerSecret as string };
}

/** The tool field that carries the pair: sent in the header, its value fixed, never asked of the agent. */
export function headerField(pair: HeaderPair): Record<string, unknown> {
	return {
		id: pair.name,
		key: pair.name,
		type: 'string',
		in: 'header',
		value: pair.value,
		required: false,
	};
}

/**
 * `fields` with the header field in place of any field of the same key (header names ignore
 * case), or an error naming the field when the user's own rows already use that key.
 */
export function withHeaderField(
	fields: unknown[] | undefined,
	pair: HeaderPair,
	replaceExisting: boolean,
): { fields: unknown[]; clash?: number } {
	const list = fields ?? [];
	const same = (field: unknown) =>
		typeof (field as { key?: unknown })?.key === 'string' &&
		(field as { key: string }).key.toLowerCase() === pair.name.toLowerCase();
	const clash = list.findIndex(same);
	if (clash >= 0 && !replaceExisting) return { fields: list, clash };
	return { fields: [...list.filter((field) => !same(field)), headerField(pair)] };
}
