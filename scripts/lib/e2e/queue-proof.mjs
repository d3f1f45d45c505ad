// Queue mode's point is who does what: the webhook processor receives the event and enqueues it,
// the worker runs it, the main runs nothing. The processes' own log lines (n8n 2.41, level info:
// "Enqueued execution N (job J)" from ScalingService, "Worker started/finished execution N" from
// JobProcessor) prove it for each execution the scenario saw.
const enqueued = (id) => new RegExp(`Enqueued execution ${id} \\(job`);
const workerRan = (id) => new RegExp(`Worker finished execution ${id} \\(job`);

export async function proveQueueRoles({ seen, processes, checks }) {
	const { main, worker, webhook } = processes;
	await checks.check(
		'queue',
		'the webhook processor enqueued each trigger execution and the worker ran it',
		async () => {
			if (seen.trigger.length === 0) throw new Error('no trigger execution was seen');
			for (const id of seen.trigger) {
				if (!enqueued(id).test(webhook.readLog()))
					throw new Error(`no "Enqueued execution ${id}" in ${webhook.logFile}`);
				if (!workerRan(id).test(worker.readLog()))
					throw new Error(`no "Worker finished execution ${id}" in ${worker.logFile}`);
			}
			return `executions ${seen.trigger.join(', ')}`;
		},
	);
	await checks.check(
		'queue',
		'the worker ran every manual execution; the main ran none',
		async () => {
			if (seen.manual.length === 0) throw new Error('no manual execution was seen');
			for (const id of seen.manual) {
				if (!workerRan(id).test(worker.readLog()))
					throw new Error(`no "Worker finished execution ${id}" in ${worker.logFile}`);
			}
			if (/Worker (started|finished) execution/.test(main.readLog()))
				throw new Error(`the main process ran an execution (${main.logFile})`);
			return `executions ${seen.manual.join(', ')}`;
		},
	);
}
