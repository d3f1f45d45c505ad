import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { AGENT_SMS_AUTH_TOKEN_FIELD } from '../../../shared/contracts/agentFieldNames';
import { classicPromptFieldsIn } from '../../../shared/contracts/agentFields';
import { dataTypeGroups, topicGroups, type FieldKind, type Group } from './fieldGroups';
import { readJsonField } from '../../helpers/jsonFields';
import { parseJsonParameter } from '../../helpers/parameters';
/**
 * The agent's fields as the node's editor shows them: one collection per group (./fieldGroups.ts:
 * by data type up to node version 3, by what they change from version 4), built from the
 * contract's own lists. Parameter names inside the collections are the API's field names.
 */

type Show = NonNullable<IDisplayOptions['show']>;

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

/** `roundedImageURL` → `Rounded Image URL`; `twilioSmsAccountSid` → `SMS Account SID`. */
function displayNameOf(field: string): string {
	const label = LABELS[field]?.[0];
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

function fieldProperty(field: string, kind: FieldKind): INodeProperties {
	const description = LABELS[field]?.[1];
	const base = {
		displayName: displayNameOf(field),
		name: field,
		...(description ? { description } : {}),
	};
	switch (kind) {
		case 'number':
			return { ...base, type: 'number', default: 0 };
		case 'boolean':
			return { ...base, type: 'boolean', default: false };
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

/**
 * Sorted as n8n's options-sorted-alphabetically rule reads it (case ignored), without
 * localeCompare: that initialises ICU while the package loads (see Convocore.node.ts).
 */
function sortedByDisplayName(options: INodeProperties[]): INodeProperties[] {
	// Each key lowered once, not twice per comparison (some 2,000 comparisons while n8n loads).
	const keyed = options.map((option) => ({ option, key: option.displayName.toLowerCase() }));
	keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
	return keyed.map(({ option }) => option);
}

const V3 = { '@version': [{ _cnd: { lte: 3 } }] };
const V4 = { '@version': [{ _cnd: { gte: 4 } }] };

/**
 * The collections of agent fields shown under `show`; Create asks for the title on its own.
 * A group both versions have (same name, same fields) is described once, for every version.
 */
export function agentFieldProperties(
	show: Show,
	{ withTitle }: { withTitle: boolean },
): INodeProperties[] {
	const v4Names = new Set(groupsOf(withTitle, 4).map((group) => group.name));
	const v3Names = new Set(groupsOf(withTitle, 3).map((group) => group.name));
	const collection = (group: BuiltGroup, versions: object): INodeProperties => ({
		displayName: group.displayName,
		name: group.name,
		type: 'collection',
		placeholder: group.placeholder,
		default: {},
		displayOptions: { show: { ...show, ...versions } },
		options: group.options,
	});
	return [
		...groupsOf(withTitle, 3).map((group) => collection(group, v4Names.has(group.name) ? {} : V3)),
		...groupsOf(withTitle, 4)
			.filter((group) => !v3Names.has(group.name))
			.map((group) => collection(group, V4)),
	];
}

type BuiltGroup = Group & { options: INodeProperties[] };

/**
 * Groups with their sorted options, built once per grouping when first asked: Create, Update and
 * Clone share them. The variant without the title is the one with it, less the title: its field
 * is described once (its field entries, whose display names are worked out by regexes, were built
 * twice before: about 0.7 ms more of loading the package), and leaving one entry out of a sorted
 * list keeps the order of the others.
 */
const built = new Map<string, BuiltGroup[]>();
function groupsOf(withTitle: boolean, nodeVersion: number): BuiltGroup[] {
	const grouping = nodeVersion >= 4 ? 'topic' : 'dataType';
	const key = `${grouping}:${withTitle}`;
	const cached = built.get(key);
	if (cached) return cached;
	let groups: BuiltGroup[];
	if (withTitle) {
		groups = (grouping === 'topic' ? topicGroups() : dataTypeGroups()).map((group) => ({
			...group,
			options: sortedByDisplayName(group.fields.map(([field, kind]) => fieldProperty(field, kind))),
		}));
	} else {
		groups = groupsOf(true, nodeVersion).map((group) =>
			group.fields.some(([field]) => field === 'title')
				? {
						...group,
						fields: group.fields.filter(([field]) => field !== 'title'),
						options: group.options.filter((option) => option.name !== 'title'),
					}
				: group,
		);
	}
	built.set(key, groups);
	return groups;
}

/** Expressions hand numbers and switches over as text: `"5"` and `"true"` mean what they say. */
function coerce(value: unknown, kind: FieldKind): unknown {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (kind === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
	if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
	return value;
}

/**
 * The agent fields the user set on one item, unvalidated: the contract judges them (unknown
 * fields included, so that a hand-edited or outdated workflow is refused, not half-sent). Empty
 * text and empty JSON are left out; a JSON field that does not parse is an error naming it.
 */
export function readAgentFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ withTitle }: { withTitle: boolean },
): IDataObject {
	const fields: IDataObject = {};
	for (const group of groupsOf(withTitle, ctx.getNode().typeVersion)) {
		const kinds = new Map(group.fields);
		const values = ctx.getNodeParameter(group.name, itemIndex, {}) as IDataObject;
		for (const [field, raw] of Object.entries(values ?? {})) {
			const kind = kinds.get(field) ?? 'text';
			const value =
				kind === 'json'
					? parseJsonParameter(ctx, raw, `${group.name}.${field}`, itemIndex)
					: coerce(raw, kind);
			if (value === undefined || value === '') continue;
			fields[field] = value as IDataObject[string];
		}
	}
	return { ...fields, ...readOtherFields(ctx, itemIndex, fields) };
}

/** Options > Other Fields (JSON): an object whose keys are not already set by the typed fields. */
function readOtherFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	typed: IDataObject,
): IDataObject {
	// The same reader as every other object field (null, a list or text refused, naming the field).
	const parsed = readJsonField(
		ctx,
		ctx.getNodeParameter('options.otherFields', itemIndex, ''),
		'options.otherFields',
		itemIndex,
		'object',
	);
	if (parsed === undefined) return {};
	const both = Object.keys(parsed).filter((field) => field in typed);
	if (both.length) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid agent: options.otherFields: ${both.join(', ')} ${both.length > 1 ? 'are' : 'is'} also set above: set each field once`,
			{ itemIndex, description: `In item ${itemIndex}.` },
		);
	}
	return parsed;
}

/** Options > Other Fields (JSON) of Create, Update and Clone: any field of the list above, as JSON. */
export const otherFieldsOption: INodeProperties = {
	displayName: 'Other Fields (JSON)',
	name: 'otherFields',
	type: 'json',
	default: '',
	description:
		'More agent fields as one JSON object, e.g. {"vg_defaultModel": "gpt-5-mini-2025-08-07", "vg_temperature": 0.3}. Any field of the groups above or of Convocore\'s agent API (vg_maxTokens, vg_enableUIEngine, ...) is accepted: anything else is refused before sending, as is a field also set above.',
};

/** Options > Dry Run of Create and Update. */
export const dryRunOption: INodeProperties = {
	displayName: 'Dry Run',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description:
		'Whether to only validate and return the exact request that would be sent (secrets shown as [redacted]), without sending it',
};

/**
 * Convocore ignores the classic prompt fields of an agent on the node runtime (seed): setting
 * them there changes nothing the agent says, so the run says so.
 */
export function hintIgnoredPrompt(
	ctx: IExecuteFunctions,
	agent: IDataObject,
	enableNodes: unknown,
	itemIndex: number,
): void {
	const classic = classicPromptFieldsIn(agent);
	if (enableNodes !== true || classic.length === 0) return;
	ctx.addExecutionHints({
		message: `Item ${itemIndex}: ${classic.join(', ')} ${classic.length > 1 ? 'are' : 'is'} ignored while Enable Nodes is on: the agent's prompt is the instructions of its first node (Structures > Nodes). Turn Enable Nodes off to use the classic prompt.`,
		type: 'warning',
		location: 'outputPane',
	});
}
