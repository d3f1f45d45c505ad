import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { z } from 'zod';
import {
	numberActionResponseSchema,
	numberResultSchema,
} from '../../../shared/contracts/phoneNumber';
import { NUMBER_PATHS, TELCO } from '../../../shared/telco';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { readJsonField } from '../../helpers/jsonFields';
import { compact, validate } from '../../helpers/parameters';
import type { Show } from '../../descriptions/displayOptions';
import { normalizePhone } from '../../helpers/phone';
import { type ConvocoreOperation } from '../types';
/**
 * Pieces shared by the five phone number operations: number fields, the JSON escape hatch and the
 * shaping of answers. The provider's name is derived from TELCO, never written here.
 */

/** The provider's name as people write it (for labels and descriptions only). */
export const PROVIDER_NAME = `${TELCO.charAt(0).toUpperCase()}${TELCO.slice(1)}`;

/**
 * Number operations change billing and routing: by default one item at a time, so a list of
 * numbers is worked through in order and the first failure stops the rest.
 */
export const NUMBER_CONCURRENCY = 1;

/** One phone number operation, from the description, prepare and execute of its file. */
export function numberOperation<Plan>(
	description: INodeProperties[],
	prepare: ConvocoreOperation<Plan>['prepare'],
	execute: ConvocoreOperation<Plan>['execute'],
): ConvocoreOperation<Plan> {
	return { description, defaultConcurrency: NUMBER_CONCURRENCY, prepare, execute };
}

/** A value as a request body holds it (expressions may hand over any JSON value). */
export type BodyValue = IDataObject[string];

export function trimmed(value: unknown): BodyValue {
	return (typeof value === 'string' ? value.trim() : value) as BodyValue;
}

/** The operations of the Phone Number resource, by their stored values. */
export type NumberOperation = 'assignToAgent' | 'buy' | 'import' | 'release' | 'repairWebhooks';

/** The `displayOptions.show` of one phone number operation's parameters. */
export function showFor(operation: NumberOperation) {
	return { resource: ['phoneNumber'], operation: [operation] };
}

/** The Phone Number field (E.164), shown under `show`. */
export function phoneNumberProperty(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+14155550123',
		description,
		displayOptions: { show },
	};
}

export type IdentifyBy = 'phoneNumber' | 'phoneNumberSid';

/** "Identify Number By" and the field it selects, for release, repair and assign. */
export function numberReferenceProperties(
	operation: NumberOperation,
	verb: string,
): INodeProperties[] {
	const show = showFor(operation);
	return [
		{
			displayName: 'Identify Number By',
			name: 'identifyBy',
			type: 'options',
			options: [
				{
					name: 'Phone Number',
					value: 'phoneNumber',
					description: 'The number itself in E.164 format, e.g. +14155550123',
				},
				{
					name: 'Phone Number SID',
					value: 'phoneNumberSid',
					description: `The number's ${PROVIDER_NAME} identifier (starts with PN), as returned by Buy or Import`,
				},
			],
			default: 'phoneNumber',
			description: `How to tell Convocore which number to ${verb}`,
			displayOptions: { show },
		},
		phoneNumberProperty(
			{ ...show, identifyBy: ['phoneNumber'] },
			'The number in E.164 format: + then country code and number. Spaces, dashes, dots and brackets are removed before sending.',
		),
		{
			displayName: 'Phone Number SID',
			name: 'phoneNumberSid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'PN0123456789abcdef0123456789abcdef',
			description: `The number's ${PROVIDER_NAME} identifier, as returned by Buy or Import`,
			displayOptions: { show: { ...show, identifyBy: ['phoneNumberSid'] } },
		},
	];
}

/** Reads the identified number of release, repair and assign as request body fields (empty: left out). */
export function readNumberReference(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const identifyBy = ctx.getNodeParameter('identifyBy', itemIndex, 'phoneNumber') as IdentifyBy;
	if (identifyBy === 'phoneNumberSid') {
		return compact({
			phoneNumberSid: trimmed(ctx.getNodeParameter('phoneNumberSid', itemIndex, '')),
		}) as IDataObject;
	}
	return compact({
		phoneNumber: normalizePhone(ctx.getNodeParameter('phoneNumber', itemIndex, '')),
	}) as IDataObject;
}

