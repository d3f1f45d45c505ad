/**
 * Send Message's output from the frames of a turn (turnOutput.ts), unit by unit: the published
 * form (bot turns `from: "bot"`, UI Engine snapshots as turn objects) and the earlier reading
 * (`from: "ai"`, `{ type: "text-card", text }`) both give the reply.
 */
import type { TurnFrames } from '../../nodes/Convocore/transport/interactFrames';
import { lastBotText, turnOutput } from '../../nodes/Convocore/actions/agent/turnOutput';

const frames = (over: Partial<TurnFrames>): TurnFrames => ({
	chunks: [],
	actions: [],
	metadata: {},
	textFrames: [],
	closeCode: 1000,
	closeReason: '',
	durationMs: 5,
	...over,
});
const turn = (from: string, message: string) => ({
	from,
	ts: 1,
	messages: [{ from, type: 'text', item: { type: 'text', payload: { message } } }],
});

describe('turnOutput', () => {
	it.each(['bot', 'ai'])(
		'reads the last %s turn of the conversation as the reply when no chunk came',
		(from) => {
			const output = turnOutput(
				frames({ metadata: { turns: [turn('human', 'Hi'), turn(from, 'Hello there')] } }),
				'c-1',
				false,
			);
			expect(output.reply).toBe('Hello there');
			expect(lastBotText([turn(from, 'One'), turn('human', 'Two')])).toBe('One');
		},
	);

	it('a UI Engine snapshot as Convocore sends it (a bot turn): its text messages are the reply, the snapshot is kept', () => {
		const snapshot = {
			from: 'bot',
			ts: 1,
			messages: [
				{ from: 'bot', type: 'text', item: { type: 'text', payload: { message: 'Pick a slot:' } } },
				{
					from: 'bot',
					type: 'choice',
					item: { type: 'choice', payload: { buttons: [{ name: 'Friday' }] } },
				},
			],
		};
		const output = turnOutput(
			frames({ uiSnapshot: JSON.stringify(snapshot), metadata: { turns: [turn('bot', 'older')] } }),
			'c-1',
			false,
		);
		expect(output.reply).toBe('Pick a slot:');
		expect(output.uiSnapshot).toEqual(snapshot);
	});

	it('a snapshot of the earlier reading ({ type, text }) still gives its text', () => {
		const output = turnOutput(
			frames({ uiSnapshot: JSON.stringify({ type: 'text-card', text: 'Open till six' }) }),
			'c-1',
			false,
		);
		expect(output.reply).toBe('Open till six');
	});

	it('streamed chunks win over a snapshot and the turns', () => {
		const output = turnOutput(
			frames({
				chunks: ['Hel', 'lo'],
				uiSnapshot: JSON.stringify(turn('bot', 'x')),
				metadata: { turns: [turn('bot', 'y')] },
			}),
			'c-1',
			false,
		);
		expect(output.reply).toBe('Hello');
		expect(output).not.toHaveProperty('uiSnapshot');
	});
});
