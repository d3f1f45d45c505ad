import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { ConvocoreConversationTrigger } from '../../nodes/ConvocoreConversationTrigger/ConvocoreConversationTrigger.node';
import { updateDisplayOptions } from '../../nodes/Convocore/descriptions/displayOptions';
import { agentPicker, workspacePicker } from '../../nodes/Convocore/descriptions/pickers';

/**
 * The pickers of descriptions/pickers.ts as n8n loads them: every From List names a list method
 * the node serves (a picker moved to the shared file keeps working in the node that shows it),
 * and the Conversation Trigger shows the action node's own agent and workspace pickers.
 */

/** Every property, those inside collections and fixed collections included. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...allProperties(
			((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>)
				.flatMap((option) => ('values' in option && option.values ? option.values : [option]))
				.filter((option): option is INodeProperties => 'type' in option),
		),
	]);
}

const nodes: Array<[string, { description: INodeTypeDescription; methods?: unknown }]> = [
	['Convocore', new Convocore()],
	['Convocore Conversation Trigger', new ConvocoreConversationTrigger()],
];

describe('the shared pickers', () => {
	it.each(nodes)('%s: every From List names a list method the node serves', (_name, node) => {
		const served = Object.keys(
			(node.methods as { listSearch?: Record<string, unknown> }).listSearch ?? {},
		);
		const named = allProperties(node.description.properties)
			.filter((property) => property.type === 'resourceLocator')
			.flatMap((property) => property.modes ?? [])
			.map((mode) => mode.typeOptions?.searchListMethod)
			.filter((method): method is string => method !== undefined);
		expect(named.length).toBeGreaterThan(0);
		expect([...new Set(named)].filter((method) => !served.includes(method))).toEqual([]);
	});

	it('the Conversation Trigger shows the shared workspace and agent pickers', () => {
		const properties = allProperties(new ConvocoreConversationTrigger().description.properties);
		const workspace = properties.find((property) => property.name === 'workspaceId');
		const agent = properties.find((property) => property.name === 'agentId');
		expect(workspace).toEqual(workspacePicker(workspace!.description!));
		expect(agent).toEqual(
			agentPicker('Only sessions with this agent', { required: false, byUrl: false }),
		);
		// A filter: optional, and without the action node's By URL.
		expect(agent!.required).toBeUndefined();
		expect(agent!.modes!.map((mode) => mode.name)).toEqual(['list', 'id']);
	});
});

describe('updateDisplayOptions', () => {
	const show = { resource: ['lead'], operation: ['getAll'] };

	it("puts the operation's conditions first and the property's own after them", () => {
		const [limit] = updateDisplayOptions({ show }, [
			{
				displayName: 'Limit',
				name: 'limit',
				type: 'number',
				default: 50,
				displayOptions: { show: { returnAll: [false] } },
			},
		]);
		// The key order is what the description's hash holds.
		expect(JSON.stringify(limit.displayOptions)).toBe(
			'{"show":{"resource":["lead"],"operation":["getAll"],"returnAll":[false]}}',
		);
	});

	it('keeps displayOptions where the property wrote them, and adds them last otherwise', () => {
		const [written, bare] = updateDisplayOptions({ show }, [
			{ displayName: 'A', name: 'a', type: 'string', default: '', displayOptions: {}, hint: 'h' },
			{ displayName: 'B', name: 'b', type: 'string', default: '', hint: 'h' },
		]);
		expect(Object.keys(written)).toEqual([
			'displayName',
			'name',
			'type',
			'default',
			'displayOptions',
			'hint',
		]);
		expect(Object.keys(bare).at(-1)).toBe('displayOptions');
		expect(bare.displayOptions).toEqual({ show });
	});

	it('leaves the properties it is given as they were', () => {
		const own = { show: { '@version': [1] } };
		const property: INodeProperties = {
			displayName: 'A',
			name: 'a',
			type: 'string',
			default: '',
			displayOptions: own,
		};
		updateDisplayOptions({ show }, [property]);
		expect(property.displayOptions).toBe(own);
		expect(own).toEqual({ show: { '@version': [1] } });
	});
});
