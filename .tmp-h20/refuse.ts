import '../test/harness/webSocketGlobal';
import { startSandbox } from '../sandbox';
(async () => {
	const sandbox = await startSandbox();
	const ws = new (globalThis as any).WebSocket(sandbox.url.replace('http:', 'ws:') + '/interact', { headers: { Authorization: 'Bearer nope-nope-nope' } });
	for (const type of ['open', 'error', 'close']) ws.addEventListener(type, (e: any) => console.log(type, e.code, e.message ?? ''));
	await new Promise((r) => setTimeout(r, 1500));
	console.log('handshakes', sandbox.interact.handshakes);
	await sandbox.close();
})();
