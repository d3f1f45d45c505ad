/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code with made-up values, never ships (package.json "files" is dist/ only) */
/**
 * nodes/shared/secrets.ts rule by rule, written against the survivors of a mutation run (npm run
 * mutation:core): which field names are secret, the minimum length, the depth bounds, and every
 * place of an error or a node copy a secret must leave.
 */
import type { IExecuteFunctions, INode, INodeParameters } from 'n8n-workflow';
import {
	REDACTED,
	addSecret,
	credentialSecrets,
	isSecretKey,
	redactDeep,
	redactText,
	redactedNode,
	secretsIn,
	withoutSecrets,
} from '../../nodes/shared/secrets';

const SECRET = 'sk-live-0123456789';

function nodeWith(parameters: INodeParameters): INode {
	return {
		id: 'n1',
		name: 'Convocore',
		type: 'n8n-nodes-convocore.convocore',
		typeVersion: 3,
		position: [0, 0],
		parameters,
	};
}

/** `{ a: { a: … { leaf } } }`, `levels` objects deep above the leaf. */
function nested(levels: number, leaf: INodeParameters): INodeParameters {
	let value: INodeParameters = leaf;
	for (let i = 0; i < levels; i++) value = { a: value };
	return value;
}

describe('isSecretKey', () => {
	it.each([
		'token',
		'accessToken',
		'secretKey',
		'workspaceSecret',
		'password',
		'Password',
		'apiKey',
		'api_key',
		'API_KEY',
		'twilioAuthToken',
	])('%s is a secret name', (key) => expect(isSecretKey(key)).toBe(true));
	it.each(['name', 'value', 'api-key', 'apiId', 'passcode', 'url'])('%s is not', (key) =>
		expect(isSecretKey(key)).toBe(false),
	);
});

describe('addSecret and secretsIn', () => {
	it('keeps a secret of exactly the minimum length (6), trimmed, and nothing shorter', () => {
		const found = new Set<string>();
		addSecret(found, 'abcdef');
		addSecret(found, '  ghijkl  ');
		addSecret(found, 'abcde');
		addSecret(found, '  mnop  ');
		addSecret(found, 123456);
		addSecret(found, undefined);
		expect([...found]).toEqual(['abcdef', 'ghijkl']);
	});

	it('finds string values under secret names at any depth, not under other names', () => {
		const found = secretsIn({
			name: 'plain-value-1',
			password: 'hunter22',
			list: [{ authToken: 'token-in-list' }],
			options: { nested: { secretKey: SECRET }, count: 7, empty: null },
			token: { inner: 'not-under-secret-name' },
		});
		expect([...found].sort()).toEqual(['hunter22', SECRET, 'token-in-list'].sort());
	});

	it('adds to the set it is given and ignores what is not an object', () => {
		const given = new Set(['already-known']);
		expect(secretsIn({ token: 'another-one' }, given)).toBe(given);
		expect([...given]).toEqual(['already-known', 'another-one']);
		expect([...secretsIn('token-as-text')]).toEqual([]);
		expect([...secretsIn(null)]).toEqual([]);
		expect([...secretsIn(undefined)]).toEqual([]);
	});

	it('looks 20 levels deep and no deeper', () => {
		expect([...secretsIn(nested(20, { token: 'twenty-deep' }))]).toEqual(['twenty-deep']);
		expect([...secretsIn(nested(21, { token: 'twenty-one-deep' }))]).toEqual([]);
	});
});

describe('redactText and redactDeep', () => {
	it('replaces every occurrence of every secret', () => {
		expect(redactText(`a ${SECRET} b ${SECRET} c other-secret`, [SECRET, 'other-secret'])).toBe(
			`a ${REDACTED} b ${REDACTED} c ${REDACTED}`,
		);
		expect(redactText('nothing here', [SECRET])).toBe('nothing here');
		expect(REDACTED).toBe('[redacted]');
	});

	it('copies objects and arrays with the secrets removed, and leaves other values alone', () => {
		const value = {
			text: `x${SECRET}`,
			list: [SECRET, 1, null, true],
			inner: { deep: SECRET },
			n: 5,
		};
		const copy = redactDeep(value, new Set([SECRET]));
		expect(copy).toEqual({
			text: `x${REDACTED}`,
			list: [REDACTED, 1, null, true],
			inner: { deep: REDACTED },
			n: 5,
		});
		expect(copy).not.toBe(value);
		expect(value.text).toBe(`x${SECRET}`);
		expect(redactDeep(SECRET, new Set<string>())).toBe(SECRET);
		expect(redactDeep(SECRET, new Set([SECRET]))).toBe(REDACTED);
	});

	it('redacts 50 levels deep and leaves what is deeper as it is', () => {
		const redacted = JSON.stringify(redactDeep(nested(50, { s: SECRET }), new Set([SECRET])));
		expect(redacted).toContain(REDACTED);
		expect(redacted).not.toContain(SECRET);
		const tooDeep = nested(51, { s: SECRET });
		expect(JSON.stringify(redactDeep(tooDeep, new Set([SECRET])))).toContain(SECRET);
	});
});

