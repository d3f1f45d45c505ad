import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema, redactSecrets } from '../../../shared/contracts/agent';
import {
	CONVERSATION_STATES,
	createConversationAnswerSchema,
	createConversationRequestSchema,
	type CreateConversationRequest,
} from '../../../shared/contracts/conversationWrites';
import { lazy } from '../../../shared/contracts/lazy';
import { getBaseUrl } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { requestChecked } from '../../helpers/answers';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { listFrom } from '../../helpers/listField';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, parseJsonParameter, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import { toEpochMs } from '../../helpers/usageRange';

const show = { resource: ['conversation'], operation: ['create'] };

const STATE_NAMES: Record<(typeof CONVERSATION_STATES)[number], string> = {
	'ai-chatting': 'AI Chatting',
	ended_chat: 'Ended',
	'human-chatting': 'Human Chatting',
	requested_chat: 'Human Requested',
};

const TIME_NOTE =
	"Sent as milliseconds since the Unix epoch (Convocore publishes no unit for it); a date-time without an offset is read in the workflow's time zone";

export const description: INodeProperties[] = [
	...agentIdProperty(show, 'The agent the conversation is recorded for'),
	{
		displayName: 'Started At',
		name: 'startedAt',
		type: 'dateTime',
		required: true,
		default: '',
		description: `When the conversation began (Convocore's required \`ts\`). ${TIME_NOTE}.`,
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Campaign ID',
				name: 'campaignId',
				type: 'string',
				default: '',
				description: 'The campaign the conversation belongs to',
			},
			{
				displayName: 'Captured Variables (JSON)',
				name: 'capturedVariables',
				type: 'json',
				default: '{}',
				description:
					'What was learned in the conversation, as a JSON object, e.g. {"orderId": "A-1001"}',
			},
			{
				displayName: 'Channel',
				name: 'origin',
				type: 'string',
				default: '',
				placeholder: 'e.g. email',
				description:
					"Where the conversation took place (Convocore's `origin`). Its own channels are web-chat, discord, messenger, instagram and gb-chat; any text is sent as written.",
			},
			{
				displayName: 'Conversation ID',
				name: 'ID',
				type: 'string',
				default: '',
				description:
					'Your own ID for the conversation, e.g. the e-mail thread ID. Leave empty to let Convocore choose.',
			},
			{
				displayName: 'Duration (Seconds)',
				name: 'convoTimeSeconds',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'How long the conversation lasted',
			},
			{ displayName: 'End Reason', name: 'endReason', type: 'string', default: '' },
			{
				displayName: 'Ended At',
				name: 'lastMessageTS',
				type: 'dateTime',
				default: '',
				description: `When the last message was sent (Convocore's \`lastMessageTS\`). ${TIME_NOTE}.`,
			},
			{ displayName: 'Language', name: 'lang', type: 'string', default: '', placeholder: 'en' },
			{
				displayName: 'Last Message',
				name: 'lastMessage',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
			},
			{
				displayName: 'Message Count',
				name: 'messagesNum',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'How many messages the conversation had',
			},
			{
				displayName: 'Notes',
				name: 'notes',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
			},
			{
				displayName: 'Rating (0–5)',
				name: 'ratingFrom5',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 5, numberPrecision: 1 },
				default: 5,
				description: 'How the customer rated the conversation, out of 5',
			},
			{
				displayName: 'State',
				name: 'state',
				type: 'options',
				default: 'ended_chat',
				options: CONVERSATION_STATES.map((value) => ({ name: STATE_NAMES[value], value })).sort(
					(a, b) => (a.name < b.name ? -1 : 1),
				),
			},
			{
				displayName: 'Summary',
				name: 'summary',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				description: 'Tags of the conversation, separated by commas',
			},
			{
				displayName: 'Test Conversation',
				name: 'isTest',
				type: 'boolean',
				default: false,
				description: 'Whether the conversation is a test, not a real customer',
			},
			{ displayName: 'Title', name: 'title', type: 'string', default: '' },
			{ displayName: 'User Address', name: 'userAddress', type: 'string', default: '' },
			{ displayName: 'User Company', name: 'userCompany', type: 'string', default: '' },
			{
				displayName: 'User Email',
				name: 'userEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
			},
			{ displayName: 'User Name', name: 'userName', type: 'string', default: '' },
			{ displayName: 'User Phone', name: 'userPhone', type: 'string', default: '' },
			{ displayName: 'User Website', name: 'userWebsite', type: 'string', default: '' },
		],
	},
	optionsCollection(show, [
		dryRunOption(
			'validate and return the exact request that would create the conversation, sending nothing',
		),
		timeoutOption(),
	]),
];

