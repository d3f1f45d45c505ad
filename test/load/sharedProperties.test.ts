/**
 * The node writes each property that several operations of a resource describe alike once,
 * shown for all of them (nodes/Convocore/descriptions/resourceOperation.ts), so that n8n reads a smaller
 * description at every start. This proves the editor and stored workflows see exactly what they
 * saw with one copy per operation: for every resource, operation and node version, the fields
 * shown (in order, each with its other display conditions) and the parameters n8n resolves are
 * the same as with the description written operation by operation.
 */
import {
	NodeHelpers,
	type INodeParameters,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { RESOURCES } from '../../nodes/Convocore/actions';

const node = new Convocore();
const merged = node.description;
/** The description as it was written before: every operation's properties, one after the other. */
const perOperation: INodeTypeDescription = {
	...merged,
	properties: [
		...merged.properties.filter((property) => !property.displayOptions?.show?.operation),
		...RESOURCES.flatMap((resource) =>
			resource.operations.flatMap((entry) => entry.operation.description),
		),
	],
};
const VERSIONS = [merged.version].flat();
/** The display-condition keys a context fixes; every other condition is compared as written. */
const CONTEXT_KEYS = ['resource', 'operation', '@version'];

type Conditions = Record<string, unknown> | undefined;
const pick = (conditions: Conditions, keep: boolean) =>
	conditions &&
	Object.fromEntries(
		Object.entries(conditions).filter(([key]) => CONTEXT_KEYS.includes(key) === keep),
	);

/**
 * The properties n8n shows for the context, in order: their display conditions on resource,
 * operation and version decided by n8n itself, every other part of each property as it is.
 */
function shownFor(description: INodeTypeDescription, values: INodeParameters, typeVersion: number) {
	return description.properties
		.filter((property) => {
			const { show, hide } = property.displayOptions ?? {};
			const contextOnly = {
				...property,
				displayOptions: { show: pick(show, true), hide: pick(hide, true) },
			} as INodeProperties;
			return NodeHelpers.displayParameter(values, contextOnly, { typeVersion }, description);
		})
		.map(({ displayOptions, ...rest }) => ({
			...rest,
			show: pick(displayOptions?.show, false),
			hide: pick(displayOptions?.hide, false),
		}));
}

const contexts = RESOURCES.flatMap((resource) =>
	resource.operations.flatMap((entry) =>
		VERSIONS.map((version) => ({ resource: resource.value, operation: entry.value, version })),
	),
);

describe('shared operation properties: what n8n resolves is unchanged', () => {
	it('the description has fewer properties than one copy per operation', () => {
		expect(merged.properties.length).toBeLessThan(perOperation.properties.length);
	});

	it.each(contexts)(
		'$resource > $operation, version $version: the same fields in the same order',
		({ resource, operation, version }) => {
			const values = { resource, operation };
			const before = shownFor(perOperation, values, version);
			expect(before.length).toBeGreaterThan(1);
			expect(shownFor(merged, values, version)).toEqual(before);
		},
	);

	it.each(contexts)(
		'$resource > $operation, version $version: the same parameters and defaults',
		({ resource, operation, version }) => {
			const resolve = (description: INodeTypeDescription) =>
				NodeHelpers.getNodeParameters(
					description.properties,
					{ resource, operation },
					true,
					false,
					{ typeVersion: version },
					description,
				);
			// As JSON text: the key order (the order stored workflows and the editor list them) counts too.
			expect(JSON.stringify(resolve(merged))).toBe(JSON.stringify(resolve(perOperation)));
		},
	);
});
