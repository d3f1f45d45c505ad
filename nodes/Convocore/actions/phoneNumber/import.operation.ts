import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import { IMPORT_SECRET_FIELDS, importNumberRequestSchema } from '../../../shared/contracts/numbers';
import { NUMBER_PATHS, telcoField } from '../../../shared/telco';
import type { RequestScope } from '../../../shared/transport';
import { compact, timeoutOnlyOptions, validate } from '../operation';
import {
	ADDITIONAL_BODY_FIELDS,
	PROVIDER_NAME,
	additionalFieldsProperty,
	mergeAdditionalBody,
	normalizePhone,
	numberOperation,
	phoneNumberProperty,
	sendNumberRequest,
	showFor,
	trimmed,
} from './common';

type ImportRequest = z.output<typeof importNumberRequestSchema>;

const show = showFor('import');

/** The request body keys carry the provider word: they come from telcoField, never written here. */
const FIELD = {
	number: telcoField('Number'),
	accountSid: telcoField('AccountSid'),
	authToken: telcoField('AccountAuthToken'),
	callerId: telcoField('CallerId'),
} as const;

export const description: INodeProperties[] = [
	phoneNumberProperty(
		show,
		`A number you already own in your ${PROVIDER_NAME} account, in E.164 format: + then country code and number. Spaces, dashes, dots and brackets are removed before sending.`,
	),
	{
		displayName: 'Account SID',
		name: 'accountSid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'AC0123456789abcdef0123456789abcdef',
		description: `The SID of the ${PROVIDER_NAME} account that owns the number`,
		displayOptions: { show },
	},
	{
		displayName: 'Auth Token',
		name: 'authToken',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description: `The auth token of that ${PROVIDER_NAME} account. Convocore stores it encrypted; this node never shows it in its output or errors.`,
		displayOptions: { show },
	},
	{
		displayName: 'Caller ID',
		name: 'callerId',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+14155550123',
		description: 'The caller ID shown on calls from this number, usually the number itself',
		displayOptions: { show },
	},
	additionalFieldsProperty(
		'import',
		'Body fields to send as they are. The import endpoint accepts only the number, account fields, workspaceId and agentId and rejects anything else, so other keys are reported as an error before anything is sent.',
		[
			{
				displayName: 'Agent ID',
				name: 'agentId',
				type: 'string',
				default: '',
				description: 'The agent that answers calls on the imported number',
			},
			{
				displayName: 'Workspace ID',
				name: 'workspaceId',
				type: 'string',
				default: '',
				description: "The workspace to import the number into. Defaults to the secret key's workspace.",
			},
		],
	),
	timeoutOnlyOptions(show),
];

/** Every secret value of an import, so that it can be cut out of anything shown to the user. */
function secretsOf(request: IDataObject): string[] {
	return IMPORT_SECRET_FIELDS.map((field) => request[field]).filter(
		(value): value is string => typeof value === 'string' && value.length > 0,
	);
}

function redactText<T>(value: T, secrets: string[]): T {
	if (typeof value !== 'string') return value;
	return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value as string) as T;
}

function redactDeep(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string') return redactText(value, secrets);
	if (Array.isArray(value)) return value.map((entry) => redactDeep(entry, secrets));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value as IDataObject)
				.filter(([key]) => !(IMPORT_SECRET_FIELDS as readonly string[]).includes(key))
				.map(([key, entry]) => [key, redactDeep(entry, secrets)]),
		);
	}
	return value;
}

/** Cuts the auth token out of an error, whatever part of it an answer may have echoed it into. */
function redactError(error: unknown, secrets: string[]): unknown {
	if (!secrets.length || error === null || typeof error !== 'object') return error;
	const target = error as {
		message?: string;
		description?: string | null;
		messages?: string[];
		errorResponse?: unknown;
		cause?: unknown;
	};
	target.message = redactText(target.message, secrets);
	target.description = redactText(target.description, secrets);
	if (Array.isArray(target.messages)) target.messages = target.messages.map((m) => redactText(m, secrets));
	if (target.errorResponse) target.errorResponse = redactDeep(target.errorResponse, secrets);
	if (target.cause instanceof Error) target.cause.message = redactText(target.cause.message, secrets);
	return error;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ImportRequest> {
	const { [ADDITIONAL_BODY_FIELDS]: extra, ...additional } = this.getNodeParameter(
		'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	const authToken = this.getNodeParameter('authToken', itemIndex, '') as string;
	// The four provider fields are always present (an empty one is reported as required); the
	// optional ones are left out when empty.
	const body: IDataObject = {
		[FIELD.number]: normalizePhone(this.getNodeParameter('phoneNumber', itemIndex, '') ?? ''),
		[FIELD.accountSid]: trimmed(this.getNodeParameter('accountSid', itemIndex, '') ?? ''),
		[FIELD.authToken]: typeof authToken === 'string' ? authToken.trim() : (authToken ?? ''),
		[FIELD.callerId]: trimmed(this.getNodeParameter('callerId', itemIndex, '') ?? ''),
		...compact({ workspaceId: trimmed(additional.workspaceId), agentId: trimmed(additional.agentId) }),
	};
	try {
		// Strict like the endpoint: unknown keys in the JSON are reported here, before sending.
		const merged = mergeAdditionalBody(this, body, extra, itemIndex);
		return validate(this, importNumberRequestSchema, merged, itemIndex, 'number import');
	} catch (error) {
		// Zod never quotes values, but a JSON syntax error quotes the text around the mistake.
		throw redactError(error, secretsOf(body));
	}
}

export async function execute(this: IExecuteFunctions, request: ImportRequest, scope: RequestScope) {
	const secrets = secretsOf(request as IDataObject);
	try {
		const answer = await sendNumberRequest(this, NUMBER_PATHS.import, request as IDataObject, scope);
		return [{ json: redactDeep(answer, secrets) as IDataObject }];
	} catch (error) {
		throw redactError(error, secrets);
	}
}

export const importNumber = numberOperation<ImportRequest>(description, prepare, execute);
