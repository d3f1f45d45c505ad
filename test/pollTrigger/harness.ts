/**
 * Drives the Convocore Conversation Trigger the way n8n's active-workflow machinery does, with
 * n8n-core's real `PollContext` (the context n8n builds for every poll):
 *
 *  - `activate()`: the poll n8n runs when a workflow is published (activation 'activate'); n8n
 *    saves the workflow's static data right after it;
 *  - `tick()`: a scheduled poll; n8n saves the static data only when the poll emits (`__emit`),
 *    and a poll that throws is reported through `__emitError` with nothing saved;
 *  - `restart()`: a new n8n process: a new workflow and node instance over the static data as
 *    it was last saved (`persisted`), whose first poll runs at activation 'init'.
 *
 * Emitted items can also be run through n8n-core's WorkflowExecute (trigger -> No Operation).
 */
import 'reflect-metadata';
import { ExecutionLifecycleHooks, PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IHttpRequestOptions,
	IRun,
	WorkflowActivateMode,
	WorkflowExecuteMode,
	Workflow,
} from 'n8n-workflow';
import { NoOp } from 'n8n-nodes-base/dist/nodes/NoOp/NoOp.node';
import { ConvocoreConversationTrigger } from '../../nodes/ConvocoreConversationTrigger/ConvocoreConversationTrigger.node';
import {
	additionalDataFor,
	executeWorkflow,
	newWorkflow,
	node,
	outputOf,
	TestCredentialsHelper,
	TestNodeTypes,
	workflowEntity,
	type WorkflowDefinition,
} from '../harness/engine';

export const POLL_TRIGGER_TYPE = 'n8n-nodes-convocore.convocoreConversationTrigger';
export const POLL_NODE_NAME = 'Convocore Conversation Trigger';
const AFTER = 'After Trigger';

export interface PollOutcome {
	/** The items the poll handed to n8n (`__emit`), when it emitted. */
	emitted?: INodeExecutionData[];
	/** What the poll threw (n8n's `__emitError`). */
	error?: Error;
	/** The finished execution, when `execute` was asked for and the poll emitted. */
	run?: IRun;
}

export interface PollSetup {
	parameters: INodeParameters;
	credential: ICredentialDataDecryptedObject;
	/** Static data as n8n last saved it (a restart starts from it). */
	persisted?: IDataObject;
	/**
	 * Answers the node's authenticated requests in-process instead of n8n's HTTP client (the
	 * benchmark measures the node's own work per session, as the webhook trigger's is measured).
	 */
	answer?: (options: IHttpRequestOptions) => Promise<unknown>;
}

let executions = 0;

export class PollHarness {
	readonly workflow: Workflow;
	readonly node: INode;
	/** The workflow's static data as n8n last saved it to its database. */
	persisted: IDataObject;
	/** What the polls of this process told n8n's log as warnings, in order. */
	readonly warnings: string[] = [];
	private readonly definition: WorkflowDefinition;
	private readonly credentialsHelper: TestCredentialsHelper;
	private activation: WorkflowActivateMode = 'activate';

	constructor(readonly setup: PollSetup) {
		this.persisted = structuredClone(setup.persisted ?? {});
		const trigger = node(POLL_NODE_NAME, POLL_TRIGGER_TYPE, setup.parameters, {
			credentials: { convocoreApi: { id: '1', name: 'Convocore workspace' } },
		});
		this.definition = {
			name: 'Conversation trigger workflow',
			nodes: [trigger, node(AFTER, 'n8n-nodes-base.noOp', {})],
			connections: { [POLL_NODE_NAME]: { main: [[{ node: AFTER, type: 'main', index: 0 }]] } },
		};
		// A fresh node instance per process, as n8n loads the package again on restart.
		const nodeTypes = new TestNodeTypes()
			.add(POLL_TRIGGER_TYPE, new ConvocoreConversationTrigger())
			.add('n8n-nodes-base.noOp', new NoOp());
		this.workflow = newWorkflow(this.definition, nodeTypes, {
			id: 'poll-workflow',
			active: true,
			staticData: structuredClone(this.persisted),
		});
		this.node = this.workflow.getNode(POLL_NODE_NAME)!;
		this.credentialsHelper = new TestCredentialsHelper({ convocoreApi: setup.credential });
	}

	/** The node's static data as the running process holds it. */
	nodeStaticData(): IDataObject | undefined {
		return this.workflow.staticData[`node:${POLL_NODE_NAME}`] as IDataObject | undefined;
	}

	private save(): void {
		// As n8n stores it: JSON in its database.
		this.persisted = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
		delete this.persisted.__dataChanged;
	}

	private async runPoll(
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		execute: boolean,
	): Promise<PollOutcome> {
		const hooks = new ExecutionLifecycleHooks(
			mode,
			`poll-${++executions}`,
			workflowEntity(this.workflow),
		);
		const additionalData = additionalDataFor(this.credentialsHelper, hooks);
		const outcome: PollOutcome = {};
		const context = new PollContext(
			this.workflow,
			this.node,
			additionalData,
			mode,
			activation,
			(data) => {
				outcome.emitted = data[0];
				// n8n saves the static data as the execution starts.
				if (mode !== 'manual') this.save();
			},
			(error) => {
				outcome.error = error;
			},
		);
		// n8n's logger as the node sees it, keeping its warnings for the test to read (set before
		// n8n-core's own getter is first read: it then fixes the property on the context).
		const quiet = () => undefined;
		Object.defineProperty(context, 'logger', {
			value: {
				warn: (message: string) => this.warnings.push(message),
				error: quiet,
				info: quiet,
				debug: quiet,
			},
		});
		const { answer } = this.setup;
		if (answer)
			context.helpers.httpRequestWithAuthentication = async (
				_type: string,
				options: IHttpRequestOptions,
			) => await answer(options);
		const nodeType = this.workflow.nodeTypes.getByNameAndVersion(
			this.node.type,
			this.node.typeVersion,
		);
		try {
			const result = await nodeType.poll!.call(context);
			if (result !== null) context.__emit(result);
		} catch (error) {
			context.__emitError(error as Error);
		}
		if (execute && outcome.emitted) {
			outcome.run = await executeWorkflow(
				newWorkflow(this.definition, this.workflow.nodeTypes, {
					id: this.workflow.id,
					active: true,
					staticData: this.workflow.staticData,
				}),
				{
					mode: 'trigger',
					startNode: POLL_NODE_NAME,
					input: [outcome.emitted],
					credentialsHelper: this.credentialsHelper,
					executionId: `poll-run-${executions}`,
				},
			);
		}
		return outcome;
	}

	/** Publishing the workflow: the first poll, then n8n saves the static data. */
	async activate(): Promise<PollOutcome> {
		const outcome = await this.runPoll('trigger', this.activation, false);
		if (!outcome.error) this.save();
		return outcome;
	}

	/** One scheduled poll. */
	async tick({ execute = false } = {}): Promise<PollOutcome> {
		return await this.runPoll('trigger', this.activation, execute);
	}

	/** "Fetch Test Event" in the editor. */
	async manual(): Promise<PollOutcome> {
		return await this.runPoll('manual', 'manual', false);
	}

	/** A new n8n process over the saved static data; its first poll runs at activation 'init'. */
	restart(): PollHarness {
		const next = new PollHarness({ ...this.setup, persisted: this.persisted });
		next.activation = 'init';
		return next;
	}

	/** Output of the node after the trigger in a finished run. */
	static downstream(run: IRun): INodeExecutionData[] {
		return outputOf(run, AFTER);
	}
}
