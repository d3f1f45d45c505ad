import type { INodeProperties } from 'n8n-workflow';
import { FIXED_CONCURRENCY, MAX_CONCURRENCY } from '../helpers/concurrency';
import { TIMEOUT_SECONDS } from '../helpers/parameters';
import { updateDisplayOptions, type Show } from './displayOptions';

/** The Timeout entry of every operation's Options (stored in seconds; absent means the default). */
export function timeoutOption(): INodeProperties {
	return {
		displayName: 'Timeout (Seconds)',
		name: 'timeout',
		type: 'number',
		typeOptions: {
			minValue: TIMEOUT_SECONDS.min,
			maxValue: TIMEOUT_SECONDS.max,
			numberPrecision: 1,
		},
		default: 60,
		description: `Longest time, in seconds, one item's request may take, retries and the waits between them included (${TIMEOUT_SECONDS.min} to ${TIMEOUT_SECONDS.max}). When it passes the item fails; a change that may have reached Convocore is not sent again.`,
	};
}

/** The Options collection of an operation shown under `show`; `options` sorted by display name. */
export function optionsCollection(show: Show, options: INodeProperties[]): INodeProperties {
	return collectionOfOptions(options, show);
}

/** The Options collection of a node without resources (a trigger): always shown. */
export function triggerOptions(options: INodeProperties[]): INodeProperties {
	return collectionOfOptions(options);
}

function collectionOfOptions(options: INodeProperties[], show?: Show): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		...(show ? { displayOptions: { show } } : {}),
		options,
	};
}

/** An Options collection holding only Timeout, for operations that have no other option. */
export function timeoutOnlyOptions(show: Show): INodeProperties {
	return optionsCollection(show, [timeoutOption()]);
}

/**
 * Return All and Limit in n8n's standard shapes, for a list operation shown under `show` (Limit
 * only while Return All is off). Shared by the voice and custom metric listings.
 */
export function returnAllAndLimit(show: Show): INodeProperties[] {
	return updateDisplayOptions({ show }, [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	]);
}

/** Simplify, on by default, for a Get or Get Many shown under `show`. */
export function simplifyProperty(show: Show, what: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the fields a workflow usually needs instead of the full ${what}`,
		displayOptions: { show },
	};
}

/** Concurrency and Max Concurrency, for an operation's Options collection (n8n sorts them by name there). */
export function concurrencyOptions(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: FIXED_CONCURRENCY.max },
			default: 5,
			description: `Exactly how many ${what} are sent at the same time. Leave it out to let the node find the fastest number the API takes (see Max Concurrency). Output order always follows input order.`,
		},
		{
			displayName: 'Max Concurrency',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY.max },
			default: 50,
			description: `Without Concurrency, the node starts with up to this many ${what} at a time and sends fewer when Convocore answers 429 or slows down (after a 429 it keeps to the rate Convocore showed it takes); never more than this. Output order always follows input order.`,
		},
	];
}
