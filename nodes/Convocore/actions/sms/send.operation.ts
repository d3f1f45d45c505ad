import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import {
	SMS_SEGMENT_LENGTH,
	VALIDITY_PERIOD,
	smsRequestSchema,
	smsResponseContract,
	type SmsRequest,
	type SmsResponse,
} from '../../../shared/contracts/sms';
import { convocoreApiRequest } from '../../transport/request';
import { type RequestScope } from '../../transport/retries';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { optionsCollection, timeoutOption, concurrencyOptions } from '../../descriptions/options';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation } from '../types';
import { readJsonField } from '../../helpers/jsonFields';
import { additionalFieldOptions, leadInfoFrom, readMediaUrls } from './fields';
import { smsOutput } from './dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { normalizePhone } from '../../helpers/phone';
import { mcpServersProperty, withMcpServers } from './mcpServers';

const show = { resource: ['sms'], operation: ['send'] };
const longestValidityPeriod = VALIDITY_PERIOD.max;

export const description: INodeProperties[] = [
	{
		// The action label is plain ("Send an SMS", the default node name): the cost is said here.
		displayName:
			"Sends a real SMS from the agent's number: it may cost credits, and it is never sent twice. Use Options > Dry Run to check the request first.",
		name: 'smsNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent whose connected SMS number sends the message'),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+14155550123',
		description:
			'Recipient in E.164 format: + then country code and number. Spaces, dashes, dots and brackets are removed before sending.',
		displayOptions: { show },
	},
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{
				name: 'Agent',
				value: 'agent',
				description: 'Run the agent first and send its generated reply',
			},
			{ name: 'Direct', value: 'direct', description: 'Send the message as it is' },
		],
		default: 'direct',
		displayOptions: { show },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: `The SMS text. Texts over ${SMS_SEGMENT_LENGTH} characters need Options > Split Long Messages.`,
		displayOptions: { show: { ...show, mode: ['direct'] } },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		default: '',
		typeOptions: { rows: 4 },
		description:
			'Context for the agent. Required unless Options > Initial Prompt is set; the agent writes the text that is sent.',
		displayOptions: { show: { ...show, mode: ['agent'] } },
	},
	mcpServersProperty(show),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: additionalFieldOptions,
	},
	optionsCollection(show, [
		{
			displayName: 'Agent Options (JSON)',
			name: 'agentOptions',
			type: 'json',
			default: '{}',
			description:
				'Runtime overrides for this interaction (serverData, agentOverrides, messagesHistory, messagesHistoryMergeMode, toolsOverrides, variablesOverrides, mcpServers, currentNode, …), checked against the API specification before sending',
		},
		concurrencyOptions('messages')[0],
		{
			displayName: 'Create Conversation',
			name: 'createConvo',
			type: 'boolean',
			default: true,
			description: 'Whether to create or update the SMS conversation record',
		},
		{
			displayName: 'Disable Record History',
			name: 'disableRecordHistory',
			type: 'boolean',
			default: false,
			description: 'Whether to skip saving the agent turn to the history store (agent mode)',
		},
		dryRunOption(
			'validate and return the resolved send plan (from number, mode, segment count) without sending',
		),
		{
			displayName: 'Initial Prompt',
			name: 'initialPrompt',
			type: 'string',
			default: '',
			typeOptions: { rows: 3 },
			description:
				'Prompt passed to the agent in agent mode. Defaults to a generic outbound SMS opener.',
		},
		concurrencyOptions('messages')[1],
		{
			displayName: 'Messaging Service SID',
			name: 'messagingServiceSid',
			type: 'string',
			default: '',
			description: 'Messaging service identifier (own-account numbers only)',
		},
		{
			displayName: 'Persist to Conversation',
			name: 'persistToConvo',
			type: 'boolean',
			default: true,
			description: 'Whether to store the outbound message metadata on the conversation',
		},
		{
			displayName: 'Provide Feedback',
			name: 'provideFeedback',
			type: 'boolean',
			default: false,
			description: 'Whether to request delivery feedback (own-account numbers only)',
		},
		{
			displayName: 'Send via Edge',
			name: 'sendViaEdge',
			type: 'boolean',
			default: false,
			description:
				'Whether to deliver through the edge SMS sender, so transcripts and multi-segment replies stay consistent',
		},
		{
			displayName: 'Skip If Human Handoff',
			name: 'skipIfHumanHandoff',
			type: 'boolean',
			default: false,
			description:
				'Whether to send nothing when the conversation is handed off to a human; the output then says skipped with a reason',
		},
		{
			displayName: 'Smart Encoded',
			name: 'smartEncoded',
			type: 'boolean',
			default: false,
			description: 'Whether to enable smart encoding for GSM-7 and Unicode optimisation',
		},
		{
			displayName: 'Split Long Messages',
			name: 'splitLongMessages',
			type: 'boolean',
			default: false,
			description: `Whether to split messages longer than ${SMS_SEGMENT_LENGTH} characters into several SMS segments`,
		},
		{
			displayName: 'Status Callback URL',
			name: 'statusCallbackUrl',
			type: 'string',
			default: '',
			description: 'Overrides the delivery status callback URL',
		},
		timeoutOption(),
		{
			displayName: 'Validity Period (Seconds)',
			name: 'validityPeriod',
			type: 'number',
			typeOptions: { minValue: VALIDITY_PERIOD.min, maxValue: VALIDITY_PERIOD.max },
			default: longestValidityPeriod,
			description: `How long the message may wait for delivery, ${VALIDITY_PERIOD.min} to ${VALIDITY_PERIOD.max} seconds (own-account numbers only)`,
		},
	]),
];

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<SmsRequest> {
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const { agentOptions, ...options } = this.getNodeParameter(
		'options',
		itemIndex,
		{},
	) as IDataObject;
	// Concurrency, Max Concurrency and Timeout steer the node's own batching and deadline; they are
	// not fields of the request.
	delete options.concurrency;
	delete options.maxConcurrency;
	delete options.timeout;
	const mode = this.getNodeParameter('mode', itemIndex, 'direct') as string;
	const parsedAgentOptions = withMcpServers(
		this,
		itemIndex,
		mode,
		readJsonField(this, agentOptions, 'options.agentOptions', itemIndex, 'object'),
	);
	const mediaUrls = readMediaUrls(additional.mediaUrls);

	const body = compact({
		agentId: readAgentId(this, itemIndex),
		to: normalizePhone(this.getNodeParameter('to', itemIndex)),
		from: normalizePhone(additional.from),
		message: this.getNodeParameter('message', itemIndex, '') as string,
		mediaUrl: additional.mediaUrl,
		mediaUrls: Array.isArray(mediaUrls) && mediaUrls.length === 0 ? undefined : mediaUrls,
		mode,
		campaignId: additional.campaignId,
		convoId: additional.convoId,
		leadInfo: leadInfoFrom(
			readJsonField(this, additional.leadInfo, 'additionalFields.leadInfo', itemIndex, 'object'),
		),
	});
	const sendOptions = compact({
		...options,
		...(parsedAgentOptions ? { agentOptions: parsedAgentOptions } : {}),
	});
	if (Object.keys(sendOptions).length) (body as IDataObject).options = sendOptions;

	return validate(this, smsRequestSchema, body, itemIndex, 'SMS request');
}

export async function execute(this: IExecuteFunctions, request: SmsRequest, scope: RequestScope) {
	// POST /sms answers flat (no envelope); the transport never repeats it after an unclear failure.
	const result = (await convocoreApiRequest.call(
		this,
		{
			method: 'POST',
			path: '/sms',
			body: request as IDataObject,
			raw: true,
			response: smsResponseContract,
		},
		scope,
	)) as SmsResponse;
	return [{ json: await smsOutput(this, request, result, scope.itemIndex) }];
}

export const send: ConvocoreOperation<SmsRequest> = {
	description,
	prepare,
	execute,
};
