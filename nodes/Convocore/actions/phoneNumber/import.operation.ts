import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { z } from 'zod';
import {
	IMPORT_SECRET_FIELDS,
	importNumberRequestSchema,
} from '../../../shared/contracts/phoneNumber';
import { NUMBER_PATHS, TELEPHONY_CREDENTIAL_TYPE, telcoField } from '../../../shared/telco';
import type { RequestScope } from '../../transport/retries';
import { compact, validate } from '../../helpers/parameters';
import { timeoutOnlyOptions } from '../../descriptions/options';
import {
	ADDITIONAL_BODY_FIELDS,
	PROVIDER_NAME,
	additionalFieldsProperty,
	mergeAdditionalBody,
	numberOperation,
	phoneNumberProperty,
	sendNumberRequest,
	showFor,
	trimmed,
} from './common';
import { normalizePhone } from '../../helpers/phone';

type ImportRequest = z.output<typeof importNumberRequestSchema>;

const show = showFor('import');
/** Workflows saved with 0.1.0 are version 1: SID and token as node parameters. */
const LEGACY_ACCOUNT_FIELDS = { ...show, '@version': [1] };
const FIRST_VERSION_WITH_CREDENTIAL = 2;

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
		displayOptions: { show: LEGACY_ACCOUNT_FIELDS },
	},
	{
		displayName: 'Auth Token',
		name: 'authToken',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description: `The auth token of that ${PROVIDER_NAME} account. Convocore stores it encrypted; this node never shows it in its output or errors.`,
		displayOptions: { show: LEGACY_ACCOUNT_FIELDS },
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
				description:
					"The workspace to import the number into. Defaults to the secret key's workspace.",
			},
		],
	),
	timeoutOnlyOptions(show),
];

/**
 * The account SID and auth token. From node version 2 on they come from the Convocore Telephony
 * Account credential; version 1 (workflows saved with 0.1.0) keeps its two node parameters, so
 * those workflows run unchanged.
 */
async function readAccount(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ accountSid: unknown; authToken: unknown }> {
	if (ctx.getNode().typeVersion >= FIRST_VERSION_WITH_CREDENTIAL) {
		const credential = await ctx.getCredentials(TELEPHONY_CREDENTIAL_TYPE, itemIndex);
		return { accountSid: credential.accountSid, authToken: credential.authToken };
	}
	return {
		accountSid: ctx.getNodeParameter('accountSid', itemIndex, ''),
		authToken: ctx.getNodeParameter('authToken', itemIndex, ''),
	};
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<ImportRequest> {
	const { [ADDITIONAL_BODY_FIELDS]: extra, ...additional } = this.getNodeParameter(
		'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
	const { accountSid, authToken } = await readAccount(this, itemIndex);
	// The four provider fields are always present (an empty one is reported as required); the
	// optional ones are left out when empty. The transport keeps the token out of outputs and errors.
	const body: IDataObject = {
		[FIELD.number]: normalizePhone(this.getNodeParameter('phoneNumber', itemIndex, '') ?? ''),
		[FIELD.accountSid]: trimmed(accountSid ?? ''),
		[FIELD.authToken]: trimmed(authToken ?? ''),
		[FIELD.callerId]: trimmed(this.getNodeParameter('callerId', itemIndex, '') ?? ''),
		...compact({
			workspaceId: trimmed(additional.workspaceId),
			agentId: trimmed(additional.agentId),
		}),
	};
	// Strict like the endpoint: unknown keys in the JSON are reported here, before sending. Neither
	// error quotes a value, so the token cannot appear in them.
	const merged = mergeAdditionalBody(this, body, extra, itemIndex);
	return validate(this, importNumberRequestSchema, merged, itemIndex, 'number import');
}

export async function execute(
	this: IExecuteFunctions,
	request: ImportRequest,
	scope: RequestScope,
) {
	const answer = await sendNumberRequest(this, NUMBER_PATHS.import, request as IDataObject, scope);
	// An answer that echoes the token is redacted by the transport; its field is dropped altogether.
	const output = Object.fromEntries(
		Object.entries(answer).filter(
			([key]) => !(IMPORT_SECRET_FIELDS as readonly string[]).includes(key),
		),
	);
	return [{ json: output as IDataObject }];
}

export const importNumber = numberOperation<ImportRequest>(description, prepare, execute);
