import type { INodeProperties } from 'n8n-workflow';
import { AGENT_SMS_AUTH_TOKEN_FIELD } from '../../../shared/contracts/agentFieldNames';
import type { FieldKind } from './fieldGroups';
import { AGENT_FIELD_RANGES, PUBLISHED_AGENT_MODELS } from '../../../shared/contracts/agentModel';
import { PUBLISHED_ENUMS } from './publishedKinds';
import { PUBLISHED_LABELS } from './publishedGroups';

/**
 * The editor's entry for each agent field inside its group's collection (./fields.ts): its
 * display name, description and type. Parameter names are the API's field names.
 */

/** Display names and descriptions where a field's name alone does not say enough. */
const LABELS: Record<string, [string, string?]> = {
	ADVANCED_customCSS: ['Custom CSS (Advanced)', 'CSS applied to the chat widget'],
	assignedToolsIds: ['Assigned Tool IDs', 'A JSON array of tool IDs, e.g. ["tool_1"]'],
	chatBgURL: ['Chat Background URL'],
	convoTags: ['Conversation Tags', 'A JSON array of texts, e.g. ["vip"]'],
	kbTags: ['Knowledge Base Tags', 'A JSON array of texts, e.g. ["faq"]'],
	nodes: [
		'Nodes',
		"A JSON array of the canvas nodes; with Enable Nodes on, the first node's instructions are the main prompt. Replaces all nodes.",
	],
	voiceConfig: [
		'Voice Config',
		'A JSON object (transcriber, speech generation, call settings). Replaces the whole voice configuration.',
	],
	AITranslateTo: ['AI Translate To', 'Language the AI translation targets'],
	aiIntroductionMessage: ['AI Introduction Message'],
	agentPlatform: ['Agent Platform', 'E.g. vg'],
	createdAtUNIX: ['Created At (Unix Seconds)'],
	customThemeJSONString: ['Custom Theme (JSON Text)', 'A custom theme as JSON text'],
	delayBeforeSubmit: ['Delay Before Submit (Ms)', 'Milliseconds'],
	enableAITranslate: ['Enable AI Translate'],
	enableAIIntroductionMessage: ['Enable AI Introduction Message'],
	enableNodes: [
		'Enable Nodes',
		'Whether the agent runs on the node/canvas runtime (the default for new agents); the classic prompt fields are then ignored',
	],
	captureIGStories: ['Capture Instagram Stories'],
	gdprCompliance: ['GDPR Compliance'],
	lang: ['Language', 'E.g. en'],
	messageAggregationSeconds: [
		'Message Aggregation (Seconds)',
		'Seconds to wait and merge consecutive user messages into one reply, on every text channel including SMS (default and floor 5; each new message restarts the wait)',
	],
	messageDelayMS: ['Message Delay (Ms)', 'Milliseconds'],
	messagesLimit: ['Messages Limit', 'Most messages per session'],
	rectangeImageURL: ['Rectangle Image URL', 'Sent as rectangeImageURL, the spelling of the API'],
	storageID: ['Storage ID'],
	theme: ['Theme', "A theme name, e.g. 'blue-light' or 'custom-blue-dark'"],
	webhookUrl: ['Webhook URL'],
	vg_systemPrompt: [
		'System Prompt',
		"System-level prompt defining the agent's behaviour and rules (classic agents)",
	],
	vg_prompt: ['Prompt', 'The main prompt template used for generating responses (classic agents)'],
	vg_initPrompt: ['Initial Prompt', 'The prompt used when a conversation starts (classic agents)'],
	vg_instructions: [
		'Instructions (Legacy)',
		'The legacy main prompt of agents with Enable Nodes off (classic agents)',
	],
	vg_initMessages: [
		'Initial Messages (JSON)',
		'A JSON array of texts the conversation starts with (classic agents)',
	],
	[AGENT_SMS_AUTH_TOKEN_FIELD]: [
		'SMS Auth Token',
		'Stored encrypted by Convocore; never shown in any output',
	],
};

const labelOf = (field: string) => LABELS[field] ?? PUBLISHED_LABELS[field];

/** `roundedImageURL` → `Rounded Image URL`; `twilioSmsAccountSid` → `SMS Account SID`. */
function displayNameOf(field: string): string {
	const label = labelOf(field)?.[0];
	if (label) return label;
	const words = field
		.replace(/^twilioSms/, 'SMS ')
		.replace(/Sid$/, ' SID')
		.replace(/Id$/, ' ID')
		.replace(/Ids$/, ' IDs')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
	return words
		.split(/\s+/)
		.filter(Boolean)
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ')
		.replace(/\bUrl\b/g, 'URL');
}

export function fieldProperty(field: string, kind: FieldKind): INodeProperties {
	const description = labelOf(field)?.[1];
	const base = {
		displayName: displayNameOf(field),
		name: field,
		...(description ? { description } : {}),
	};
	switch (kind) {
		case 'number': {
			const range = AGENT_FIELD_RANGES[field];
			if (!range) return { ...base, type: 'number', default: 0 };
			return {
				...base,
				type: 'number',
				typeOptions: {
					minValue: range.min,
					...(range.max === undefined ? {} : { maxValue: range.max }),
					numberPrecision: range.integer ? 0 : 2,
				},
				default: range.offered,
			};
		}
		case 'boolean':
			return { ...base, type: 'boolean', default: false };
		case 'model':
			// A list n8n users know; an expression sends any other name (models change faster than
			// releases).
			return {
				...base,
				type: 'options',
				options: sortedByName(
					PUBLISHED_AGENT_MODELS.map((model) => ({ name: model, value: model })),
				),
				default: 'gpt-5-mini-2025-08-07',
			};
		case 'options': {
			const values = PUBLISHED_ENUMS[field];
			return {
				...base,
				type: 'options',
				options: sortedByName(values.map((value) => ({ name: optionName(value), value }))),
				default: values[0],
			};
		}
		case 'secret':
			return { ...base, type: 'string', typeOptions: { password: true }, default: '' };
		case 'json':
			// Empty by default: a structure added but left empty is not sent (an empty object would
			// replace what the agent has).
			return {
				...base,
				displayName: base.displayName.endsWith('(JSON)')
					? base.displayName
					: `${base.displayName} (JSON)`,
				type: 'json',
				default: '',
			};
		case 'longText':
			return { ...base, type: 'string', typeOptions: { rows: 4 }, default: '' };
		default:
			return { ...base, type: 'string', default: '' };
	}
}

/** `in-footer` → `In Footer`, `eu` → `EU`: the name an option shows. */
function optionName(value: string): string {
	if (value.length <= 2) return value.toUpperCase();
	return value
		.split('-')
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ');
}

/**
 * Sorted as n8n's options-sorted-alphabetically rule reads it (case ignored), without
 * localeCompare: that initialises ICU while the package loads (see Convocore.node.ts).
 */
function sortedBy<T>(items: T[], nameOf: (item: T) => string): T[] {
	// Each key lowered once, not twice per comparison (some 2,000 comparisons while n8n loads).
	const keyed = items.map((item) => ({ item, key: nameOf(item).toLowerCase() }));
	keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
	return keyed.map(({ item }) => item);
}

/** The options of a list field, by name. */
function sortedByName<T extends { name: string }>(options: T[]): T[] {
	return sortedBy(options, (option) => option.name);
}

/** The fields of a group, by display name. */
export function sortedByDisplayName(options: INodeProperties[]): INodeProperties[] {
	return sortedBy(options, (option) => option.displayName);
}
