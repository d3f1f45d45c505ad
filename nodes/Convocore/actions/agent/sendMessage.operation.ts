import { randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { interactUrl, runInteractTurn } from '../../transport/interactSocket';
import type { ConvocoreCredentialData } from '../../../shared/regions';
import { addSecret, redactDeep } from '../../../shared/secrets';
import { CREDENTIAL_TYPE, getBaseUrl } from '../../transport/request';
import { concurrencyOptions, optionsCollection, timeoutOption } from '../../descriptions/options';
import { dryRunOutput, isOneShapeDryRun, readDryRun } from '../../helpers/dryRun';
import { dryRunOption } from '../../descriptions/dryRun';
import { agentIdProperty } from '../../descriptions/pickers';
import { compact, validate } from '../../helpers/parameters';
import { readAgentId } from '../../helpers/agentId';
import { type ConvocoreOperation, type ItemScope } from '../types';
import { turnOutput } from './turnOutput';
import { inConversationOrder } from './conversationOrder';
import { bucketOf, interactObject, planSchema, type MessageFields } from './messagePlan';

/**
 * Send Message: one turn of a conversation with the agent over Convocore's interact WebSocket
 * (agent-at-work spec §1). Turns of one conversation run one after another in input order;
 * different conversations run side by side under the node's limit.
 */

const show = { resource: ['agent'], operation: ['sendMessage'] };

export const TURN_TIMEOUT_SECONDS = 120;

export const description: INodeProperties[] = [
	{
		displayName:
			'Each message is a real conversation turn and spends credits exactly like one; Convocore has no server-side dry run. Use Options > Dry Run to see what would be sent.',
		name: 'sendMessageNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	...agentIdProperty(show, 'The agent to talk to'),
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: 'e.g. Do you have a free slot on Friday?',
		description:
			"The user's message. Leave empty only with Options > Start With the Agent's Greeting.",
		displayOptions: { show },
	},
	{
		displayName: 'Conversation ID',
		name: 'conversationId',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.from }}',
		description:
			"Reuse it to continue a conversation (e.g. an expression of the person's address). Left empty, each item starts a new conversation; its ID is in the output.",
		displayOptions: { show },
	},
	{
		displayName: 'User',
		name: 'user',
		type: 'collection',
		placeholder: 'Add User Detail',
		default: {},
		description:
			'Who is talking, for the agent and the conversation record (sent as lightConvoData)',
		displayOptions: { show },
		options: [
			{
				displayName: 'Email',
				name: 'userEmail',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
			},
			{ displayName: 'Name', name: 'userName', type: 'string', default: '' },
			{
				displayName: 'Phone',
				name: 'userPhone',
				type: 'string',
				placeholder: '+14155550123',
				default: '',
			},
			{ displayName: 'User ID', name: 'userID', type: 'string', default: '' },
		],
	},
	optionsCollection(show, [
		concurrencyOptions('conversations')[0],
		dryRunOption(
			'validate and return the interact object that would be sent, opening no connection and spending nothing',
		),
		{
			displayName: 'Include Turns',
			name: 'includeTurns',
			type: 'boolean',
			default: false,
			description: 'Whether to add the conversation so far (turns) to the output',
		},
		concurrencyOptions('conversations')[1],
		{
			displayName: 'Origin',
			name: 'origin',
			type: 'options',
			default: 'web-chat',
			description:
				'The channel the conversation says it comes from (sent as lightConvoData.origin)',
			options: [
				{ name: 'Discord', value: 'discord' },
				{ name: 'GB Chat', value: 'gb-chat' },
				{ name: 'Instagram', value: 'instagram' },
				{ name: 'Messenger', value: 'messenger' },
				{ name: 'Web Chat', value: 'web-chat' },
			],
		},
		{
			displayName: 'Plain-Text Reply',
			name: 'plainText',
			type: 'boolean',
			default: true,
			description:
				'Whether to ask for a plain-text reply (the UI Engine off for this turn); off, the agent may answer with rich UI snapshots only',
		},
		{
			displayName: 'Record History',
			name: 'recordHistory',
			type: 'boolean',
			default: true,
			description: 'Whether Convocore records this turn in the conversation history',
		},
		{
			displayName: "Start With the Agent's Greeting",
			name: 'startWithGreeting',
			type: 'boolean',
			default: false,
			description:
				"Whether to ask for the agent's greeting (prompt start) instead of sending a message; Message must then be empty",
		},
		{
			displayName: 'Test Conversation',
			name: 'testConversation',
			type: 'boolean',
			default: false,
			description: 'Whether Convocore marks the conversation as a test',
		},
		{
			...timeoutOption(),
			default: TURN_TIMEOUT_SECONDS,
			description:
				"Longest time, in seconds, the turn may take from opening the connection to the agent's last frame (1 to 600). When it passes the item fails; the message is not sent again.",
		},
	]),
];

type MessagePlan = MessageFields & { dryRun: boolean };

export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<MessagePlan> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const user = compact((this.getNodeParameter('user', itemIndex, {}) ?? {}) as IDataObject);
	const plan = validate(
		this,
		planSchema,
		{
			agentId: readAgentId(this, itemIndex),
			message: this.getNodeParameter('message', itemIndex, ''),
			conversationId: this.getNodeParameter('conversationId', itemIndex, ''),
			user,
			options: {
				plainText: options.plainText ?? true,
				recordHistory: options.recordHistory ?? true,
				startWithGreeting: options.startWithGreeting ?? false,
				testConversation: options.testConversation ?? false,
				includeTurns: options.includeTurns ?? false,
				origin: options.origin ?? 'web-chat',
			},
		},
		itemIndex,
		'message',
	);
	return { ...plan, dryRun: readDryRun(this, itemIndex) };
}

export async function execute(this: IExecuteFunctions, plan: MessagePlan, scope: ItemScope) {
	const conversationId = plan.conversationId || randomUUID();
	return await inConversationOrder(this, conversationId, scope.itemIndex ?? 0, async () => {
		const baseUrl = await getBaseUrl.call(this, scope.itemIndex);
		const credentials = (await this.getCredentials(
			CREDENTIAL_TYPE,
		)) as unknown as ConvocoreCredentialData;
		const interact = interactObject(plan, conversationId, bucketOf(credentials, baseUrl));
		// A turn opens a WebSocket (GET, upgraded) and sends the interact object as its first message.
		const url = interactUrl(baseUrl);
		if (plan.dryRun && isOneShapeDryRun(this))
			return [{ json: dryRunOutput([{ method: 'GET', url, body: interact }]) }];
		if (plan.dryRun) return [{ json: { dryRun: true, url, interact } as unknown as IDataObject }];
		// The limit's pacer and latency count from here, not from the wait behind earlier turns.
		await scope.gate.wait();
		const secrets = new Set<string>();
		addSecret(secrets, credentials.secretKey);
		const frames = await runInteractTurn(this, {
			baseUrl,
			secret: credentials.secretKey,
			interact: interact as unknown as IDataObject,
			timeoutMs: scope.timeoutMs ?? TURN_TIMEOUT_SECONDS * 1000,
			itemIndex: scope.itemIndex ?? 0,
			secrets,
		});
		// A server or proxy may echo the Bearer header: the secret never reaches the output.
		return [
			{ json: redactDeep(turnOutput(frames, conversationId, plan.options.includeTurns), secrets) },
		];
	});
}

export const sendMessage: ConvocoreOperation<MessagePlan> = {
	description,
	defaultTimeoutSeconds: TURN_TIMEOUT_SECONDS,
	probeFirstWindow: false,
	prepare,
	execute,
};
