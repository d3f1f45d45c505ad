import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { addSecret } from '../../../shared/secrets';
import { compact } from '../../helpers/parameters';
import { listFrom } from '../../helpers/listField';
import type { Show } from '../../descriptions/displayOptions';
import { emptyToUndefined } from './common';

/**
 * Crawler Job > Create's Webhook: the field, its reading into the request body, and the values in
 * it (secret, bearer token, header values) that must never appear in an output or an error.
 */

export function webhookProperty(show: Show): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhook',
		type: 'collection',
		placeholder: 'Add Webhook Field',
		default: {},
		description: 'Where the job posts its events while it runs. Set a URL to use it.',
		displayOptions: { show },
		options: [
			{
				displayName: 'Bearer Token',
				name: 'bearerToken',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'Sent as "Authorization: Bearer …" with every post, so the receiver can check it. Never shown in any output.',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: [
					{ name: 'Job Completed', value: 'job_completed' },
					{ name: 'Job Failed', value: 'job_failed' },
					{ name: 'Page Scraped', value: 'page_scraped' },
				],
				default: [],
				description: 'Which events to post; none chosen means every event',
			},
			{
				displayName: 'Headers',
				name: 'headers',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Header',
				default: {},
				options: [
					{
						displayName: 'Header',
						name: 'header',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '' },
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								typeOptions: { password: true },
								default: '',
							},
						],
					},
				],
			},
			{
				displayName: 'Secret',
				name: 'secret',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'A shared secret the job sends with every post. Never shown in any output.',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/webhooks/crawler',
				description: 'The http(s) URL that receives the posts',
			},
		],
	};
}

/** Header rows as `{ name: value }`; rows without a name are left out. */
function readHeaders(value: unknown): unknown {
	const rows = (value as { header?: Array<{ name?: unknown; value?: unknown }> } | undefined)
		?.header;
	if (!Array.isArray(rows) || rows.length === 0) return undefined;
	return Object.fromEntries(
		rows
			.filter((row) => typeof row.name === 'string' && row.name.trim())
			.map((row) => [(row.name as string).trim(), row.value ?? '']),
	);
}

/** The body's `webhook` from the collection as stored, or undefined when nothing is set (for the contract to judge). */
export function readWebhook(value: IDataObject): IDataObject | undefined {
	const webhook = compact({
		url: value.url,
		events: listFrom(value.events),
		secret: emptyToUndefined(value.secret),
		bearerToken: emptyToUndefined(value.bearerToken),
		headers: readHeaders(value.headers),
	});
	return Object.keys(webhook).length ? (webhook as IDataObject) : undefined;
}

/** The webhook's secret, token and header values: never in any output. */
export function webhookSecrets(webhook: unknown): Set<string> {
	const secrets = new Set<string>();
	if (typeof webhook !== 'object' || webhook === null) return secrets;
	const { secret, bearerToken, headers } = webhook as {
		secret?: unknown;
		bearerToken?: unknown;
		headers?: unknown;
	};
	addSecret(secrets, secret);
	addSecret(secrets, bearerToken);
	if (typeof headers === 'object' && headers !== null)
		for (const value of Object.values(headers)) addSecret(secrets, value);
	return secrets;
}
