import type { KnowledgeDocument } from '../domain/records';

/**
 * The seeded knowledge base: two documents of the EU White Label agent `agent-rental`, so the
 * document picker and the demo have something to show. Their ids are outside the `kb-<n>` series
 * that created documents get, so adding to the seed never shifts the ids tests expect.
 */
export const KNOWLEDGE_SEED_IDS = { faq: 'kb-seed-faq', pricing: 'kb-seed-pricing' } as const;

export function seedKnowledgeDocs(
	agentId: string,
	workspaceId: string,
	at: number,
): KnowledgeDocument[] {
	const base = { agentId, workspaceId, refreshRate: 'never' as const };
	return [
		{
			...base,
			ID: KNOWLEDGE_SEED_IDS.faq,
			name: 'Opening hours FAQ',
			sourceType: 'doc',
			content:
				'Q: When are you open?\nA: Monday to Friday, 8:00 to 18:00, and Saturday mornings.\nQ: Do you take walk-ins?\nA: Yes, before 11:00.',
			metadata: { description: 'Opening hours and walk-in policy' },
			tags: ['faq'],
			createdAt: at - 86_400_000,
			updatedAt: at - 86_400_000,
		},
		{
			...base,
			ID: KNOWLEDGE_SEED_IDS.pricing,
			name: 'Pricing page',
			sourceType: 'url',
			content:
				'# Pricing | acme-dental.example\n\nA check-up costs 60 EUR; a cleaning 90 EUR. Payment plans are available.',
			metadata: { description: 'Prices of the most asked-for treatments' },
			tags: ['pricing'],
			refreshRate: '24h',
			url: 'https://acme-dental.example/pricing',
			createdAt: at - 3_600_000,
			updatedAt: at - 3_600_000,
		},
	];
}
