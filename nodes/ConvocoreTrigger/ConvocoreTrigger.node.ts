import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { decideDelivery } from './delivery';
import { type ReplayGuard } from './verification';
import { ALL_EVENTS, EVENT_OPTIONS } from './eventOptions';
import { readParameter } from './parameters';
import { searchAgents } from '../Convocore/methods/agents';
import { register, registeredEverywhere, registrationSettings, unregister } from './registration';
import { registrationNotice, registrationProperties } from './registrationProperties';

/**
 * Convocore Trigger: runs the workflow for each event Convocore posts to the node's webhook.
 *
 * Output: one item per accepted event,
 *   { event: <type>, ...<payload fields except workspaceSecret> }
 * plus `_validation: { valid: false, knownType, issues[], shadowed? }` only when the payload does
 * not have the documented shape of its type, or the type is not a documented one ("All Events").
 * Any other occurrence of the secret in the item is replaced by "[redacted]".
 *
 * Answers (Convocore waits at most 60 s and never retries):
 *   413  the raw body is larger than any real event (MAX_BODY_BYTES)      no execution
 *   400  the body is not a JSON `{ type, payload }` envelope, or nests
 *        deeper than any real event (MAX_DEPTH)                          no execution
 *   401  payload.workspaceSecret missing, not a string or wrong;
 *        or, with the replay guard on, createdAt too old or in the future no execution
 *   200  authenticated, but a type this node does not listen to          no execution
 *   200  accepted: {"received": true}, answered before the run          one execution
 *   500  Max Event Age or Allowed Clock Skew is set but not a number     no execution
 *        (an expression that resolved to NaN must not turn the guard off)
 *
 * Convocore has no API to register a workspace webhook, so webhookMethods keep n8n's bookkeeping
 * in the node's static data. From node version 2, Register on Agents also points the chosen agents'
 * webhookUrl at this node while it is active (./registration.ts); version 1 never writes.
 */

interface TriggerOptions {
	/** Typed unknown: an expression may resolve to anything. */
	maxEventAgeSeconds?: unknown;
	allowedClockSkewSeconds?: unknown;
}

const DEFAULT_CLOCK_SKEW_SECONDS = 60;

/** A replay guard, none when Max Event Age is not set, or why the options are unusable. */
function replayGuardFrom(options: TriggerOptions): ReplayGuard | undefined | { invalid: string } {
	const { maxEventAgeSeconds: maxAge, allowedClockSkewSeconds: skew = DEFAULT_CLOCK_SKEW_SECONDS } =
		options;
	if (maxAge === undefined || maxAge === null) return undefined;
	// Set but unusable fails closed: a guard silently off would accept replayed events.
	if (typeof maxAge !== 'number' || !Number.isFinite(maxAge) || maxAge <= 0) {
		return {
			invalid: `Max Event Age (Seconds) must be a positive number of seconds, got ${describe(maxAge)}`,
		};
	}
	if (typeof skew !== 'number' || !Number.isFinite(skew) || skew < 0) {
		return {
			invalid: `Allowed Clock Skew (Seconds) must be a number of seconds, 0 or more, got ${describe(skew)}`,
		};
	}
	return { maxAgeSeconds: maxAge, clockSkewSeconds: skew };
}

function describe(value: unknown): string {
	return typeof value === 'number' ? String(value) : typeof value;
}

function selectedEvents(value: unknown): string[] {
	return Array.isArray(value)
		? value.filter((event): event is string => typeof event === 'string')
		: [];
}

function sameEvents(a: string[], b: string[]): boolean {
	const sortedB = [...b].sort();
	return a.length === b.length && [...a].sort().every((event, index) => event === sortedB[index]);
}

