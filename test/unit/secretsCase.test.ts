/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * Redaction in any case (a URL's host name, a proxy lowercase what they echo), secret-named fields
 * at any depth, and the nested error form `{ error: { code, message } }` read beside the flat one.
 */
import type { INode } from 'n8n-workflow';
import { apiError } from '../../nodes/shared/apiErrors';
import {
	mentionsSecret,
	redactDeep,
	redactSecretFields,
	redactText,
	redactedNode,
} from '../../nodes/shared/secrets';

const SECRET = 'Vg_MixedCase_Secret_0123';

describe('redaction in any case', () => {
	it('finds a secret lowercased, uppercased or as given, and the longest of two overlapping secrets whole', () => {
		expect(
			redactText(`a ${SECRET.toLowerCase()} b ${SECRET.toUpperCase()} c ${SECRET}`, [SECRET]),
		).toBe('a [redacted] b [redacted] c [redacted]');
		expect(redactText('key abcdef-123456 end', ['abcdef', 'abcdef-123456'])).toBe(
			'key [redacted] end',
		);
		expect(redactText('a (b) [c] $1 .*', ['(b) [c] $1 .*'])).toBe('a [redacted]');
		expect(redactDeep({ list: [`x ${SECRET.toLowerCase()}`] }, new Set([SECRET]))).toEqual({
			list: ['x [redacted]'],
		});
	});

	it('the read-only walk that decides whether an answer is copied finds a secret in any case, in values and keys', () => {
		const secrets = new Set([SECRET]);
		expect(mentionsSecret({ page: [{ note: `echo ${SECRET.toLowerCase()}` }] }, secrets)).toBe(
			true,
		);
		expect(mentionsSecret({ [SECRET.toUpperCase()]: 1 }, secrets)).toBe(true);
		expect(mentionsSecret({ page: [{ note: 'nothing here', n: 3 }] }, secrets)).toBe(false);
		expect(mentionsSecret({ note: SECRET }, new Set())).toBe(false);
	});

	it('the node an error carries loses a secret of the request in any case', () => {
		const node: INode = {
			id: '1',
			name: 'Convocore',
			type: 't',
			typeVersion: 4,
			position: [0, 0],
			parameters: { stringValue: SECRET.toLowerCase() },
		};
		expect(redactedNode(node, new Set([SECRET])).parameters.stringValue).toBe('[redacted]');
	});
});

describe('redactSecretFields', () => {
	it('hides secret-named fields at any depth, removes their values elsewhere, keeps numbers and empty values', () => {
		const value = {
			a: { b: { serverUrlSecret: SECRET } },
			url: `https://x.example/?k=${SECRET}`,
			maxTokens: 5,
			token: '',
			name: 'plain',
		};
		expect(redactSecretFields(value)).toEqual({
			a: { b: { serverUrlSecret: '[redacted]' } },
			url: 'https://x.example/?k=[redacted]',
			maxTokens: 5,
			token: '',
			name: 'plain',
		});
	});

	it('short known values (under 6 characters) are not searched for in other text', () => {
		expect(redactSecretFields({ text: 'a 2 b' }, ['2'])).toEqual({ text: 'a 2 b' });
	});
});

describe('apiError reads the nested error form', () => {
	const ctx = {
		getNode: (): INode => ({
			id: '1',
			name: 'Convocore',
			type: 't',
			typeVersion: 4,
			position: [0, 0],
			parameters: {},
		}),
	};
	const request = { method: 'POST' as const, path: '/agents/a/metrics/delete' };

	it('{ error: { code, message } } gives the message and the code', () => {
		const error = apiError(
			ctx,
			404,
			{ error: { code: 'NOT_FOUND', message: 'Metric m-1 was not found' } },
			request,
			{},
		);
		expect(error.message).toBe('Not found: Metric m-1 was not found (NOT_FOUND)');
	});

	it('a top-level message wins over the nested one; a nested error that is no object is ignored', () => {
		expect(
			apiError(
				ctx,
				400,
				{ message: 'Top', code: 'BAD_REQUEST', error: { message: 'Nested', code: 'X' } },
				request,
				{},
			).message,
		).toBe('Convocore rejected the request: Top (BAD_REQUEST)');
		expect(apiError(ctx, 400, { error: 'just text' }, request, {}).message).toBe(
			'Convocore rejected the request: invalid input',
		);
	});
});
