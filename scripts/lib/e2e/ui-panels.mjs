// What the editor test opens and what it expects there, read from the BUILT node's description
// (dist/), the one n8n loads: every resource and operation, so operations added later are
// covered without touching the test, and for each the fields that must carry an issue marker
// in a new node: the required ones shown at the node's default version whose default is empty.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

export const PACKAGE_NAME = 'n8n-nodes-convocore';
export const ACTION_TYPE = `${PACKAGE_NAME}.convocore`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.convocoreTrigger`;

function isEmpty(value) {
	if (value === undefined || value === null || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	if (typeof value === 'object' && 'mode' in value)
		return value.value === '' || value.value === undefined;
	return false;
}

/** The node's description as built, and n8n-workflow's NodeHelpers to judge what is shown. */
export function loadBuiltNode(repoRoot) {
	const { NodeHelpers } = require(join(repoRoot, 'node_modules', 'n8n-workflow'));
	const { Convocore } = require(join(repoRoot, 'dist', 'nodes', 'Convocore', 'Convocore.node.js'));
	const { ConvocoreTrigger } = require(
		join(repoRoot, 'dist', 'nodes', 'ConvocoreTrigger', 'ConvocoreTrigger.node.js'),
	);
	return {
		description: new Convocore().description,
		trigger: new ConvocoreTrigger().description,
		NodeHelpers,
	};
}

/**
 * One entry per resource and operation: the node name the test gives it ("Voice: Search"), its
 * parameters, and the display names of the fields that should show an issue marker.
 */
export function panelsOf({ description, NodeHelpers }) {
	const version = description.defaultVersion ?? Math.max(...[description.version].flat());
	const resources = description.properties.find((p) => p.name === 'resource').options;
	const panels = [];
	for (const resource of resources) {
		const operationProperty = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of operationProperty.options) {
			const parameters = { resource: resource.value, operation: operation.value };
			const node = {
				name: 'probe',
				type: ACTION_TYPE,
				typeVersion: version,
				parameters,
				position: [0, 0],
			};
			const values =
				NodeHelpers.getNodeParameters(
					description.properties,
					parameters,
					true,
					false,
					node,
					description,
				) ?? parameters;
			// A JSON field is n8n's code editor, which marks an empty required value with its own
			// lint dot, not the parameter issue marker: it is left out of the expectation.
			const requiredEmpty = description.properties
				.filter(
					(p) =>
						p.required &&
						!['notice', 'json'].includes(p.type) &&
						NodeHelpers.displayParameter(values, p, node, description),
				)
				.filter((p) => isEmpty(values[p.name]))
				.map((p) => p.displayName);
			panels.push({
				name: `${resource.name}: ${operation.name}`,
				resource: resource.value,
				operation: operation.value,
				action: operation.action,
				parameters,
				requiredEmpty: [...new Set(requiredEmpty)].sort(),
			});
		}
	}
	return { version, panels };
}

/**
 * The workflow the panels are opened in: a Manual Trigger wired to Voice > Search (the step the
 * test executes), one Convocore node per operation on a grid, and the Convocore Trigger.
 */
export function panelsWorkflow(
	{ version, panels },
	{ credential, telephonyCredential, triggerVersion, webhookId },
) {
	const manual = {
		id: 'manual',
		name: 'Manual',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [-300, 0],
		parameters: {},
	};
	const nodes = panels.map((panel, index) => ({
		id: `panel-${index}`,
		name: panel.name,
		type: ACTION_TYPE,
		typeVersion: version,
		position: [(index % 8) * 260, Math.floor(index / 8) * 220],
		parameters: panel.parameters,
		credentials: {
			convocoreApi: { id: credential.id, name: credential.name },
			...(panel.resource === 'phoneNumber' && panel.operation === 'import'
				? { convocoreTelephonyApi: { id: telephonyCredential.id, name: telephonyCredential.name } }
				: {}),
		},
	}));
	const trigger = {
		id: 'trigger',
		name: 'Convocore Trigger',
		type: TRIGGER_TYPE,
		typeVersion: triggerVersion,
		position: [-300, 400],
		webhookId,
		// One event chosen, as a user must (Events is required); the test delivers that event.
		parameters: { events: ['webhook_test'] },
		credentials: { convocoreApi: { id: credential.id, name: credential.name } },
	};
	return {
		name: 'Convocore: every panel (e2e:ui)',
		nodes: [manual, ...nodes, trigger],
		connections: { Manual: { main: [[{ node: 'Voice: Search', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
