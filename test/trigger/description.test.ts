/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * What the user sees in the editor: the node description, the event list and the codex file.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { NodeConnectionTypes, type INodeProperties } from 'n8n-workflow';
import { ConvocoreTrigger } from '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node';
import { EVENT_TYPES } from '../../nodes/shared/contracts/events';
import { TriggerHarness } from '../harness/webhook';

const { description } = new ConvocoreTrigger();
const property = (name: string) =>
	description.properties.find((p) => p.name === name) as INodeProperties;
const eventOptions = () =>
	property('events').options as Array<{ name: string; value: string; description: string }>;
const describedAs = (value: string) =>
	eventOptions().find((option) => option.value === value)?.description ?? '';

describe('node description', () => {
	it('is a trigger: no inputs, one main output, name ends in Trigger, not usable as a tool', () => {
		expect(description.name).toBe('convocoreTrigger');
		expect(description.displayName).toBe('Convocore Trigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.outputs).toEqual([NodeConnectionTypes.Main]);
		expect(description).not.toHaveProperty('usableAsTool');
		expect(description.icon).toEqual({
			light: 'file:../../icons/convocore.svg',
			dark: 'file:../../icons/convocore.dark.svg',
		});
		expect(typeof description.subtitle).toBe('string');
	});

	it.each([
		[['*'], 'All events'],
		[['webhook_test', 'lead_captured'], 'webhook_test, lead_captured'],
		[[], ''],
	])(
		'subtitle for events %j reads "%s" (evaluated by n8n\'s expression engine)',
		(events, expected) => {
			const { workflow, node } = new TriggerHarness({ events, secret: 'x' });
			expect(
				workflow.expression.getSimpleParameterValue(
					node,
					description.subtitle as string,
					'internal',
					{},
				),
			).toBe(expected);
		},
	);

	it('requires the convocoreApi credential', () => {
		expect(description.credentials).toEqual([{ name: 'convocoreApi', required: true }]);
	});

	it('has one POST webhook that answers {"received": true} as soon as the event is received', () => {
		// Without responseData n8n answers its placeholder text "firstEntryJson"; npm run e2e checks
		// the body a real n8n sends.
		expect(description.webhooks).toEqual([
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '={{ { "received": true } }}',
				path: 'webhook',
			},
		]);
	});

	it('offers every event type of the contract plus All Events, sorted by name', () => {
		const values = eventOptions().map((option) => option.value);
		expect([...values].sort()).toEqual(['*', ...EVENT_TYPES].sort());
		const names = eventOptions().map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(property('events')).toMatchObject({ type: 'multiOptions', required: true, default: [] });
	});

	it('says which runtimes send each event', () => {
		for (const type of ['lead_captured', 'form_submitted']) {
			expect(describedAs(type)).toMatch(
				/Only Convocore-runtime agents .* imported flow-runtime agents never do/,
			);
		}
		for (const type of ['agent_created', 'agent_updated']) {
			expect(describedAs(type)).toMatch(/does not document which agents send it/);
		}
		for (const type of EVENT_TYPES.filter(
			(t) =>
				![
					'lead_captured',
					'form_submitted',
					'agent_created',
					'agent_updated',
					'webhook_test',
				].includes(t),
		)) {
			expect(describedAs(type)).toMatch(
				/Sent for Convocore-runtime and imported flow-runtime agents/,
			);
		}
		expect(describedAs('conversation_updated')).toMatch(/Advanced Server URL/);
	});

	it('tells the user how to set it up: Production URL in the dashboard, same events, serverUrl, Test vs Production URL', () => {
		const notice = property('setupNotice');
		expect(notice.type).toBe('notice');
		const text = notice.displayName;
		expect(text).toMatch(/no API for registering webhooks/);
		expect(text).toMatch(/paste this node's <b>Production URL<\/b>/);
		expect(text).toMatch(/subscribe the same events/);
		expect(text).toMatch(
			/Conversation Updated can also reach this node through an agent's Advanced Server URL/,
		);
		expect(text).toMatch(/<b>workspace<\/b> secret/);
		expect(text).toMatch(/<b>Test URL<\/b> only listens while you click 'Listen for test event'/);
		expect(text).toMatch(
			/Production URL receives events once the workflow is published \(active\)/,
		);
		expect(text).toMatch(/Send a Webhook Test from the dashboard/);
	});

	it('has the replay guard as an option, off unless added', () => {
		const options = property('options');
		expect(options).toMatchObject({ type: 'collection', default: {} });
		const names = (options.options as INodeProperties[]).map((o) => o.name);
		expect(names).toEqual(['allowedClockSkewSeconds', 'maxEventAgeSeconds']);
	});
});

describe('codex file', () => {
	const codex = JSON.parse(
		readFileSync(
			join(__dirname, '../../nodes/ConvocoreTrigger/ConvocoreTrigger.node.json'),
			'utf8',
		),
	) as Record<string, unknown>;

	it("names the node and uses categories from n8n's list", () => {
		expect(codex.node).toBe('n8n-nodes-convocore.convocoreTrigger');
		expect(codex.categories).toEqual(['Communication', 'Development']);
	});

	it('links the documentation', () => {
		expect(codex.resources).toMatchObject({
			primaryDocumentation: [
				{ url: 'https://github.com/convocore-community/n8n-nodes-convocore#convocore-trigger' },
			],
		});
	});
});