const planRefSchema = lazy(() => z.object({ agentId: agentIdSchema }));

type Plan = { agentId: string; body: CreateConversationRequest; dryRun: boolean };

/** A date-time field as milliseconds, or the text it was when it cannot be read (the contract then names it). */
function epochMs(ctx: IExecuteFunctions, value: unknown): unknown {
	if (value === undefined || value === '' || value === null) return undefined;
	return toEpochMs(value, ctx.getTimezone()) ?? value;
}

/** Captured Variables: a JSON object, given as one or as its text; `{}` is left out. */
function capturedVariables(ctx: IExecuteFunctions, value: unknown, itemIndex: number): unknown {
	const parsed = parseJsonParameter(ctx, value, 'Captured Variables', itemIndex);
	if (parsed === undefined) return undefined;
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(
			ctx.getNode(),
			'Invalid conversation: conversation.capturedVariables: must be a JSON object, e.g. {"orderId": "A-1001"}',
			{ itemIndex },
		);
	}
	return Object.keys(parsed).length ? parsed : undefined;
}

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<Plan> {
	const { agentId } = validate(
		this,
		planRefSchema,
		{ agentId: readAgentId(this, itemIndex) },
		itemIndex,
		'conversation',
	);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const conversation = compact({
		...fields,
		ts: epochMs(this, this.getNodeParameter('startedAt', itemIndex, '')),
		lastMessageTS: epochMs(this, fields.lastMessageTS),
		tags: fields.tags === undefined ? undefined : (listFrom(fields.tags) ?? []),
		capturedVariables: capturedVariables(this, fields.capturedVariables, itemIndex),
	});
	const body = validate(
		this,
		createConversationRequestSchema,
		{ conversation },
		itemIndex,
		'conversation',
	);
	return { agentId, body, dryRun: readDryRun(this, itemIndex) };
}

/** The fields sent that the answer's record does not hold as sent: a server that drops unknown keys answers 200 all the same. */
function fieldsNotKept(sent: Record<string, unknown>, record: Record<string, unknown>): string[] {
	return Object.keys(sent).filter(
		(key) => JSON.stringify(record[key]) !== JSON.stringify(sent[key]),
	);
}

export async function execute(this: IExecuteFunctions, plan: Plan, scope: RequestScope) {
	const path = `/agents/${encodeURIComponent(plan.agentId)}/convos`;
	if (plan.dryRun) {
		const url = `${await getBaseUrl.call(this, scope.itemIndex)}${path}`;
		const request = { method: 'POST', url, body: plan.body };
		return [
			{
				json: isOneShapeDryRun(this)
					? dryRunOutput([request])
					: ({ dryRun: true, request } as unknown as IDataObject),
			},
		];
	}
	const answer = await requestChecked(
		this,
		{
			method: 'POST',
			path,
			body: plan.body as unknown as IDataObject,
			raw: true,
			response: createConversationAnswerSchema,
		},
		scope,
	);
	const record = redactSecrets(answer.data) as IDataObject;
	const lost = fieldsNotKept(plan.body.conversation as Record<string, unknown>, answer.data);
	if (lost.length) {
		this.addExecutionHints({
			message: `Item ${scope.itemIndex ?? 0}: Convocore created the conversation but its answer does not hold ${lost.join(', ')} as sent: the field may not have been kept.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return [
		{
			json: {
				...record,
				...(lost.length
					? {
							warnings: lost.map(
								(field) => `${field} was sent but the answer does not hold it as sent`,
							),
						}
					: {}),
			},
		},
	];
}

export const create: ConvocoreOperation<Plan> = { description, prepare, execute };