describe('redactedNode', () => {
	it('blanks secret-named parameters and removes their values from the others', () => {
		const node = nodeWith({
			authToken: SECRET,
			// Under a secret's name even when shorter than a value searched for elsewhere.
			pinToken: 'abc',
			message: `my key is ${SECRET}`,
			emptyToken: '',
			expressionToken: '={{ $json.token }}',
			additional: { password: 'p4ssw0rd!', note: 'p4ssw0rd! again' },
			list: ['p4ssw0rd!', 'other'],
		});
		const copy = redactedNode(node);
		expect(copy.parameters).toEqual({
			authToken: REDACTED,
			pinToken: REDACTED,
			message: `my key is ${REDACTED}`,
			emptyToken: '',
			expressionToken: '={{ $json.token }}',
			additional: { password: REDACTED, note: `${REDACTED} again` },
			list: [REDACTED, 'other'],
		});
		expect(copy).toMatchObject({ id: 'n1', name: 'Convocore', typeVersion: 3 });
		expect(node.parameters.authToken).toBe(SECRET);
	});

	it('removes the known credential secrets wherever they appear', () => {
		const copy = redactedNode(
			nodeWith({ body: `Bearer ${SECRET}`, count: 3, flag: true, none: null }),
			new Set([SECRET]),
		);
		expect(copy.parameters).toEqual({
			body: `Bearer ${REDACTED}`,
			count: 3,
			flag: true,
			none: null,
		});
		expect(redactedNode(nodeWith({ body: 'plain' })).parameters).toEqual({ body: 'plain' });
	});

	it('redacts tokens inside JSON text by their field names and keeps the rest of the JSON', () => {
		const agentOptions = JSON.stringify({ voice: 'alloy', tools: [{ apiKey: 'tool-key-123' }] });
		const copy = redactedNode(nodeWith({ agentOptions, copyOfKey: 'uses tool-key-123' }));
		expect(JSON.parse(copy.parameters.agentOptions as string)).toEqual({
			voice: 'alloy',
			tools: [{ apiKey: REDACTED }],
		});
		expect(copy.parameters.copyOfKey).toBe(`uses ${REDACTED}`);
		// JSON text without a secret in it is kept byte for byte.
		const plain = '{ "voice": "alloy" }';
		expect(redactedNode(nodeWith({ agentOptions: plain })).parameters.agentOptions).toBe(plain);
		const list = '  [{"token":"list-token-1"}]';
		expect(JSON.parse(redactedNode(nodeWith({ body: list })).parameters.body as string)).toEqual([
			{ token: REDACTED },
		]);
	});

	it('keeps nothing of unparseable JSON that names a secret field, and keeps other unparseable text', () => {
		expect(
			redactedNode(nodeWith({ agentOptions: '{ "token": "abc", ' })).parameters.agentOptions,
		).toBe(REDACTED);
		expect(
			redactedNode(nodeWith({ agentOptions: '  [ "Password" ' })).parameters.agentOptions,
		).toBe(REDACTED);
		expect(redactedNode(nodeWith({ agentOptions: '{ "voice": ' })).parameters.agentOptions).toBe(
			'{ "voice": ',
		);
		expect(redactedNode(nodeWith({ text: 'a token, not JSON' })).parameters.text).toBe(
			'a token, not JSON',
		);
	});

	it('treats header rows as secrets under any header name, unless an expression', () => {
		const copy = redactedNode(
			nodeWith({
				headers: {
					header: [
						{ name: 'X-Api-Team', value: 'team-header-1' },
						{ name: 'X-Expr', value: '={{ $json.h }}' },
						null,
					],
				} as unknown as INodeParameters,
				echo: 'team-header-1 ={{ $json.h }}',
			}),
		);
		expect(copy.parameters.echo).toBe(`${REDACTED} ={{ $json.h }}`);
		// Rows under another collection name are not header rows.
		const other = redactedNode(
			nodeWith({ rows: { header: [{ value: 'not-a-header-1' }] }, echo: 'not-a-header-1' }),
		);
		expect(other.parameters.echo).toBe('not-a-header-1');
	});

	it('looks 20 levels deep into parameters for secret names', () => {
		const deep = nested(19, { token: 'deep-token-1' });
		expect(
			JSON.stringify(redactedNode(nodeWith({ deep, echo: 'deep-token-1' })).parameters),
		).not.toContain('deep-token-1');
		const tooDeep = nested(20, { token: 'deep-token-2' });
		expect(redactedNode(nodeWith({ tooDeep, echo: 'deep-token-2' })).parameters.echo).toBe(
			'deep-token-2',
		);
	});
});

