import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { classicPromptFieldsIn } from '../../../shared/contracts/agentFields';
import { agentFieldRangesSchema } from '../../../shared/contracts/agentModel';
import { dataTypeGroups, topicGroups, type FieldKind, type Group } from './fieldGroups';
import { fieldProperty, sortedByDisplayName } from './fieldEntries';
import { readJsonField } from '../../helpers/jsonFields';
import { parseJsonParameter, validate } from '../../helpers/parameters';
import type { Show } from '../../descriptions/displayOptions';
/**
 * The agent's fields as the node's editor shows them: one collection per group (./fieldGroups.ts:
 * by data type up to node version 3, by what they change from version 4), built from the
 * contract's own lists. Parameter names inside the collections are the API's field names.
 */

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
	const v4Only = groupsOf(withTitle, 4).filter((group) => !v3Names.has(group.name));
	// The groups version 4 lists before the first group every version has (the Model) lead the
	// editor; the others follow the shared ones, where they always were.
	const leading = groupsOf(withTitle, 4).findIndex((group) => v3Names.has(group.name));
	return [
		...v4Only.slice(0, leading).map((group) => collection(group, V4)),
		...groupsOf(withTitle, 3).map((group) => collection(group, v4Names.has(group.name) ? {} : V3)),
		...v4Only.slice(leading).map((group) => collection(group, V4)),
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
 * The agent fields the user set on one item. Only the ranges (Temperature 0 to 2, ...) are judged
 * here, Other Fields included; the contract judges the rest (unknown fields included, so that a
 * hand-edited or outdated workflow is refused, not half-sent). Empty text and empty JSON are left
 * out; a JSON field that does not parse is an error naming it.
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
	const all = { ...fields, ...readOtherFields(ctx, itemIndex, fields) };
	validate(ctx, agentFieldRangesSchema, all, itemIndex, 'agent');
	return all;
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
