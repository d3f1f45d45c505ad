// Two rules of the next @n8n/eslint-plugin-community-nodes release that the bundled 0.32.0 (in
// @n8n/node-cli 0.48.3) does not have yet, checked on the real node classes so that lists built
// in code (event lists, shared builders) count too:
//   options-sorted-alphabetically  every options list (options, multiOptions, collection,
//                                  fixedCollection) is sorted by display name;
//   require-continue-on-fail       the action node's execute() calls this.continueOnFail() itself.
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { ConvocoreConversationTrigger } from '../../nodes/ConvocoreConversationTrigger/ConvocoreConversationTrigger.node';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';

type Option = INodePropertyOptions | INodeProperties | INodePropertyCollection;

function nameOf(option: Option): string {
	return 'displayName' in option ? option.displayName : option.name;
}

/** "<path>: <names>" for every options list that is not sorted by display name. */
function unsortedLists(properties: INodeProperties[], path: string): string[] {
	const found: string[] = [];
	for (const property of properties) {
		const here = `${path} > ${property.displayName} (${property.name})`;
		const options = (property.options ?? []) as Option[];
		const names = options.map(nameOf);
		const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
		if (names.join('\n') !== sorted.join('\n')) found.push(`${here}: ${names.join(', ')}`);
		for (const option of options) {
			if ('type' in option && 'displayName' in option)
				found.push(...unsortedLists([option as INodeProperties], here));
			if ('values' in option)
				found.push(...unsortedLists(option.values, `${here} > ${option.displayName}`));
		}
	}
	return found;
}

describe.each<[string, INodeType]>([
	['Convocore', new Convocore()],
	['Convocore Trigger', new ConvocoreTrigger()],
	['Convocore Conversation Trigger', new ConvocoreConversationTrigger()],
])('%s', (name, node) => {
	it('has every options list sorted by display name (stored values and defaults untouched)', () => {
		expect(unsortedLists(node.description.properties, name)).toEqual([]);
	});
});

describe('Convocore execute()', () => {
	it('calls this.continueOnFail() itself', () => {
		expect(String(new Convocore().execute)).toMatch(/this\.continueOnFail\(\)/);
	});
});
