/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code: runs in Node under jest, never ships (package.json "files" is dist/ only); require() inside jest.isolateModules loads fresh modules in the order n8n does */
import { readdirSync } from 'fs';
import { join } from 'path';

/**
 * Loading the package builds no zod schema: every contract is wrapped in `lazy()` and built on
 * first use (package load time is a tracked target; see nodes/shared/contracts/lazy.ts). Counted
 * at the source: zod's ZodType constructor binds `this.readonly`, reading it once per schema
 * built, so a counting accessor on the prototype sees every construction, whatever the factory.
 */
const root = join(__dirname, '..', '..');
const contractsDir = join(root, 'nodes', 'shared', 'contracts');

function schemasBuiltWhileRequiring(modules: string[]): number {
	let built = 0;
	jest.isolateModules(() => {
		// The same, fresh zod instance the modules below import within this isolated registry.
		const { z } = require('zod') as typeof import('zod');
		const proto = z.ZodType.prototype as unknown as Record<string, unknown>;
		const readonlyMethod = proto.readonly;
		Object.defineProperty(proto, 'readonly', {
			configurable: true,
			get() {
				built++;
				return readonlyMethod;
			},
			set(this: object, value: unknown) {
				Object.defineProperty(this, 'readonly', {
					value,
					writable: true,
					configurable: true,
					enumerable: true,
				});
			},
		});
		// n8n has loaded n8n-workflow (which builds schemas of its own) before it loads the package.
		require('n8n-workflow');
		built = 0;
		for (const module of modules) require(module);
		// The counter counts: building a schema is seen.
		const before = built;
		z.string();
		if (built === before)
			throw new Error(
				'the zod construction counter saw nothing: zod changed, this test needs another hook',
			);
		built = before;
	});
	return built;
}

describe('loading the package builds no zod schema', () => {
	it('requiring every node and credential entry builds none', () => {
		const entries = [
			'credentials/ConvocoreApi.credentials',
			'credentials/ConvocoreTelephonyApi.credentials',
			'nodes/Convocore/Convocore.node',
			'nodes/ConvocoreTrigger/ConvocoreTrigger.node',
		].map((entry) => join(root, entry));
		expect(schemasBuiltWhileRequiring(entries)).toBe(0);
	});

	it.each(readdirSync(contractsDir).filter((file) => file.endsWith('.ts')))(
		'contracts/%s builds none at load',
		(file) => {
			expect(schemasBuiltWhileRequiring([join(contractsDir, file)])).toBe(0);
		},
	);
});
