/**
 * The Convocore Trigger's node version 2 in the description: version 1 sees exactly what it saw
 * before (to the byte), version 2 adds Register on Agents with the action node's agent picker.
 */
import { createHash } from 'crypto';
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';
import { searchAgents } from '../../nodes/Convocore/methods/agents';

const trigger = new ConvocoreTrigger();
const { description } = trigger;

/** Every top-level property n8n shows at `version`, with every other parameter set to show all. */
function shownAt(version: number): INodeProperties[] {
	const values = { registerOnAgents: true };
	return description.properties.filter((property) =>
		NodeHelpers.displayParameter(values, property, { typeVersion: version }, description),
	);
}

/** A property without the `@version` condition node version 2 added to its display options. */
function withoutVersionCondition(property: INodeProperties): INodeProperties {
	const show = { ...(property.displayOptions?.show ?? {}) };
	delete show['@version'];
	const { displayOptions, ...rest } = property;
	if (!displayOptions) return property;
	return Object.keys(show).length === 0 ? rest : { ...rest, displayOptions: { show } };
}

describe('the Convocore Trigger, node version 2', () => {
	it('version 1 sees the description it had before version 2, byte for byte', () => {
		// The hash and length test/load/description.test.ts held for the whole description before
		// issue 38 (version 1 only).
		const versionOne: INodeTypeDescription = {
			...description,
			version: 1,
			properties: shownAt(1).map(withoutVersionCondition),
		};
		const json = JSON.stringify(versionOne);
		expect({
			sha256: createHash('sha256').update(json).digest('hex'),
			length: json.length,
		}).toEqual({
			sha256: '2cd0dfb23fc4b0b97fd8635bd2c118d7d6211ce1503813a02e716f94cde59ea8',
			length: 5631,
		});
	});

	it('new nodes get version 2; version 1 shows none of the registration parameters', () => {
		expect(description.version).toEqual([1, 2]);
		expect(shownAt(1).map((p) => p.name)).toEqual(['setupNotice', 'events', 'options']);
		expect(shownAt(2).map((p) => p.name)).toEqual([
			'registrationNotice',
			'events',
			'registerOnAgents',
			'agents',
			'replaceExistingUrl',
			'options',
		]);
	});

	it('Register on Agents and Replace Existing URL are off by default; Agents shows only with Register on Agents', () => {
		const property = (name: string) => description.properties.find((p) => p.name === name)!;
		expect(property('registerOnAgents')).toMatchObject({ type: 'boolean', default: false });
		expect(property('replaceExistingUrl')).toMatchObject({ type: 'boolean', default: false });
		const off = { registerOnAgents: false };
		for (const name of ['agents', 'replaceExistingUrl'])
			expect(
				NodeHelpers.displayParameter(off, property(name), { typeVersion: 2 }, description),
			).toBe(false);
	});

	it('Agents holds several of the action node’s agent pickers, listed by its searchAgents', () => {
		const agents = description.properties.find((p) => p.name === 'agents')!;
		expect(agents).toMatchObject({
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
		});
		const [entry] = agents.options as Array<{ name: string; values: INodeProperties[] }>;
		expect(entry.name).toBe('agent');
		expect(entry.values[0]).toMatchObject({
			name: 'agentId',
			type: 'resourceLocator',
			modes: [
				{ name: 'list', typeOptions: { searchListMethod: 'searchAgents' } },
				{ name: 'url' },
				{ name: 'id' },
			],
		});
		expect(trigger.methods.listSearch.searchAgents).toBe(searchAgents);
	});

	it('the notice of version 2 says what registration does and what is our reading', () => {
		const notice = shownAt(2)[0].displayName;
		expect(notice).toContain('Register on Agents');
		expect(notice).toContain('puts back what they had');
		expect(notice).toContain('Replace Existing URL');
		expect(notice).toContain('our reading');
		expect(notice).toContain('workspace</b> secret');
	});
});
