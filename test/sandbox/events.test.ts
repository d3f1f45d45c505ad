/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/* eslint-disable @typescript-eslint/no-explicit-any -- the sandbox's JSON answers are read loosely, as a client reads them */
import { createServer, type IncomingHttpHeaders, type Server } from 'http';
import type { AddressInfo } from 'net';
import { EVENT_PAYLOAD_SCHEMAS, EVENT_TYPES } from '../../nodes/shared/contracts/events';
import { SANDBOX_KEYS } from '../../sandbox/seed/seed';
import { sampleEventPayload } from '../../sandbox/domain/events';
import { useSandbox } from './helpers';

const sandbox = useSandbox();

interface Received {
	headers: IncomingHttpHeaders;
	body: string;
}

/** A webhook receiver standing in for an n8n trigger. */
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
	receiver = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.writeHead(answerStatus, { 'content-type': 'text/plain' });
			res.end(answerStatus === 200 ? 'ok' : 'nope');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/convocore`;
});
beforeEach(() => {
	received = [];
	answerStatus = 200;
});
afterAll(async () => {
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('sampleEventPayload', () => {
	it.each(EVENT_TYPES)(
		'builds a valid %s payload carrying the secret and the current time',
		(type) => {
			const before = Date.now();
			const payload = sampleEventPayload(type, 'vg_SomeWorkspaceSecret1');
			expect(EVENT_PAYLOAD_SCHEMAS[type].strict().parse(payload)).toEqual(payload);
			expect(payload.workspaceSecret).toBe('vg_SomeWorkspaceSecret1');
			expect(payload.createdAt).toBeGreaterThanOrEqual(before);
			expect(payload.createdAt).toBeLessThanOrEqual(Date.now());
		},
	);

	it('covers every event type and fills the optional fields too', () => {
		expect([...EVENT_TYPES].sort()).toEqual(Object.keys(EVENT_PAYLOAD_SCHEMAS).sort());
		expect(EVENT_TYPES).toHaveLength(16);
		const conversation = sampleEventPayload('conversation_updated', 's');
		expect(conversation).toMatchObject({
			operation: 'updated',
			region: 'eu',
			messagesHistory: expect.any(Array),
		});
		expect((conversation.turns as any[])[0].messages[0].item.payload.message).toEqual(
			expect.any(String),
		);
	});
});

describe('deliverEvent', () => {
	it('POSTs { type, payload } as JSON with the EU White Label secret by default', async () => {
		const result = await sandbox().deliverEvent(receiverUrl, 'message_received');
		expect(result).toEqual({ status: 200, body: 'ok' });
		expect(received).toHaveLength(1);
		expect(received[0].headers['content-type']).toContain('application/json');
		const envelope = JSON.parse(received[0].body);
		expect(envelope.type).toBe('message_received');
		expect(EVENT_PAYLOAD_SCHEMAS.message_received.parse(envelope.payload)).toBeTruthy();
		expect(envelope.payload.workspaceSecret).toBe(SANDBOX_KEYS.euWhiteLabel);
		expect(sandbox().delivered).toEqual([
			{ url: receiverUrl, type: 'message_received', body: envelope, status: 200 },
		]);
	});

	it('merges payload overrides and uses another workspace secret', async () => {
		await sandbox().deliverEvent(receiverUrl, 'lead_captured', {
			payload: { leadName: 'Kim', channel: 'whatsapp' },
			workspaceSecret: SANDBOX_KEYS.naWhiteLabel,
		});
		const envelope = JSON.parse(received[0].body);
		expect(envelope.payload).toMatchObject({
			leadName: 'Kim',
			channel: 'whatsapp',
			workspaceSecret: SANDBOX_KEYS.naWhiteLabel,
			operation: 'captured',
		});
	});

	it("sends a raw body as is and reports the receiver's status", async () => {
		answerStatus = 401;
		const result = await sandbox().deliverEvent(receiverUrl, 'webhook_test', {
			raw: '{"type":"webhook_test","payload":',
		});
		expect(result).toEqual({ status: 401, body: 'nope' });
		expect(received[0].body).toBe('{"type":"webhook_test","payload":');
		expect(sandbox().delivered[0]).toMatchObject({
			status: 401,
			body: '{"type":"webhook_test","payload":',
		});
	});

	it('rejects when the receiver is unreachable', async () => {
		await expect(
			sandbox().deliverEvent('http://127.0.0.1:1/hook', 'webhook_test'),
		).rejects.toThrow();
	});

	it('delivers through the control route too', async () => {
		const response = await fetch(`${sandbox().url}/__sandbox/events`, {
			method: 'POST',
			body: JSON.stringify({
				url: receiverUrl,
				type: 'chat_delegated',
				payload: { assignedToUserId: 'u-9' },
			}),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ status: 200, body: 'ok' });
		expect(JSON.parse(received[0].body).payload.assignedToUserId).toBe('u-9');
		const bad = await fetch(`${sandbox().url}/__sandbox/events`, {
			method: 'POST',
			body: JSON.stringify({ url: receiverUrl, type: 'nope' }),
		});
		expect(bad.status).toBe(400);
		expect(sandbox().requests()).toHaveLength(0);
	});
});
