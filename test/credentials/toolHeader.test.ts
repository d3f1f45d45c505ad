/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads package.json from the checkout under jest, never ships (package.json "files" is dist/ only) */
/**
 * The Convocore Tool Header credential: n8n-conformant fields (password-typed value, icons, full
 * documentation URL), registered in package.json, declared by the Convocore node only where Tool >
 * Create or Update has Header Authentication on, and tested by the node's own credential test
 * (nothing to call: the pair is checked to be sendable as a header).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { ICredentialTestFunctions } from 'n8n-workflow';
import { ConvocoreToolHeaderApi } from '../../credentials/ConvocoreToolHeaderApi.credentials';
import { Convocore } from '../../nodes/Convocore/Convocore.node';

const type = new ConvocoreToolHeaderApi();

describe('Convocore Tool Header credential', () => {
	it('declares a header name and a password-typed value, icons and a full documentation URL', () => {
		expect(type.name).toBe('convocoreToolHeaderApi');
		expect(
			type.properties.map((property) => [
				property.name,
				property.required,
				property.typeOptions?.password ?? false,
			]),
		).toEqual([
			['headerName', true, false],
			['headerSecret', true, true],
		]);
		expect(type.documentationUrl).toMatch(/^https:\/\/.+#credentials$/);
		expect(type.icon).toEqual({
			light: 'file:../icons/convocore.svg',
			dark: 'file:../icons/convocore.dark.svg',
		});
	});

	it('is listed in package.json n8n.credentials', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
			n8n: { credentials: string[] };
		};
		expect(pkg.n8n.credentials).toContain('dist/credentials/ConvocoreToolHeaderApi.credentials.js');
	});

	it('the node asks for it only on Tool > Create and Update with Header Authentication on, and tests it itself', async () => {
		const node = new Convocore();
		const declared = node.description.credentials?.find(
			(credential) => credential.name === type.name,
		);
		expect(declared).toEqual({
			name: 'convocoreToolHeaderApi',
			required: true,
			displayOptions: {
				show: { resource: ['tool'], operation: ['create', 'update'], headerAuthentication: [true] },
			},
			testedBy: 'convocoreToolHeaderTest',
		});
		const test = node.methods.credentialTest[declared?.testedBy as 'convocoreToolHeaderTest'];
		const ok = await test.call({} as ICredentialTestFunctions, {
			id: '1',
			name: 'h',
			type: type.name,
			data: { headerName: 'X-Tool-Key', headerSecret: 'a-long-enough-value' },
		});
		expect(ok.status).toBe('OK');
		const headerAuth = node.description.properties.filter(
			(property) => property.name === 'headerAuthentication',
		);
		// Off by default: saved workflows send no header field. Written once for both operations.
		expect(headerAuth.map((property) => property.default)).toEqual([false]);
		expect(headerAuth[0].displayOptions?.show).toEqual(
			expect.objectContaining({
				resource: ['tool'],
				operation: expect.arrayContaining(['create', 'update']),
			}),
		);
	});
});
