import { randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';
import { agentIdSchema } from '../../../shared/contracts/agent';
import {
	COMMAND_PROMPT_PATTERN,
	GREETING_PROMPT,
	INTERACT_BUCKETS,
	INTERACT_ORIGINS,
	lightConvoDataSchema,
	type InteractObject,
} from '../../../shared/contracts/agentInteract';
import { lazy } from '../../../shared/contracts/lazy';
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

const text = (what: string) => z.string({ invalid_type_error: `must be text (${what})` });

const planSchema = lazy(() =>
	z
		.object({
			agentId: agentIdSchema,
			message: text('the message'),
			conversationId: text('a conversation ID')
				.trim()
				.max(200, 'must be at most 200 characters')
				.regex(/^[^\r\n\t]*$/, 'must not contain line breaks or tabs'),
			user: lightConvoDataSchema,
			options: z.object({
				plainText: z.boolean({ invalid_type_error: 'must be true or false' }),
				recordHistory: z.boolean({ invalid_type_error: 'must be true or false' }),
				startWithGreeting: z.boolean({ invalid_type_error: 'must be true or false' }),
				testConversation: z.boolean({ invalid_type_error: 'must be true or false' }),
				includeTurns: z.boolean({ invalid_type_error: 'must be true or false' }),
				origin: z.enum(INTERACT_ORIGINS, {
					errorMap: () => ({ message: `must be one of ${INTERACT_ORIGINS.join(', ')}` }),
				}),
			}),
		})
		.superRefine((plan, context) => {
			const message = plan.message.trim();
			if (plan.options.startWithGreeting) {
				if (message)
					context.addIssue({
						code: 'custom',
						path: ['message'],
						message:
							"must be empty with Start With the Agent's Greeting (the greeting turn sends no user message)",
					});
				return;
			}
			if (!message)
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message: "is required (or turn on Options > Start With the Agent's Greeting)",
				});
			else if (message.toLowerCase() === GREETING_PROMPT)
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message:
						'must not be just "start", which Convocore reads as a request for the greeting: use Options > Start With the Agent\'s Greeting',
				});
			else if (COMMAND_PROMPT_PATTERN.test(message))
				context.addIssue({
					code: 'custom',
					path: ['message'],
					message:
						'must not start with @cancel: or @rewind:, which Convocore reads as commands, not as a message',
				});
		}),
);
type MessagePlan = z.output<typeof planSchema> & { dryRun: boolean };

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

/** `bucket` of the credential's region; a custom base is NA only when its host or path says so. */
function bucketOf(credentials: ConvocoreCredentialData, baseUrl: string): InteractObject['bucket'] {
	if (credentials.region === 'na') return INTERACT_BUCKETS.na;
	if (credentials.region === 'eu') return INTERACT_BUCKETS.eu;
	const { host, pathname } = new URL(baseUrl);
	return /(^|[-./])na([-./]|$)/i.test(`${host}${pathname}`)
		? INTERACT_BUCKETS.na
		: INTERACT_BUCKETS.eu;
}

function interactObject(
	plan: MessagePlan,
	conversationId: string,
	bucket: InteractObject['bucket'],
): InteractObject {
	const { options } = plan;
	return {
		agentId: plan.agentId,
		convoId: conversationId,
		bucket,
		prompt: options.startWithGreeting ? GREETING_PROMPT : plan.message,
		lightConvoData: { ...plan.user, origin: options.origin },
		disableUiEngine: options.plainText,
		disableRecordHistory: !options.recordHistory,
		isTest: options.testConversation,
	};
}

/** The turns of each conversation of one execution, chained so that they never overlap; each resolves to whether it succeeded. */
const conversationQueues = new WeakMap<IExecuteFunctions, Map<string, Promise<boolean>>>();

/**
 * Waits for the turns of `conversationId` that came before (in input order: items start in
 * input order, and each joins the queue before its first await), then runs `turn`. Without
 * Continue On Fail the run stops at the first failure, so a turn queued behind a failed one is
 * not sent: its output would be dropped with the run, and the credits spent for nothing.
 */
async function inConversationOrder<T>(
	ctx: IExecuteFunctions,
	conversationId: string,
	itemIndex: number,
	turn: () => Promise<T>,
): Promise<T> {
	let queues = conversationQueues.get(ctx);
	if (!queues) conversationQueues.set(ctx, (queues = new Map()));
	const before = queues.get(conversationId);
	let done!: (succeeded: boolean) => void;
	const mine = new Promise<boolean>((resolve) => (done = resolve));
	queues.set(conversationId, mine);
	let succeeded = false;
	try {
		if (before && !(await before) && !ctx.continueOnFail()) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Not sent: an earlier turn of conversation ${conversationId} failed`,
				{ itemIndex },
			);
		}
		const result = await turn();
		succeeded = true;
		return result;
	} finally {
		done(succeeded);
		if (queues.get(conversationId) === mine) queues.delete(conversationId);
	}
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