export class ConvocoreTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Convocore Trigger',
		name: 'convocoreTrigger',
		icon: { light: 'file:../../icons/convocore.svg', dark: 'file:../../icons/convocore.dark.svg' },
		group: ['trigger'],
		// Version 2 adds Register on Agents; version 1 shows and does what it always did.
		version: [1, 2],
		subtitle:
			'={{ ($parameter["events"] || []).includes("*") ? "All events" : ($parameter["events"] || []).join(", ") }}',
		description: 'Starts the workflow when Convocore posts an event to this webhook',
		defaults: {
			name: 'Convocore Trigger',
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'convocoreApi',
				required: true,
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// The body n8n answers an accepted event with. Without it n8n sends its placeholder
				// "firstEntryJson"; Convocore reads only the status, so the body just says it arrived.
				responseData: '={{ { "received": true } }}',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName:
					"Convocore has no API for registering webhooks, so this node cannot subscribe itself. In the Convocore dashboard, open the workspace's webhook settings, paste this node's <b>Production URL</b> and subscribe the same events you select below. Conversation Updated can also reach this node through an agent's Advanced Server URL. The credential's Secret Key must be the <b>workspace</b> secret: every event carries it, and requests without it are refused. The <b>Test URL</b> only listens while you click 'Listen for test event' here; the Production URL receives events once the workflow is published (active). Send a Webhook Test from the dashboard to check the setup.",
				name: 'setupNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { '@version': [1] } },
			},
			registrationNotice,
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description:
					'The events that start the workflow. Authenticated events of other types are answered 200 and ignored.',
				options: EVENT_OPTIONS,
			},
			...registrationProperties,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Allowed Clock Skew (Seconds)',
						name: 'allowedClockSkewSeconds',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: DEFAULT_CLOCK_SKEW_SECONDS,
						description:
							"Used with Max Event Age only: how far in the future an event's createdAt may be before the event is refused",
					},
					{
						displayName: 'Max Event Age (Seconds)',
						name: 'maxEventAgeSeconds',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 300,
						description:
							'Replay guard. Refuses (HTTP 401, no execution) an event whose createdAt is older than this, in the future beyond the allowed clock skew, or missing. The secret travels inside every event, so this stops re-sent old requests, not someone who has seen one.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchAgents } };

	webhookMethods = {
		default: {
			/**
			 * True when this node's static data already records the current URL and event selection,
			 * so n8n skips create(). It says nothing about the dashboard, which no API can read. With
			 * Register on Agents, every chosen agent must also send its events to this URL.
			 */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const staticData = this.getWorkflowStaticData('node');
				const webhookUrl = this.getNodeWebhookUrl('default');
				const recorded = selectedEvents(staticData.events);
				const current = selectedEvents(this.getNodeParameter('events', []));
				const recordedHere =
					webhookUrl !== undefined &&
					staticData.webhookUrl === webhookUrl &&
					sameEvents(recorded, current);
				const registration = registrationSettings(this);
				if (!recordedHere || !registration) return recordedHere;
				return await registeredEverywhere(this, webhookUrl, registration);
			},

			/**
			 * Checks the configuration and records the URL and events; with Register on Agents, points
			 * the chosen agents at the URL first (refused, with nothing changed, for one that points
			 * elsewhere unless Replace Existing URL is on).
			 */
			async create(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = this.getNodeWebhookUrl('default');
				if (webhookUrl === undefined) {
					throw new NodeOperationError(
						this.getNode(),
						'n8n did not provide a webhook URL for this node',
					);
				}
				const events = selectedEvents(this.getNodeParameter('events', []));
				if (events.length === 0) {
					throw new NodeOperationError(this.getNode(), 'Select at least one event', {
						description: `Pick the events this workflow handles, or "All Events" (${ALL_EVENTS}).`,
					});
				}
				const credentials = await this.getCredentials<IDataObject>('convocoreApi');
				if (typeof credentials.secretKey !== 'string' || credentials.secretKey.length === 0) {
					throw new NodeOperationError(
						this.getNode(),
						'The Convocore credential has no Secret Key',
						{
							description:
								'Every event is verified against the workspace secret. Set it in the credential, then activate again.',
						},
					);
				}
				const guard = replayGuardFrom(this.getNodeParameter('options', {}) as TriggerOptions);
				if (guard && 'invalid' in guard)
					throw new NodeOperationError(this.getNode(), guard.invalid);
				const registration = registrationSettings(this);
				if (registration) await register(this, webhookUrl, registration);
				const staticData = this.getWorkflowStaticData('node');
				staticData.webhookUrl = webhookUrl;
				staticData.events = events;
				return true;
			},

			/**
			 * Puts back what create() changed on agents (those still pointing at this URL), then
			 * forgets what it recorded. A dashboard entry must be removed by hand.
			 */
			async delete(this: IHookFunctions): Promise<boolean> {
				const webhookUrl = this.getNodeWebhookUrl('default');
				// From the static data, not the parameters: what was registered is what is put back.
				if (webhookUrl !== undefined) await unregister(this, webhookUrl);
				const staticData = this.getWorkflowStaticData('node');
				delete staticData.webhookUrl;
				delete staticData.events;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const credentials = await this.getCredentials<IDataObject>('convocoreApi');
		const secret = typeof credentials.secretKey === 'string' ? credentials.secretKey : '';
		// Per event: read without n8n's expression engine when the stored values hold none (./parameters.ts).
		const events = selectedEvents(readParameter(this, 'events', []));
		const options = readParameter(this, 'options', {}) as TriggerOptions;
		const request = this.getRequestObject() as unknown as { rawBody?: unknown };
		const replayGuard = replayGuardFrom(options);

		const decision =
			replayGuard && 'invalid' in replayGuard
				? {
						kind: 'reject' as const,
						status: 500,
						message: `The trigger is misconfigured: ${replayGuard.invalid}`,
					}
				: decideDelivery(this.getBodyData(), request.rawBody, {
						secret,
						events,
						replayGuard,
						now: Date.now(),
					});

		if (decision.kind === 'emit') {
			// Wrapped here, not with helpers.returnJsonArray, which would take a payload field
			// named "json" for an already wrapped item and drop every other field.
			return { workflowData: [[{ json: decision.item }]] };
		}

		// Answered here so no workflow runs; the message never contains the secret.
		const response = this.getResponseObject();
		response.writeHead(decision.status, { 'Content-Type': 'application/json; charset=utf-8' });
		response.end(JSON.stringify({ message: decision.message }));
		return { noWebhookResponse: true };
	}
}
