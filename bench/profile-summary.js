/* Benchmark tooling (plain Node script), never ships (package.json "files" is dist/ only). */
// Self time of a .cpuprofile by function and by kind of work, per item:
//   node bench/profile-summary.js file.cpuprofile items [cpuUsPerItem] [top]
// The sampled time is the main thread's wall clock (it grows when the machine is busy); given the
// CPU per item measured over the same rounds (profile-cpu.ts prints it), each kind's share of the
// busy samples (idle excluded) is scaled to it, which makes runs under different loads comparable.
const fs = require('fs');
const [file, itemsArg, cpuArg, topArg] = process.argv.slice(2);
const items = Number(itemsArg || 1);
const top = Number(topArg || 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const self = new Map();
const dts = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++)
	self.set(profile.samples[i], (self.get(profile.samples[i]) || 0) + (dts[i] || 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url) =>
	url
		.replace(/^file:\/\//, '')
		.replace(/.*node_modules\//, 'nm/')
		.replace(/.*wt-[a-z]+\//, '')
		.replace(/.*\/tmp\/[^/]+\//, '');
const fnKey = (n) =>
	`${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
// Kind of work: the sandbox (server side) wherever it is on the stack; otherwise the marker frame
// nearest the leaf decides (a parameter read inside prepare is a parameter read, zod inside
// validate is validation); what runs below a marker (n8n, zod, Node) is counted to it.
const MARKERS = [
	[
		'credential (getCredentials, authenticate)',
		(u, f) => (/authenticate/.test(f) && /harness|credentials/.test(u)) || f === 'getCredentials',
	],
	[
		'parameter reads + expressions (getNodeParameter)',
		(u, f) => /getNodeParameter/.test(f) && /n8n-core/.test(u),
	],
	['validation (request contract, zod)', (u, f) => f === 'validate' && /^nodes\//.test(u)],
	[
		'response check (parse, contract, redaction)',
		(u, f) =>
			/^(checkedBody|parseJsonBody|redactDeep|secretsIn|contractPredicate)$/.test(f) &&
			/^nodes\//.test(u),
	],
	[
		'deadline (Deadline, signal, race)',
		(u, f) =>
			/^(Deadline|dispose|race|withSignal|executionCancelSignal|sleep|remainingMs|abort)$/.test(
				f,
			) && /retries\.ts/.test(u),
	],
	[
		'transport: n8n request helpers, axios, Node http (sync part)',
		(u, f) =>
			/httpRequestWithAuthentication|^httpRequest$|executeLegacyRequest|requestWithAuthentication/.test(
				f,
			) && /n8n-core|backend-network/.test(u),
	],
	['limiter/concurrency (ours)', (u) => /^nodes\/.*(concurrency|slotLimit|pacer)\.ts/.test(u)],
	[
		'prepare: field building (ours)',
		(u) =>
			/^nodes\/Convocore\/actions\/(sms\/|operation\.ts|jsonFields|itemParameters|agentId)|^nodes\/shared\/plainParameters/.test(
				u,
			),
	],
	[
		'transport: our request code (retries, transport)',
		(u) => /^nodes\/shared\/(retries|transport|apiErrors|regions|secrets)\.ts/.test(u),
	],
	['node execute loop + output (ours)', (u) => /^nodes\//.test(u)],
	['HTTP Request node own code', (u) => /n8n-nodes-base/.test(u)],
];
const kindOf = (id) => {
	const leaf = byId.get(id).callFrame;
	if (leaf.functionName === '(garbage collector)') return 'GC';
	if (leaf.functionName === '(program)' || leaf.functionName === '(idle)') return leaf.functionName;
	const chain = [];
	for (let cur = id; cur !== undefined; cur = parent.get(cur)) chain.push(byId.get(cur).callFrame);
	if (chain.some((frame) => /^sandbox\//.test(short(frame.url))))
		return 'sandbox (server side, same process)';
	for (const frame of chain) {
		const u = short(frame.url);
		for (const [kind, test] of MARKERS) if (test(u, frame.functionName)) return kind;
	}
	if (chain.some((frame) => /profile-cpu|bench\//.test(short(frame.url))))
		return 'bench harness (profiler stop, batch set-up)';
	if (chain.some((frame) => /n8n-core\/dist\/execution-engine/.test(frame.url)))
		return 'engine around the node (n8n-core)';
	return 'async I/O callbacks (sockets, http parser, axios after the await)';
};
const fnSelf = new Map();
const kindSelf = new Map();
for (const [id, t] of self) {
	const n = byId.get(id);
	const k = fnKey(n);
	fnSelf.set(k, (fnSelf.get(k) || 0) + t);
	const kind = kindOf(id);
	kindSelf.set(kind, (kindSelf.get(kind) || 0) + t);
}
const busy = total - (kindSelf.get('(idle)') || 0);
const scale = cpuArg ? (Number(cpuArg) * items) / busy : 1;
const us = (t) => ((t * scale) / items).toFixed(1).padStart(8);
console.log(
	`${file}: ${(total / 1000).toFixed(0)} ms sampled, ${items} items -> µs per item${cpuArg ? `, busy samples scaled to ${cpuArg} µs CPU per item` : ' (sampled wall time)'}`,
);
console.log('\nby kind of work (innermost known frame on the stack):');
for (const [k, t] of [...kindSelf].sort((a, b) => b[1] - a[1])) console.log(`${us(t)}  ${k}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, t] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top))
	console.log(`${us(t)}  ${k}`);
