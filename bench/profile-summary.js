/* eslint-disable */
// Self time of a .cpuprofile by function and by kind of work, per item: node bench/profile-summary.js file.cpuprofile items [top]
const fs = require('fs');
const [file, itemsArg, topArg] = process.argv.slice(2);
const items = Number(itemsArg || 1);
const top = Number(topArg || 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const self = new Map();
const dts = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) || 0) + (dts[i] || 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const short = (url) => url.replace(/^file:\/\//, '').replace(/.*node_modules\//, 'nm/').replace(/.*wt-[a-z]+\//, '');
const fnKey = (n) => `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
// Kind of work: the nearest caller (leaf upwards) in the node's own code, the HTTP Request node or
// the sandbox decides; what runs below it (n8n helpers, zod, Node) is counted to it.
const OURS = [
	['ours: deadline (Deadline, withSignal)', (u, f) => /shared\/retries\.ts/.test(u) && /Deadline|dispose|race|withSignal|executionCancelSignal|abort|sleep|remainingMs/.test(f)],
	['ours: transport (sendWithRetries, request helper)', (u) => /shared\/(retries|transport|apiErrors|regions)\.ts/.test(u)],
	['ours: secrets/redaction', (u) => /shared\/secrets\.ts/.test(u)],
	['ours: limiter/concurrency', (u) => /(actions\/concurrency|shared\/concurrency|slotLimit|pacer)\.ts/.test(u)],
	['ours: validation + parameter reads (prepare)', (u) => /actions\/(sms\/|operation\.ts|jsonFields|itemParameters|agentId)|shared\/plainParameters/.test(u)],
	['ours: node execute loop/output', (u) => /Convocore\.node\.ts|actions\/(index|resource|answers)\.ts/.test(u)],
	['ours: contracts', (u) => /shared\/contracts\//.test(u)],
];
const kindOf = (id) => {
	let cur = id;
	const leaf = byId.get(id).callFrame;
	if (leaf.functionName === '(garbage collector)') return 'GC';
	if (leaf.functionName === '(program)' || leaf.functionName === '(idle)') return leaf.functionName;
	let engine = false;
	while (cur !== undefined) {
		const frame = byId.get(cur).callFrame;
		const u = short(frame.url);
		if (/^sandbox\//.test(u)) return 'sandbox (server side)';
		if (/^nodes\//.test(u)) {
			for (const [kind, test] of OURS) if (test(u, frame.functionName)) return kind;
			return `ours: ${u}`;
		}
		if (/n8n-nodes-base/.test(u)) return 'HTTP Request node (its execute and below)';
		if (/n8n-core\/dist\/execution-engine\/(workflow-execute|routing|node-execution-context)/.test(u)) engine = true;
		cur = parent.get(cur);
	}
	return engine ? 'engine (n8n-core, around the node)' : 'async callbacks (sockets, http parser, promises; no node frame)';
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
const us = (t) => (t / items).toFixed(1).padStart(8);
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled, ${items} items -> µs per item`);
console.log('\nby kind of work (innermost known frame on the stack):');
for (const [k, t] of [...kindSelf].sort((a, b) => b[1] - a[1])) console.log(`${us(t)}  ${k}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, t] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${us(t)}  ${k}`);
