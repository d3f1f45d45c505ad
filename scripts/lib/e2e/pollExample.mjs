// The polling example (examples/17-*.json, the Convocore Conversation Trigger) in a real n8n:
// activated, it must emit exactly the conversations the sandbox adds, once each. Two rounds: the
// sandbox adds new conversations (and a new session on a known one, which New Conversation must
// not report), and n8n's next poll (Poll Times: every minute) starts one execution with them.
// Across both rounds, every added conversation is in exactly one execution and nothing else is.
// In queue mode the main process polls and enqueues, and the worker runs the executions.

export const POLL_TRIGGER_TYPE = 'n8n-nodes-convocore.convocoreConversationTrigger';

/** A poll waits for the next minute of n8n's schedule, then the execution runs: allow two. */
const POLL_WAIT_MS = 150_000;

export function pollTriggerOf(workflow) {
	return workflow.nodes.find((node) => node.type === POLL_TRIGGER_TYPE);
}

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

async function addSessions(sandboxUrl, body) {
	const response = await fetch(`${sandboxUrl}/__sandbox/sessions`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	assert(response.ok, `the sandbox answered ${response.status} to POST /__sandbox/sessions`);
	return (await response.json()).added;
}

/** The feed's conversation ids (convo-feed-N) an execution record mentions. */
function feedConversationsIn(execution) {
	const data =
		typeof execution.data === 'string' ? execution.data : JSON.stringify(execution.data ?? {});
	return new Set(data.match(/convo-feed-\d+/g) ?? []);
}

export async function exercisePollTrigger({
	mode,
	file,
	rest,
	stored,
	sandbox,
	checks,
	seen,
	errorMessageOf,
}) {
	const activated = await checks.check(
		mode,
		`${file}: activated (the first poll only notes where the feed stands)`,
		async () => {
			const active = await rest.activate(stored.id, stored.versionId);
			assert(
				active.activeVersionId === stored.versionId,
				`activation answered ${JSON.stringify(active).slice(0, 300)}`,
			);
			const status = await rest.waitPublished(stored.id);
			const executions = await rest.settledExecutionsOf(stored.id, { count: 0 });
			assert(executions.length === 0, `${executions.length} execution(s) right after activation`);
			return `published version ${status.liveVersionId}`;
		},
	);
	if (!activated) return;

	const added = [];
	const executionIds = [];
	for (const [round, count] of [
		[1, 3],
		[2, 2],
	]) {
		const ok = await checks.check(
			mode,
			`${file}: round ${round}: ${count} new conversations added to the sandbox start one successful execution with them`,
			async () => {
				const fresh = (
					await addSessions(sandbox.url, { count, agentId: 'agent-own', origin: 'web-chat' })
				).map((session) => session.convoId);
				// A new session on a conversation seen before: not a new conversation.
				if (added.length) await addSessions(sandbox.url, { convoId: added[0] });
				added.push(...fresh);
				const executions = await rest.settledExecutionsOf(stored.id, {
					count: round,
					settleMs: 1_000,
					timeoutMs: POLL_WAIT_MS,
				});
				assert(
					executions.length === round,
					`${executions.length} execution(s) after round ${round}`,
				);
				const newest = executions[0];
				const execution = await rest.finishedExecution(newest.id);
				assert(
					execution.status === 'success',
					`execution ${newest.id} ended "${execution.status}": ${errorMessageOf(execution)}`,
				);
				const found = [...feedConversationsIn(execution)].sort();
				assert(
					JSON.stringify(found) === JSON.stringify([...fresh].sort()),
					`execution ${newest.id} holds ${found.join(', ') || 'no conversation'}, expected ${fresh.join(', ')}`,
				);
				executionIds.push(newest.id);
				return `execution ${newest.id}: ${fresh.join(', ')}`;
			},
		);
		if (!ok) break;
	}

	await checks.check(
		mode,
		`${file}: every added conversation emitted exactly once, nothing else`,
		async () => {
			// One more poll's time: nothing new may start another execution.
			await new Promise((resolve) => setTimeout(resolve, 65_000));
			const executions = await rest.settledExecutionsOf(stored.id, {
				count: executionIds.length,
				settleMs: 0,
			});
			assert(
				executions.length === executionIds.length,
				`${executions.length} executions for ${executionIds.length} rounds`,
			);
			const seenIn = new Map();
			for (const { id } of executions) {
				for (const convoId of feedConversationsIn(await rest.finishedExecution(id)))
					seenIn.set(convoId, [...(seenIn.get(convoId) ?? []), id]);
			}
			const twice = [...seenIn].filter(([, ids]) => ids.length > 1);
			assert(
				twice.length === 0,
				`emitted more than once: ${twice.map(([convoId, ids]) => `${convoId} in ${ids.join(', ')}`).join('; ')}`,
			);
			assert(
				JSON.stringify([...seenIn.keys()].sort()) === JSON.stringify([...added].sort()),
				`emitted ${[...seenIn.keys()].join(', ')}; added ${added.join(', ')}`,
			);
			return `${added.length} conversations in ${executions.length} executions`;
		},
	);
	seen.poll.push(...executionIds);
	await rest.deactivate(stored.id).catch(() => undefined);
}

/** Queue mode: the main process polled and enqueued each poll execution; the worker ran it. */
export async function provePollQueueRoles({ seen, processes, checks }) {
	const { main, worker } = processes;
	await checks.check(
		'queue',
		'the main process enqueued each polling execution and the worker ran it',
		async () => {
			if (seen.poll.length === 0) throw new Error('no polling execution was seen');
			for (const id of seen.poll) {
				if (!new RegExp(`Enqueued execution ${id} \\(job`).test(main.readLog()))
					throw new Error(`no "Enqueued execution ${id}" in ${main.logFile}`);
				if (!new RegExp(`Worker finished execution ${id} \\(job`).test(worker.readLog()))
					throw new Error(`no "Worker finished execution ${id}" in ${worker.logFile}`);
			}
			return `executions ${seen.poll.join(', ')}`;
		},
	);
}
