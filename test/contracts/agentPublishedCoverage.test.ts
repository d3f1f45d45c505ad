/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads a fixture and the docs from disk under jest, never ships (package.json "files" is dist/ only) */
/**
 * Every field of Convocore's published agent update schema (OpenAPI 1.0.4, `PATCH /agents/{id}`)
 * is a typed field of Agent > Create, Update and Clone at the latest node version, or a deliberate
 * exclusion named in docs/agent.md with its reason. The published list is a fixture taken from
 * `openapi.json` of the public repository Moe03/convocore-mcp (commit bcfe3be), so the check runs
 * offline; the contract's lists, the model names and the enums are checked against it too.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { NodeHelpers, type INode, type INodeProperties } from 'n8n-workflow';
import { Convocore } from '../../nodes/Convocore/Convocore.node';
import { NOT_TYPED } from '../../nodes/Convocore/actions/agent/publishedGroups';
import { PUBLISHED_ENUMS } from '../../nodes/Convocore/actions/agent/publishedKinds';
import { isAgentSecretKey } from '../../nodes/shared/contracts/agent';
import { PUBLISHED_AGENT_MODELS } from '../../nodes/shared/contracts/agentModel';
import {
	PUBLISHED_CREATE_FIELDS,
	PUBLISHED_UPDATE_FIELDS,
} from '../../nodes/shared/contracts/agentPublishedFields';

interface PublishedField {
	type: 'string' | 'number' | 'boolean' | 'object' | 'array' | 'any';
	enum?: string[];
}
const published = JSON.parse(
	readFileSync(
		join(__dirname, '..', 'fixtures', 'convocore-openapi-1.0.4-agent-fields.json'),
		'utf8',
	),
) as { update: Record<string, PublishedField>; createFields: string[] };
const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'agent.md'), 'utf8');

const description = new Convocore().description;
const latest = Math.max(...(description.version as number[]));

/** The typed fields Update shows at the latest version, by name. */
function typedAtLatest(operation: string): Map<string, INodeProperties> {
	const node = { typeVersion: latest, parameters: {} } as unknown as INode;
	return new Map(
		description.properties
			.filter(
				(property) =>
					property.type === 'collection' &&
					property.name !== 'options' &&
					NodeHelpers.displayParameter(
						{ resource: 'agent', operation },
						property,
						node,
						description,
					),
			)
			.flatMap((property) => property.options as INodeProperties[])
			.map((option) => [option.name, option]),
	);
}

const EDITOR_TYPES: Record<PublishedField['type'], string[]> = {
	string: ['string', 'options'],
	number: ['number'],
	boolean: ['boolean'],
	object: ['json'],
	array: ['json'],
	any: ['json'],
};

describe('the published agent update schema, field by field', () => {
	const fields = Object.keys(published.update);
	const typed = typedAtLatest('update');

	it('is the contract: 147 update fields, 69 on create', () => {
		expect(fields).toHaveLength(147);
		expect([...PUBLISHED_UPDATE_FIELDS].sort()).toEqual([...fields].sort());
		expect([...PUBLISHED_CREATE_FIELDS].sort()).toEqual([...published.createFields].sort());
	});

	it.each(fields)(
		'%s is a typed field or a deliberate exclusion named in docs/agent.md',
		(field) => {
			if (field in NOT_TYPED) {
				expect(typed.has(field)).toBe(false);
				// Its own line in the docs: the field in backticks, then its reason.
				const line = docs.split('\n').find((text) => text.includes(`\`${field}\`:`));
				expect(line).toContain(NOT_TYPED[field].split(':')[0]);
				return;
			}
			const property = typed.get(field);
			expect(property).toBeDefined();
			expect(EDITOR_TYPES[published.update[field].type]).toContain(property?.type);
		},
	);

	it('offers the 61 published model names, and the published values of every other closed list', () => {
		const model = typed.get('vg_defaultModel');
		expect(published.update.vg_defaultModel.enum).toHaveLength(61);
		expect([...PUBLISHED_AGENT_MODELS]).toEqual(published.update.vg_defaultModel.enum);
		const values = (property?: INodeProperties) =>
			(property?.options as Array<{ value: string }>).map((option) => option.value).sort();
		expect(values(model)).toEqual([...PUBLISHED_AGENT_MODELS].sort());
		for (const [field, spec] of Object.entries(published.update).filter(
			([name, spec]) => spec.enum && name !== 'vg_defaultModel',
		)) {
			expect([...PUBLISHED_ENUMS[field]].sort()).toEqual([...(spec.enum ?? [])].sort());
			expect(values(typed.get(field))).toEqual([...(spec.enum ?? [])].sort());
		}
	});

	it('types every secret text field as a password field', () => {
		const secrets = fields.filter(
			(field) => published.update[field].type === 'string' && isAgentSecretKey(field),
		);
		expect(secrets.sort()).toEqual(
			[
				'SECRET_API_KEY',
				'VF_DIALOGUE_API_KEY',
				'VF_KB_API_KEY',
				'VF_PROJECT_API_KEY',
				'gcloudPrivateKey',
				'igAccessToken',
				'whatsappToken',
			].sort(),
		);
		for (const field of secrets) expect(typed.get(field)?.typeOptions?.password).toBe(true);
	});

	it.each(['create', 'clone'])('%s types the same fields as Update, but the title', (operation) => {
		expect([...typedAtLatest(operation).keys()].sort()).toEqual(
			[...typed.keys()].filter((field) => field !== 'title').sort(),
		);
	});
});
