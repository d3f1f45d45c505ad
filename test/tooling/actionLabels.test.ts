// n8n names a new node after the action the user picked in the nodes panel, and the AI-agent tool
// describes itself with it: labels read like n8n's own ("Send an SMS"), with nothing in brackets
// and no price. What an operation costs belongs in its description and in a notice in its panel.
// Read from the node's own operation menus, so operations added later are held to it too.
import type { INodePropertyOptions } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';

const COST_WORDS =
	/\b(costs?|credits?|billed|bills?|billing|charged?|paid|price|money|fees?)\b|[$€£]/i;

const description = new Convocore().description;
const actions = description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) => {
		const resource = property.displayOptions?.show?.resource?.[0];
		return (property.options as INodePropertyOptions[]).map((option) => ({
			resource,
			operation: option.value,
			action: option.action ?? '',
			description: option.description ?? '',
		}));
	});

/** Operations that spend money: each says so in its description and in a notice of its panel. */
const SPENDING = [
	['sms', 'send'],
	['call', 'start'],
	['phoneNumber', 'buy'],
];

describe('action labels (the default node names)', () => {
	it('every operation has one', () => {
		expect(actions.length).toBeGreaterThan(40);
		expect(actions.filter((entry) => !entry.action)).toEqual([]);
	});

	it('no label has brackets or cost words', () => {
		expect(
			actions
				.filter((entry) => /[()[\]]/.test(entry.action) || COST_WORDS.test(entry.action))
				.map((entry) => entry.action),
		).toEqual([]);
	});

	it.each(SPENDING)(
		'%s > %s says what it costs in its description and in a notice',
		(resource, operation) => {
			const entry = actions.find(
				(candidate) => candidate.resource === resource && candidate.operation === operation,
			);
			expect(entry?.description).toMatch(COST_WORDS);
			const notices = description.properties.filter(
				(property) =>
					property.type === 'notice' &&
					property.displayOptions?.show?.resource?.includes(resource) &&
					property.displayOptions?.show?.operation?.includes(operation),
			);
			expect(notices.map((notice) => notice.displayName).join(' ')).toMatch(COST_WORDS);
		},
	);
});