export const ADDITIONAL_BODY_FIELDS = 'additionalBodyFields';

/** The escape hatch, as one option of an operation's Additional Fields. */
export function additionalBodyFieldsOption(description: string): INodeProperties {
	return {
		displayName: 'Additional Body Fields (JSON)',
		name: ADDITIONAL_BODY_FIELDS,
		type: 'json',
		default: '{}',
		description,
	};
}

/**
 * An operation's Additional Fields: the escape hatch (described by `escapeHatch`, as what the
 * endpoint does with fields it does not list) first, then the operation's own optional fields.
 */
export function additionalFieldsProperty(
	operation: NumberOperation,
	escapeHatch: string,
	options: INodeProperties[] = [],
): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showFor(operation) },
		options: [additionalBodyFieldsOption(escapeHatch), ...options],
	};
}

/**
 * Parses the escape hatch: a JSON object, or nothing. Its keys may not repeat a field the node
 * already sets: which of the two would win is not obvious, so the user is asked to pick one.
 */
export function mergeAdditionalBody(
	ctx: IExecuteFunctions,
	body: IDataObject,
	raw: unknown,
	itemIndex: number,
	field = `Additional Fields > Additional Body Fields (JSON)`,
): IDataObject {
	const extra = readJsonField(ctx, raw, field, itemIndex, 'object');
	if (!extra) return body;
	const clashes = Object.keys(extra).filter((key) => body[key] !== undefined);
	if (clashes.length) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid request body in item ${itemIndex}: ${field}: ${clashes.join(', ')} ${clashes.length > 1 ? 'are' : 'is'} already set by the node's own fields`,
			{
				itemIndex,
				description:
					'Set each field in one place only: either in its own parameter or in the JSON.',
			},
		);
	}
	return { ...extra, ...body };
}

/**
 * Sends one number request and returns its answer as one output item. Buy and import answer flat
 * (`{ phoneNumber, phoneNumberSid, message }`); release, repair and assign answer
 * `{ success, message, data }`, which is flattened so the item keeps Convocore's message (e.g.
 * that billing stopped) next to the data, instead of dropping it as a plain unwrap would.
 */
export async function sendNumberRequest(
	ctx: IExecuteFunctions,
	path: string,
	body: IDataObject,
	scope: RequestScope,
): Promise<IDataObject> {
	// Buy and import answer flat; the other three in an envelope. The transport checks either
	// against its contract and turns `success: false` into an error.
	const response =
		path === NUMBER_PATHS.buy || path === NUMBER_PATHS.import
			? numberResultSchema
			: numberActionResponseSchema;
	const request = { method: 'POST' as const, path, body, raw: true, response };
	// A POST: the transport never repeats it after an unclear failure, so nothing happens twice.
	const answer = await convocoreApiRequest.call(ctx, request, scope);
	const { data, ...rest } = answer as IDataObject;
	if (data !== null && typeof data === 'object' && !Array.isArray(data))
		return { ...rest, ...(data as IDataObject) };
	return data === undefined ? rest : { ...rest, data };
}

/** Sends a prepared number request (see sendNumberRequest): its answer is the one output item. */
export async function executeNumberRequest(
	ctx: IExecuteFunctions,
	path: string,
	request: object,
	scope: RequestScope,
): Promise<INodeExecutionData[]> {
	const answer = await sendNumberRequest(ctx, path, request as IDataObject, scope);
	return [{ json: answer }];
}

/**
 * The prepare of release, repair and assign: the identified number and the operation's own
 * fields (read after it; empty ones left out), merged with the escape hatch and validated with
 * the operation's schema. `what` names the request in errors, e.g. "number release".
 */
export function prepareNumberReference<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: S,
	what: string,
	ownFields: () => IDataObject = () => ({}),
): z.output<S> {
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const own = compact({ ...readNumberReference(ctx, itemIndex), ...ownFields() }) as IDataObject;
	const body = mergeAdditionalBody(ctx, own, additional[ADDITIONAL_BODY_FIELDS], itemIndex);
	return validate(ctx, schema, body, itemIndex, what);
}