describe('credentialSecrets', () => {
	it('collects the secret-named fields of every credential the node has, skipping those it cannot read', async () => {
		const credentials: Record<string, object> = {
			convocoreApi: { region: 'eu', secretKey: SECRET },
			convocoreTelephonyApi: { accountSid: 'AC0001', authToken: 'auth-token-1' },
		};
		const ctx = {
			getCredentials: async (type: string) => {
				if (!(type in credentials)) throw new Error(`Node does not have credential ${type}`);
				return credentials[type];
			},
		} as unknown as IExecuteFunctions;
		const found = await credentialSecrets(ctx, [
			'missingApi',
			'convocoreApi',
			'convocoreTelephonyApi',
		]);
		expect([...found]).toEqual([SECRET, 'auth-token-1']);
	});
});

describe('withoutSecrets', () => {
	type Carrier = Error & {
		node?: INode;
		description?: unknown;
		errorResponse?: unknown;
		messages?: unknown;
		context?: unknown;
		cause?: unknown;
	};

	it('returns what is not an Error untouched', () => {
		const notAnError = { message: SECRET };
		expect(withoutSecrets(notAnError, new Set([SECRET]))).toBe(notAnError);
		expect(notAnError.message).toBe(SECRET);
	});

	it('redacts the message, description, stack, answer, messages, context, node and a plain cause', () => {
		const error = new Error(`failed with ${SECRET}`) as Carrier;
		error.node = nodeWith({ echo: SECRET, password: 'p4ssw0rd!' });
		error.description = `see ${SECRET}`;
		error.errorResponse = { echoed: { header: SECRET } };
		error.messages = [`m ${SECRET}`];
		error.context = { quoted: SECRET };
		error.cause = { body: SECRET };
		expect(withoutSecrets(error, new Set([SECRET]))).toBe(error);
		expect(error.message).toBe(`failed with ${REDACTED}`);
		expect(error.description).toBe(`see ${REDACTED}`);
		expect(error.stack).not.toContain(SECRET);
		expect(error.stack).toContain(`failed with ${REDACTED}`);
		expect(error.errorResponse).toEqual({ echoed: { header: REDACTED } });
		expect(error.messages).toEqual([`m ${REDACTED}`]);
		expect(error.context).toEqual({ quoted: REDACTED });
		expect(error.cause).toEqual({ body: REDACTED });
		expect(error.node?.parameters).toEqual({ echo: REDACTED, password: REDACTED });
	});

	it('with no secrets known, still redacts the node but leaves the texts', () => {
		const error = new Error('plain message p4ssw0rd!') as Carrier;
		error.node = nodeWith({ password: 'p4ssw0rd!' });
		error.context = { keep: 'p4ssw0rd!' };
		withoutSecrets(error, new Set());
		expect(error.node.parameters).toEqual({ password: REDACTED });
		expect(error.message).toBe('plain message p4ssw0rd!');
		expect(error.context).toEqual({ keep: 'p4ssw0rd!' });
	});

	it('leaves a description that is not text, and absent fields absent', () => {
		const error = new Error(SECRET) as Carrier;
		error.description = 42;
		withoutSecrets(error, new Set([SECRET]));
		expect(error.description).toBe(42);
		expect('errorResponse' in error).toBe(false);
		expect('messages' in error).toBe(false);
		expect('cause' in error).toBe(false);
	});

	it('follows a chain of causes four links deep, and no further', () => {
		const chain = Array.from({ length: 7 }, (_, i) => new Error(`link ${i} ${SECRET}`) as Carrier);
		for (let i = 0; i < chain.length - 1; i++) chain[i].cause = chain[i + 1];
		withoutSecrets(chain[0], new Set([SECRET]));
		expect(chain.map((link) => link.message.includes(SECRET))).toEqual([
			false,
			false,
			false,
			false,
			false,
			true,
			true,
		]);
	});
});
