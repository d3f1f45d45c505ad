/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only) */
import { startSandbox } from './index';
import { modeFromEnv } from './server/mode';
import { SANDBOX_IDS, SANDBOX_KEYS } from './seed/seed';
import { MCP_SEED_IDS } from './seed/mcpAgents';

/** `npm run sandbox [-- --port N]`: a local Convocore V3 API until Ctrl+C. */

function portFromArgs(argv: string[]): number {
	const flag = argv.indexOf('--port');
	const inline = argv.find((arg) => arg.startsWith('--port='));
	const raw = inline
		? inline.slice('--port='.length)
		: flag >= 0
			? argv[flag + 1]
			: (process.env.SANDBOX_PORT ?? '4010');
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		console.error(`Invalid port "${raw}": use --port N or SANDBOX_PORT with 0 to 65535.`);
		process.exit(2);
	}
	return port;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		port: portFromArgs(process.argv.slice(2)),
		host: process.env.SANDBOX_HOST ?? '127.0.0.1',
		mode: modeFromEnv(),
	});
	const keys: Array<[string, string]> = [
		[
			SANDBOX_KEYS.euWhiteLabel,
			'EU White Label workspace: reads and writes (use with the EU base)',
		],
		[SANDBOX_KEYS.euBusiness, 'EU Business workspace: reads only; writes answer 403'],
		[SANDBOX_KEYS.euPro, 'EU Pro workspace: no API access (403)'],
		[SANDBOX_KEYS.euLegacy, 'EU legacy pay-as-you-go workspace: not gated'],
		[SANDBOX_KEYS.naWhiteLabel, 'NA White Label workspace: use with the NA base'],
		[
			SANDBOX_KEYS.euAgentSecret,
			`agent secret of ${SANDBOX_IDS.ownAccountAgent} (EU): only that agent, plus voices`,
		],
	];
	console.log(`Convocore V3 sandbox listening on ${sandbox.url}`);
	console.log(
		`  mode: ${sandbox.mode} (CONVOCORE_SANDBOX_MODE=strict|published; POST /__sandbox/mode { mode } switches it)`,
	);
	console.log(`  EU base URL: ${sandbox.baseUrl('eu')}`);
	console.log(`  NA base URL: ${sandbox.baseUrl('na')}`);
	console.log(
		`  Interact socket (Agent > Send Message): ${sandbox.url.replace('http:', 'ws:')}/interact`,
	);
	console.log('Secrets (Authorization: Bearer <secret>):');
	for (const [key, purpose] of keys) console.log(`  ${key}  ${purpose}`);
	console.log('Agents (EU White Label):');
	console.log(
		`  ${SANDBOX_IDS.ownAccountAgent}: own-account SMS ${SANDBOX_IDS.ownAccountPrimaryNumber} (primary), ${SANDBOX_IDS.ownAccountSecondNumber}`,
	);
	console.log(
		`  ${SANDBOX_IDS.rentalAgent}: platform-rental SMS ${SANDBOX_IDS.rentalNumber}; knowledge-base documents ${SANDBOX_IDS.knowledgeDocIds.join(', ')}`,
	);
	console.log(`  ${SANDBOX_IDS.noSmsAgent}: no SMS number`);
	console.log(
		`  human-handoff recipient of ${SANDBOX_IDS.ownAccountAgent}: ${SANDBOX_IDS.humanHandoffRecipient}`,
	);
	console.log(
		`  ${SANDBOX_IDS.ownAccountAgent}: finished call ${SANDBOX_IDS.callConvoId} (summary, metrics); leads ${SANDBOX_IDS.leadIds.join(', ')}`,
	);
	console.log('Agents for MCP servers (EU legacy pay-as-you-go):');
	console.log(
		`  ${MCP_SEED_IDS.nodeAgent}: node/canvas runtime (start, two LLM nodes, end); ${MCP_SEED_IDS.classicAgent}: classic, no nodes`,
	);
	console.log(
		`Control: GET ${sandbox.url}/__sandbox/requests | GET /__sandbox/sms | POST|DELETE /__sandbox/faults | POST /__sandbox/reset | GET|POST /__sandbox/mode | POST /__sandbox/events | GET|POST|DELETE /__sandbox/event-receiver | GET /__sandbox/interact`,
	);

	let closing = false;
	const shutdown = (signal: string) => {
		if (closing) return;
		closing = true;
		console.log(`\n${signal}: stopping the sandbox.`);
		sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', () => shutdown('SIGINT'));
	process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
