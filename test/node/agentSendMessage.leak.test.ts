/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only) */
/**
 * 1,000 turns of Agent > Send Message, 100 of them refused at the handshake and 100 ended by
 * their deadline, leave no socket and no timer behind: counted by a counting socket class and
 * the deadline's fake clock, by the sandbox's open connections, and by the process's own handles.
 * Deterministic: the test fires only the deadlines of the turns the sandbox holds silent, found
 * by their conversation (an earlier version fired every pending deadline whenever their number
 * equalled the silent turns', which under load once matched other turns' deadlines and left 50
 * silent turns waiting for ever).
 */
import {
	interactRuntime,
	type InteractSocketConstructor,
} from '../../nodes/Convocore/transport/interactSocket';
import { useSandbox } from '../harness/convocore';
import { eventually } from '../harness/crawlerReceiver';
import { fakeDeadlineClock, sendMessages } from '../harness/interact';

const sandbox = useSandbox();

function handles(): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
	return counts;
}

type FakeDeadline = ReturnType<typeof fakeDeadlineClock>['deadlines'][number] & { fired?: boolean };

/**
 * The global WebSocket, counting the sockets made and those whose close event came, and noting
 * which turn's deadline each socket belongs to: a turn starts its deadline on the fake clock right
 * before it makes its socket (in the same synchronous step), and names its conversation in the
 * frame it sends once open.
 */
function countingSockets(clock: ReturnType<typeof fakeDeadlineClock>) {
	const Real = (globalThis as { WebSocket: InteractSocketConstructor }).WebSocket;
	const counts = { made: 0, closed: 0 };
	const deadlineOf = new Map<string, FakeDeadline>();
	const realClass = interactRuntime.socketClass;
	interactRuntime.socketClass = () =>
		class extends (Real as unknown as new (
			url: string,
			init: { headers: Record<string, string> },
		) => EventTarget & { send(data: string): void }) {
			private readonly deadline = clock.deadlines[clock.deadlines.length - 1];
			constructor(url: string, init: { headers: Record<string, string> }) {
				super(url, init);
				counts.made++;
				this.addEventListener('close', () => counts.closed++);
			}
			send(data: string): void {
				deadlineOf.set((JSON.parse(data) as { convoId: string }).convoId, this.deadline);
				super.send(data);
			}
		} as unknown as InteractSocketConstructor;
	return { counts, deadlineOf, restore: () => (interactRuntime.socketClass = realClass) };
}

it('1,000 turns, 100 refused and 100 past their deadline: every socket closed, every deadline stopped, no handle left', async () => {
	const clock = fakeDeadlineClock();
	const sockets = countingSockets(clock);
	try {
		// One turn first, so that what the engine creates once per process (a timer seen on n8n 1.x's
		// engine in CI) is counted before, not taken for a leak of the 1,000 turns.
		await sendMessages(
			sandbox.current,
			[{ message: 'Hello', conversationId: 'leak-warm-up' }],
			{},
			{ continueOnFail: true },
		);
		await eventually(
			() => sockets.counts.closed === 1 && sandbox.current.interact.open === 0,
			10_000,
			'the warm-up turn to close',
		);
		const before = handles();
		sandbox.current.injectFault({ path: '/interact', kind: 'refuse-handshake', times: 100 });
		sandbox.current.injectFault({ path: '/interact', kind: 'silent', times: 100 });
		const input = Array.from({ length: 1000 }, (_, index) => ({
			message: 'When are you open?',
			conversationId: `leak-${index}`,
		}));
		let finished = false;
		const run = sendMessages(sandbox.current, input, {}, { continueOnFail: true }).finally(
			() => (finished = true),
		);
		// The deadlines of the silent turns the sandbox holds open, found by their conversation: only
		// those are fired, so an answered turn is never cut, however the turns interleave.
		const silentWaiting = () =>
			sandbox.current.interact.turns
				.filter((turn) => turn.fault === 'silent' && turn.closeCode === undefined)
				.map((turn) => sockets.deadlineOf.get(turn.convoId))
				.filter(
					(deadline): deadline is FakeDeadline =>
						deadline !== undefined && !deadline.stopped && !deadline.fired,
				);
		const pending = () =>
			clock.deadlines.filter((deadline) => !deadline.stopped && !(deadline as FakeDeadline).fired);
		let fired = 0;
		while (!finished && fired < 100) {
			await eventually(
				() => finished || silentWaiting().length > 0,
				30_000,
				'a silent turn to be waiting',
			);
			for (const deadline of silentWaiting()) {
				deadline.fired = true;
				deadline.fire();
				fired++;
			}
		}
		// Bounded, and saying what was still open: once in CI on n8n 1.x's engine the run never ended
		// and the test only reached jest's timeout, which tells nothing.
		const openTurns = () =>
			sandbox.current.interact.turns
				.filter((turn) => turn.closeCode === undefined)
				.map((turn) => `${turn.convoId ?? '?'} (${turn.fault ?? 'answered'})`);
		await eventually(
			() => finished,
			60_000,
			`the run to end after ${fired} deadlines fired; open turns: ${openTurns().slice(0, 10).join(', ')}`,
		).catch((error: Error) => {
			throw new Error(
				`${error.message}; still open then: ${openTurns().slice(0, 10).join(', ')}; pending deadlines: ${pending().length}`,
			);
		});
		const items = (await run).items();
		const errors = items.map((item) => item.json.error as string | undefined).filter(Boolean);
		expect(items).toHaveLength(1000);
		expect(items.every((item, index) => (item.pairedItem as { item: number }).item === index)).toBe(
			true,
		);
		expect(errors.filter((error) => /^Convocore refused the connection/.test(error!))).toHaveLength(
			100,
		);
		expect(
			errors.filter((error) => /^The agent did not finish its turn within 120 s/.test(error!)),
		).toHaveLength(100);
		expect(errors).toHaveLength(200);
		expect(fired).toBe(100);

		expect(clock.deadlines).toHaveLength(1001);
		expect(
			clock.deadlines.every((deadline) => deadline.stopped || (deadline as FakeDeadline).fired),
		).toBe(true);
		expect(sockets.counts.made).toBe(1001);
		await eventually(
			() => sockets.counts.closed === 1001 && sandbox.current.interact.open === 0,
			10_000,
			'every socket to be closed',
		);
		await eventually(
			() => (handles().TCPSocketWrap ?? 0) <= (before.TCPSocketWrap ?? 0),
			10_000,
			'no TCP handle left',
		);
		// Like the sockets, a timer of the last turns may still be unwinding: wait, then count.
		await eventually(
			() => (handles().Timeout ?? 0) <= (before.Timeout ?? 0),
			10_000,
			'no timer left',
		);
	} finally {
		sockets.restore();
		clock.restore();
	}
}, 180_000);
