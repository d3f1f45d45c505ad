/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in Node under jest against the sandbox with made-up keys, never ships (package.json "files" is dist/ only) */
/**
 * n8n-core's LazyPackageDirectoryLoader (what n8n loads community packages with, in every main and
 * worker process) over the built package: it reports the nodes and credentials from the metadata
 * alone, requiring none of the package's code, and a node's code is required, and runs, the first
 * time it is asked for. Without the metadata the same loader requires everything: the control
 * that shows these checks can fail.
 */
import 'reflect-metadata';
import { cpSync, rmSync } from 'fs';
import { join, sep } from 'path';
import { LazyPackageDirectoryLoader } from 'n8n-core';

import { buildPackageFolder } from '../harness/builtPackage';
import { sandboxCredential, useSandbox } from '../harness/convocore';
import { CONVOCORE_NODE_TYPE, node, runWorkflow, TestNodeTypes } from '../harness/engine';

const sandbox = useSandbox();
let folder: string;

/** Code of the package folder loaded as modules (jest's require.cache is its registry); n8n also requires each node's codex .json. */
const requiredFrom = (dir: string) =>
	Object.keys(require.cache).filter((file) => file.startsWith(dir + sep) && file.endsWith('.js'));

beforeAll(() => {
	folder = buildPackageFolder('lazy-loader-test');
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("n8n-core's LazyPackageDirectoryLoader over the built package", () => {
	it('lists the three nodes and the three credentials without requiring any of their files', async () => {
		const loader = new LazyPackageDirectoryLoader(folder);
		await loader.loadAll();

		expect(loader.isLazyLoaded).toBe(true);
		expect(Object.keys(loader.known.nodes).sort()).toEqual([
			'convocore',
			'convocoreConversationTrigger',
			'convocoreTrigger',
		]);
		expect(Object.keys(loader.known.credentials).sort()).toEqual([
			'convocoreApi',
			'convocoreTelephonyApi',
			'convocoreToolHeaderApi',
		]);
		expect(loader.types.nodes.map(({ name }) => name).sort()).toEqual([
			'convocore',
			'convocoreConversationTrigger',
			'convocoreTrigger',
		]);
		expect(loader.types.credentials.map(({ name }) => name).sort()).toEqual([
			'convocoreApi',
			'convocoreTelephonyApi',
			'convocoreToolHeaderApi',
		]);
		// The loader's own state and the module registry agree: no class loaded, no file required.
		expect(Object.keys(loader.nodeTypes)).toEqual([]);
		expect(Object.keys(loader.credentialTypes)).toEqual([]);
		expect(requiredFrom(folder)).toEqual([]);
	});

	it('requires the Convocore node only when asked for it, and it then runs a workflow', async () => {
		const loader = new LazyPackageDirectoryLoader(folder);
		await loader.loadAll();
		const { type } = loader.getNode('convocore');

		expect(requiredFrom(folder)).toEqual([
			join(folder, 'dist', 'nodes', 'Convocore', 'Convocore.node.js'),
		]);
		expect(Object.keys(loader.nodeTypes)).toEqual(['convocore']);
		const result = await runWorkflow({
			nodeTypes: new TestNodeTypes().add(CONVOCORE_NODE_TYPE, type),
			nodes: [
				node(
					'Convocore',
					CONVOCORE_NODE_TYPE,
					{ resource: 'voice', operation: 'search', limit: 3 },
					{
						typeVersion: 3,
						credentials: { convocoreApi: { id: '1', name: 'Convocore account' } },
					},
				),
			],
			connections: {},
			credentials: { convocoreApi: sandboxCredential(sandbox.current) },
		});
		expect(result.output('Convocore')).toHaveLength(3);
		expect(sandbox.current.requests().map(({ method, path }) => `${method} ${path}`)).toEqual([
			'GET /voices',
		]);
	});

	it('without the metadata falls back to requiring every node and credential (the control)', async () => {
		const bare = `${folder}-without-metadata`;
		cpSync(folder, bare, { recursive: true });
		rmSync(join(bare, 'dist', 'known'), { recursive: true });
		try {
			const loader = new LazyPackageDirectoryLoader(bare);
			await loader.loadAll();

			expect(loader.isLazyLoaded).toBe(false);
			expect(Object.keys(loader.nodeTypes).sort()).toEqual([
				'convocore',
				'convocoreConversationTrigger',
				'convocoreTrigger',
			]);
			expect(requiredFrom(bare)).toHaveLength(6);
		} finally {
			rmSync(bare, { recursive: true, force: true });
		}
	});
});
