import type { INodeExecutionData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { RequestScope } from '../transport/retries';

/**
 * One operation of the Convocore node. Each lives in its own file with its description and its
 * execute. Work is split in two so that no request leaves before every item is known to be valid:
 * `prepare` reads and validates one item's parameters without any I/O, and `execute` sends.
 */
export interface ConvocoreOperation<Plan = unknown> {
	description: INodeProperties[];
	/**
	 * A fixed number of items in flight unless the user sets Options > Concurrency (1 for
	 * operations that must not run in parallel); without it the number adapts.
	 */
	defaultConcurrency?: number;
	/** Options > Timeout's default, in seconds, where it is not 60 (Send Message: 120, as the public interact client). */
	defaultTimeoutSeconds?: number;
	/**
	 * false: the adaptive limit sends its first window at the ceiling without the probe for a rate
	 * limit (AdaptiveLimit's probeAfterFirstWindow): an interact turn is never answered 429, and
	 * halving the window for a probe would only cost a round trip of turns that take seconds.
	 */
	probeFirstWindow?: boolean;
	prepare(this: IExecuteFunctions, itemIndex: number): Plan | Promise<Plan>;
	execute(this: IExecuteFunctions, plan: Plan, scope: ItemScope): Promise<INodeExecutionData[]>;
	/**
	 * For operations that send many items in one request (Lead > Import): called once with every
	 * valid item instead of `execute` per item; returns each item's outputs by item index.
	 */
	executeBatch?(
		this: IExecuteFunctions,
		items: Array<BatchEntry<Plan>>,
		continueOnFail: boolean,
	): Promise<Map<number, INodeExecutionData[]>>;
}

/** One valid item handed to executeBatch: its index, plan and Options > Timeout. */
export interface BatchEntry<Plan> {
	itemIndex: number;
	plan: Plan;
	timeoutMs: number;
}

/**
 * What one item's execute gets: its index, gate and deadline for each request, and `freeSlot`
 * for an item that waits on something after its requests (see ItemGate.freeSlot).
 */
export type ItemScope = Required<Pick<RequestScope, 'gate'>> &
	RequestScope & { freeSlot?: () => void };

/** A resource of the Convocore node and its operations, as the node's menus and router see them. */
export interface ResourceDefinition {
	name: string;
	value: string;
	description: string;
	operations: OperationEntry[];
	/**
	 * The Operation's default when it is not the first in the menu: saved workflows leave out a
	 * parameter at its default, so a default once shipped never changes.
	 */
	defaultOperation?: string;
}

export interface OperationEntry {
	/** The stored workflow-JSON value: keep stable. */
	value: string;
	name: string;
	/** The action label in n8n's node panel, e.g. "Send an SMS". */
	action: string;
	description: string;
	operation: ConvocoreOperation<unknown>;
}
