/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * webhookMethods.default through n8n-core's HookContext: Convocore has no registration API, so
 * checkExists / create / delete only keep bookkeeping in the node's static data.
 */
import http from 'http';
import https from 'https';
import { TriggerHarness } from '../harness/webhook';
import { WORKSPACE_SECRET } from './fixtures';

const make = (
	events: string[] = ['message_received', 'webhook_test'],
	secret = WORKSPACE_SECRET,
	nodeName?: string,
) =>
	new TriggerHarness({
		events,
		secret,
		nodeName,
		webhookBaseUrl: 'https://n8n.example.com/webhook',
	});

describe('webhookMethods.default', () => {
	let requests: jest.SpyInstance[] = [];
	beforeEach(() => {
		requests = [
			jest.spyOn(http, 'request'),
			jest.spyOn(https, 'request'),
			jest.spyOn(globalThis, 'fetch'),
		];
	});
	afterEach(() => {
		// No method may touch the network: there is nothing to call.
		for (const spy of requests) expect(spy).not.toHaveBeenCalled();
		jest.restoreAllMocks();
	});

	it('the Production URL is <base>/<webhookId>/webhook and the Test URL uses webhook-test', () => {
		const trigger = make();
		expect(trigger.webhookUrl()).toBe(
			`https://n8n.example.com/webhook/${trigger.node.webhookId}/webhook`,
		);
		expect(trigger.webhookUrl(true)).toBe(
			`https://n8n.example.com/webhook-test/${trigger.node.webhookId}/webhook`,
		);
	});

	it('activation: checkExists false, create records URL and events under node:<Node Name>, then checkExists true', async () => {
		const trigger = make(
			['webhook_test', 'message_received'],
			WORKSPACE_SECRET,
			'Inbound Convocore Trigger',
		);
		expect(await trigger.hook('checkExists')).toBe(false);
		expect(await trigger.hook('create')).toBe(true);
		expect(Object.keys(trigger.staticData)).toEqual(['node:Inbound Convocore Trigger']);
		// n8n's ObservableObject flags the change, which is what makes n8n save the static data.
		expect(trigger.staticData.__dataChanged).toBe(true);
		expect({ ...trigger.nodeStaticData() }).toEqual({
			webhookUrl: trigger.webhookUrl(),
			events: ['webhook_test', 'message_received'],
		});
		expect(await trigger.hook('checkExists')).toBe(true);
		// n8n then skips create() on the next start.
		expect(await trigger.activate()).toBe(false);
	});

	it('the secret is never written to static data', async () => {
		const trigger = make();
		await trigger.activate();
		expect(JSON.stringify(trigger.staticData)).not.toContain(WORKSPACE_SECRET);
	});

	it('checkExists is false when the recorded events differ from the selection (order does not matter)', async () => {
		const trigger = make(['message_received', 'webhook_test']);
		trigger.staticData['node:Convocore Trigger'] = {
			webhookUrl: trigger.webhookUrl(),
			events: ['webhook_test', 'message_received'],
		};
		expect(await trigger.hook('checkExists')).toBe(true);
		trigger.staticData['node:Convocore Trigger'] = {
			webhookUrl: trigger.webhookUrl(),
			events: ['webhook_test'],
		};
		expect(await trigger.hook('checkExists')).toBe(false);
		trigger.staticData['node:Convocore Trigger'] = {
			webhookUrl: 'https://old.example.com/webhook/x/webhook',
			events: ['message_received', 'webhook_test'],
		};
		expect(await trigger.hook('checkExists')).toBe(false);
	});

	it('delete clears the bookkeeping; checkExists is false again', async () => {
		const trigger = make();
		await trigger.activate();
		expect(await trigger.hook('delete')).toBe(true);
		expect({ ...trigger.nodeStaticData() }).toEqual({});
		expect(await trigger.hook('checkExists')).toBe(false);
		// Deleting twice is harmless.
		expect(await trigger.hook('delete')).toBe(true);
	});

	it('the test webhook records the Test URL', async () => {
		const trigger = make();
		expect(await trigger.activate(true)).toBe(true);
		expect(trigger.nodeStaticData()?.webhookUrl).toBe(trigger.webhookUrl(true));
		// The production URL is a different registration.
		expect(await trigger.hook('checkExists')).toBe(false);
	});

	it('create refuses to activate without events', async () => {
		const trigger = make([]);
		await expect(trigger.hook('create')).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'Select at least one event',
		});
		expect(trigger.nodeStaticData()).toBeUndefined();
	});

	it('create refuses to activate with an empty secret', async () => {
		const trigger = make(['*'], '');
		await expect(trigger.hook('create')).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'The Convocore credential has no Secret Key',
		});
		expect(trigger.nodeStaticData()).toBeUndefined();
	});
});
