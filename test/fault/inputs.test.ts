/**
 * Values an expression may hand over that slipped through before: each is refused with the
 * field, the rule and the item named, before anything is sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import {
	directSmsParameters,
	runConvocore,
	sandboxCredential,
	useSandbox,
} from '../harness/convocore';

const sandbox = useSandbox();

async function run(parameters: INodeParameters) {
	return await runConvocore(parameters, { credential: sandboxCredential(sandbox.current) });
}

function sms(overrides: INodeParameters): INodeParameters {
	return directSmsParameters('Hello', overrides);
}

describe('bad input from expressions, refused before sending', () => {
	const refused: Array<[string, INodeParameters, RegExp]> = [
		[
			'Media URLs as a number',
			sms({ additionalFields: { mediaUrls: '={{ 42 }}' } }),
			/: mediaUrls: must be a list of URLs \(or a single URL\)/,
		],
		[
			'Media URLs as an object',
			sms({ additionalFields: { mediaUrls: '={{ { url: "https://example.com/a.png" } }}' } }),
			/mediaUrls: must be a list of URLs/,
		],
		[
			'Media URLs as text that is not a URL',
			sms({ additionalFields: { mediaUrls: '={{ "picture.png" }}' } }),
			/mediaUrls\.0: must be a full URL/,
		],
		[
			'Agent Options as a JSON list',
			sms({ options: { agentOptions: '[]' } }),
			/item 0: options\.agentOptions: must be a JSON object/,
		],
		[
			'Agent Options as a JSON string',
			sms({ options: { agentOptions: '""' } }),
			/options\.agentOptions: must be a JSON object/,
		],
		[
			'Agent Options as a JSON number',
			sms({ options: { agentOptions: '5' } }),
			/options\.agentOptions: must be a JSON object/,
		],
		[
			'a voice Limit of true',
			{ resource: 'voice', operation: 'search', returnAll: false, limit: '={{ true }}' },
			/: limit: must be a number/,
		],
		[
			'a voice Limit of [5]',
			{ resource: 'voice', operation: 'search', returnAll: false, limit: '={{ [5] }}' },
			/: limit: must be a number/,
		],
		[
			'a voice Page Size of true',
			{
				resource: 'voice',
				operation: 'search',
				returnAll: true,
				options: { pageSize: '={{ true }}' },
			},
			/pageSize: must be a number/,
		],
	];

	it.each(refused)('%s', async (_name, parameters, message) => {
		const error = (await run(parameters)).error('Convocore');
		expect(error?.message).toMatch(message);
		expect(sandbox.current.count()).toBe(0);
	});

	it('a single Media URL as text is one attachment', async () => {
		const result = await run(
			sms({ additionalFields: { mediaUrls: '={{ "https://example.com/a.png" }}' } }),
		);
		expect(result.error('Convocore')).toBeUndefined();
		expect(sandbox.current.requests({ method: 'POST', path: '/sms' })[0].body).toMatchObject({
			mediaUrls: ['https://example.com/a.png'],
		});
	});

	it('empty Agent Options (empty field or {}) send no options', async () => {
		for (const agentOptions of ['', '{}']) {
			sandbox.current.reset();
			const result = await run(sms({ options: { agentOptions } }));
			expect(result.error('Convocore')).toBeUndefined();
			expect(sandbox.current.requests({ method: 'POST', path: '/sms' })[0].body).not.toHaveProperty(
				'options',
			);
		}
	});

	it('a voice Limit given as numeric text still works', async () => {
		const result = await run({
			resource: 'voice',
			operation: 'search',
			returnAll: false,
			limit: '={{ "3" }}',
		});
		expect(result.items()).toHaveLength(3);
	});
});
