/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: runs in Node under jest, the demo and the benchmarks, never ships (package.json "files" is dist/ only) */
// Agent > Send Message opens Convocore's interact socket with the runtime's global WebSocket.
// Node 22 and 24 have it; Node 20 only with --experimental-websocket, which CI's Node 20 run,
// the demo and the benchmarks do not pass (nor could jest hand it to a suite it runs in band).
// There the global is installed from undici, the very client Node bundles as its WebSocket, so
// every suite runs the node as Node 22+ would. The node's own error when the global is missing
// is tested by removing it (test/node/agentSendMessage.failures.test.ts).
import { WebSocket as UndiciWebSocket } from 'undici';

const scope = globalThis as { WebSocket?: unknown };
scope.WebSocket ??= UndiciWebSocket;
